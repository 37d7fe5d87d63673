export type SandboxScale = 'small' | 'large'

export interface SeedParams {
  seed: number
  scale: SandboxScale
}

/** How many items each entity gets: the large scale grows only the first entity, for the benchmarks. */
export function itemCountFor(scale: SandboxScale, entityIndex: number): number {
  if (scale === 'large' && entityIndex === 0) return 50_000
  return 300
}

/** How many bundles each entity gets: like items, only the first entity grows at the large scale. */
export function bundleCountFor(scale: SandboxScale, entityIndex: number): number {
  if (scale === 'large' && entityIndex === 0) return 100_000
  return 250
}
