import type { Sqlite } from '@base/sqlite'
import { plannedStock, type EntityBookingPlan } from './bookingPlan'
import { itemIdBase } from './seedCatalogue'

/** The ids of the items whose stock the bookings seed sets (bookingFacts names them). */
export function factItemIds(plan: EntityBookingPlan, entityIndex: number) {
  const id = (zid: number) => itemIdBase(entityIndex) + zid - 1
  return { stocked: id(plan.stockedZid), lastUnit: id(plan.lastUnitZid), multiLot: id(plan.multiLotZid) }
}

/**
 * Sets the stock of the fact items at the demo agency to known values, at any
 * seed: each is made active; the stocked item's first lot (by expiry) gets
 * 120, the last-unit item's first lot 1, the multi-lot item's lots 6 and 30;
 * every other lot of theirs there gets 0. Nothing is earmarked on them.
 * Their dated lots expire years from now (in the same order), so the
 * counter's default lot — never an expired one — is the one the facts name
 * on any day a test runs until then.
 */
export function seedFactStock(db: Sqlite, plan: EntityBookingPlan, entityIndex: number): void {
  const items = factItemIds(plan, entityIndex)
  const lotsOf = db.prepare<[number], number>('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id').pluck()
  const activate = db.prepare('UPDATE items SET active = 1 WHERE id = ?')
  const postpone = db.prepare('UPDATE lots SET expires = ? WHERE id = ? AND expires IS NOT NULL')
  const upsert = db.prepare(
    `INSERT INTO lot_stocks (entity_id, lot_id, agency_id, available, booked) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (lot_id, agency_id) DO UPDATE SET available = excluded.available, booked = 0`,
  )
  const quantities: [number, readonly number[]][] = [
    [items.stocked, [plannedStock.stocked]],
    [items.lastUnit, [plannedStock.lastUnit]],
    [items.multiLot, plannedStock.multiLot],
  ]
  for (const [itemId, perLot] of quantities) {
    activate.run(itemId)
    const lots = lotsOf.all(itemId)
    lots.forEach((lotId, i) => {
      postpone.run(new Date(Date.UTC(2031, 0, 15 + 30 * i)).toISOString().slice(0, 10), lotId)
      upsert.run(plan.entityId, lotId, plan.origin, perLot[i] ?? 0)
    })
  }
}
