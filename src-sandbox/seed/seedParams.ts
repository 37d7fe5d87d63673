export type SandboxScale = 'small' | 'large' | 'million'

export const sandboxScales: readonly SandboxScale[] = ['small', 'large', 'million']

export interface SeedParams {
  seed: number
  scale: SandboxScale
}

/**
 * How many items each entity gets: the large and million scales grow only the first entity, for the benchmarks
 * (million: 20,000 items stocked in each of 50 agencies, 1,000,000 rows of stock by item and agency).
 */
export function itemCountFor(scale: SandboxScale, entityIndex: number): number {
  if (scale === 'large' && entityIndex === 0) return 50_000
  if (scale === 'million' && entityIndex === 0) return 20_000
  return 300
}

/** How many bundles each entity gets: like items, only the first entity grows (two bundles an item, as at the large scale). */
export function bundleCountFor(scale: SandboxScale, entityIndex: number): number {
  if (scale === 'large' && entityIndex === 0) return 100_000
  if (scale === 'million' && entityIndex === 0) return 40_000
  return 250
}

/** How many agencies the million scale adds to the first entity, so that it has 50 active ones. */
export function addedAgencyCountFor(scale: SandboxScale, entityIndex: number): number {
  return scale === 'million' && entityIndex === 0 ? 46 : 0
}

/** Whether every lot is stocked in every active agency of its entity (else about 70 % of them, drawn). */
export function stocksEveryAgency(scale: SandboxScale, entityIndex: number): boolean {
  return scale === 'million' && entityIndex === 0
}
