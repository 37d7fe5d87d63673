/**
 * Where each bundle table's ids start. A range per table and per entity, like
 * the items', so an id used in the wrong place finds nothing and growing one
 * entity leaves the other's ids alone.
 */
export function bundleIdBase(entityIndex: number): number {
  return 3_000_000 + 1_000_000 * entityIndex + 1
}

export function bundleDetailIdBase(entityIndex: number): number {
  return 30_000_000 + 10_000_000 * entityIndex + 1
}

export function bundleTaggingIdBase(entityIndex: number): number {
  return 70_000_000 + 10_000_000 * entityIndex + 1
}

/** Tags of both entities share one small range. */
export const tagIdBase = 601

export const shipmentIdBase = 60_001
export const movementIdBase = 50_000_001
