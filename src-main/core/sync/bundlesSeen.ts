/**
 * A bundle stamped later than the service's clock now by more than this was stamped by a clock set wrong: kept as the
 * newest seen, it would put every change after it before the next routine pull's "since" until that time came.
 */
const FUTURE_MARGIN_MS = 60 * 60_000

/**
 * The newest bundle `updated_at` a pull has read (from `from`, the mark it started with), leaving out any past the
 * service's time now (as measured; else this computer's) and the margin.
 */
export function newestSeen(now: Date, serviceOffsetMs: number | null, from: string | null = null) {
  const notAfter = new Date(now.getTime() + (serviceOffsetMs ?? 0) + FUTURE_MARGIN_MS).toISOString()
  let newest = from
  return {
    see(updatedAt: string | null): void {
      if (updatedAt !== null && updatedAt <= notAfter && (newest === null || updatedAt > newest)) newest = updatedAt
    },
    get newest(): string | null {
      return newest
    },
  }
}
