/**
 * A bundle stamped later than the service's clock now by more than this was stamped by a clock set wrong: kept as the
 * newest seen, it would put every change after it before the next routine pull's "since" until that time came.
 */
const FUTURE_MARGIN_MS = 60 * 60_000

/** The latest `updated_at` a pull keeps as seen: the service's time now (as measured; else this computer's), and a margin. */
export function seenNotAfter(now: Date, serviceOffsetMs: number | null): string {
  return new Date(now.getTime() + (serviceOffsetMs ?? 0) + FUTURE_MARGIN_MS).toISOString()
}
