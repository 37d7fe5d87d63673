import { z } from 'zod'
import type { Sqlite } from '@base/sqlite'
import { preparedOnce } from './preparedStatements'

/**
 * A booking's row as the entity cache keeps it (its column names), carried outside the cache: by the
 * unsent journal (sync/outbox/unsentJournal.ts) and by `outbox export`. Read back through this schema,
 * never cast, since a journal outlives versions and an export file comes from another computer.
 */
const int = z.number().int()
const flag = z.union([z.literal(0), z.literal(1)])

export const storedBookingRow = z.object({
  local_id: z.string().min(1).max(100),
  service_id: int.nullable(),
  agency_from_id: int,
  agency_to_id: int,
  planned_delivery: z.string(),
  reference: z.string().nullable(),
  needs_transport: flag,
  transfer_request_id: int.nullable().default(null),
  /** The lines' JSON, as bookings.lines holds it (storedLines.ts reads it). */
  lines: z.string(),
  shipped: flag.default(0),
  delivered: flag.default(0),
  deleted: flag.default(0),
  lock_version: int.nullable().default(null),
  shipped_at: z.string().nullable().default(null),
  delivered_at: z.string().nullable().default(null),
  booker_id: int.nullable().default(null),
  origin: z.enum(['here', 'service']).default('here'),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StoredBookingRow = z.output<typeof storedBookingRow>

const readRow = preparedOnce<[string]>('SELECT * FROM bookings WHERE local_id = ?')

/** The row of a booking as JSON text, or null when it is not here (asked at every save: prepared once per file). */
export function bookingRowText(db: Sqlite, localId: string): string | null {
  const row = readRow(db).get(localId)
  return row === undefined ? null : JSON.stringify(row)
}

/** A row read back from JSON text; null when it does not read as one. */
export function parseBookingRow(text: string | null | undefined): StoredBookingRow | null {
  if (!text) return null
  try {
    const parsed = storedBookingRow.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Puts a carried booking back into a cache, as waiting to be sent ('pending'). A booking already here
 * (the same local id, or the same booking of the service under another local id) is kept as it is;
 * returns the local id its entries belong to here.
 */
export function restoreBookingRow(db: Sqlite, row: StoredBookingRow): string {
  const same = db.prepare<[string], { local_id: string }>('SELECT local_id FROM bookings WHERE local_id = ?').get(row.local_id)
  if (same) return same.local_id
  if (row.service_id !== null) {
    const theirs = db.prepare<[number], { local_id: string }>('SELECT local_id FROM bookings WHERE service_id = ?').get(row.service_id)
    if (theirs) return theirs.local_id
  }
  db.prepare(
    `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
       transfer_request_id, lines, shipped, delivered, deleted, lock_version, shipped_at, delivered_at, booker_id, origin, created_at, updated_at)
     VALUES (@local_id, @service_id, 'pending', @agency_from_id, @agency_to_id, @planned_delivery, @reference, @needs_transport,
       @transfer_request_id, @lines, @shipped, @delivered, @deleted, @lock_version, @shipped_at, @delivered_at, @booker_id, @origin, @created_at, @updated_at)`,
  ).run(row)
  return row.local_id
}
