import type { SeenBundle } from '../cache/catalogueMarks'

/**
 * A bundle is saved in a transaction stamped when it began; one that commits late may carry an
 * `updated_at` older than a bundle already read. A routine pull asks again from this much before the
 * newest time seen to catch it; the bundles read within it are remembered, so it is not read twice.
 */
export const CHANGE_MARGIN_MS = 10 * 60_000

/** The time a pull asks for the bundles changed since: the newest `updated_at` seen, less the margin. */
export const changedSince = (newest: string): string => new Date(Date.parse(newest) - CHANGE_MARGIN_MS).toISOString()

/**
 * A bundle stamped later than the service's clock now by more than this was stamped by a clock set wrong: kept as the
 * newest seen, it would put every change after it before the next routine pull's "since" until that time came.
 */
const FUTURE_MARGIN_MS = 60 * 60_000

/** Bundles remembered before those outside the margin are let go (a full pull sees every bundle). */
const KEPT_BEFORE_PRUNING = 4096

/**
 * The newest bundle `updated_at` a pull has read (from `from`, the mark it started with), leaving out any past the
 * service's time now (as measured; else this computer's) and the margin; and the bundles read within the margin
 * before it, each as stamped when read (from `edge`, those the mark's pull read).
 */
export function newestSeen(now: Date, serviceOffsetMs: number | null, from: string | null = null, edge: readonly SeenBundle[] = []) {
  const notAfter = new Date(now.getTime() + (serviceOffsetMs ?? 0) + FUTURE_MARGIN_MS).toISOString()
  let newest = from
  const read = new Map<number, string>(edge)
  let pruneAt = KEPT_BEFORE_PRUNING
  const prune = () => {
    const least = Date.parse(newest ?? '') - CHANGE_MARGIN_MS
    for (const [id, at] of read) if (!(Date.parse(at) >= least)) read.delete(id)
    pruneAt = Math.max(KEPT_BEFORE_PRUNING, read.size * 2)
  }
  return {
    see(updatedAt: string | null, id: number): void {
      if (updatedAt === null || updatedAt > notAfter) return
      if (newest === null || updatedAt > newest) newest = updatedAt
      read.set(id, updatedAt)
      if (read.size >= pruneAt) prune()
    },
    /** Whether the bundle was read as stamped now: the margin asks for it again, and it has not changed. */
    readAsIs(id: number, updatedAt: string | null): boolean {
      return updatedAt !== null && read.get(id) === updatedAt
    },
    get newest(): string | null {
      return newest
    },
    /** The bundles read within the margin before the newest, as stamped when read. */
    get edge(): SeenBundle[] {
      prune()
      return [...read]
    },
  }
}
