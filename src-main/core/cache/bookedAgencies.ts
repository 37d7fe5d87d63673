import type { Sqlite } from '@base/sqlite'

/** How far back a booking's agencies count as ones this station works with. */
const RECENT_DAYS = 30

/**
 * The agencies this station's bookings of the last month go from or to: the counter and dispatch show
 * their stock, so a routine pull reads it beside the station's own. A booking's `updated_at` is this
 * computer's clock when it was written, so a clock gone fast since would age every booking: the month is
 * counted back from the earlier of this clock and the service's (`serviceOffsetMs`, if measured).
 */
export function bookedAgencies(db: Sqlite, now: Date, serviceOffsetMs: number | null): number[] {
  const since = new Date(now.getTime() + Math.min(0, serviceOffsetMs ?? 0) - RECENT_DAYS * 86_400_000).toISOString()
  return db
    .prepare<[string, string], number>(
      `SELECT agency_from_id FROM bookings WHERE updated_at >= ?
       UNION SELECT agency_to_id FROM bookings WHERE updated_at >= ? AND agency_to_id IS NOT NULL`,
    )
    .pluck()
    .all(since, since)
}
