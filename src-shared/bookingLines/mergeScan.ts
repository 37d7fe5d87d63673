/**
 * A repeated scan adds to its line instead of making a new one: the same item outside any bundle, or from
 * the same bundle. A line with a serial number is one unit of its own and never takes more.
 */
export interface MergeableLine {
  itemId: number
  bundleId: number | null
  /** '' or null when the line has none. */
  serialNumber: string | null
}

export function mergeTarget<L extends MergeableLine>(lines: readonly L[], itemId: number, bundleId: number | null): L | undefined {
  return lines.find((l) => l.itemId === itemId && l.bundleId === bundleId && !l.serialNumber)
}
