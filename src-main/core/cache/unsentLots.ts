import { z } from 'zod'
import type { Sqlite } from '@base/sqlite'
import { preparedOnce } from './preparedStatements'

/**
 * What this computer has booked of each lot at an agency that the service has not confirmed yet, as
 * migration 5's `unsent_booked` counts items (same bookings: not confirmed, not deleted, not drafts).
 * Summed from the bookings themselves: asked only for items that have an unsent figure, a handful of rows.
 */
const row = z.object({ lot_id: z.number().int(), micro: z.number() })

const unsentLotRows = preparedOnce(
  `SELECT json_extract(l.value, '$.lot_id') AS lot_id,
            SUM(CAST(ROUND(CAST(json_extract(l.value, '$.booked_quantity') AS REAL) * 1000000) AS INTEGER)) AS micro
       FROM bookings b, json_each(b.lines) l
      WHERE b.agency_from_id = ? AND b.service_id IS NULL AND b.deleted = 0 AND b.state != 'draft'
        AND json_extract(l.value, '$.lot_id') IS NOT NULL
        AND json_extract(l.value, '$.item_id') IN (SELECT value FROM json_each(?))
      GROUP BY 1`,
)

export function unsentByLot(db: Sqlite, agencyId: number, itemIds: readonly number[]): Map<number, number> {
  if (itemIds.length === 0) return new Map()
  const rows = z.array(row).parse(unsentLotRows(db).all(agencyId, JSON.stringify(itemIds)))
  return new Map(rows.map((r) => [r.lot_id, r.micro / 1e6]))
}
