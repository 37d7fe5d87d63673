import type { Sqlite } from '@base/sqlite'
import { bundleFacts } from './bundleFacts'
import { entitySeeds } from './organisationData'

/**
 * Withdraws from sale one item of each entity's dynamic bundle category, kept with stock at the demo
 * agency: the counter's picker then lists a choice it must refuse (the service's own list leaves it out).
 * At seed 1 the item already is one of that category's stocked items that nothing else refers to; at
 * another seed it is moved into the category and given stock there. Runs last, without a draw of its
 * own, so the rest of the seed stays as it was.
 */
export function seedWithdrawnChoice(db: Sqlite): void {
  const withdraw = db.prepare('UPDATE items SET active = 0, item_category_id = ? WHERE id = ?')
  const stockAt = db
    .prepare(
      `SELECT COALESCE(SUM(s.available), 0) FROM lot_stocks s JOIN lots l ON l.id = s.lot_id
       WHERE l.item_id = ? AND s.agency_id = ?`,
    )
    .pluck()
  const firstLot = db.prepare('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id LIMIT 1').pluck()
  const stock = db.prepare(
    `INSERT INTO lot_stocks (entity_id, lot_id, agency_id, available, booked) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (lot_id, agency_id) DO UPDATE SET available = excluded.available, booked = 0`,
  )
  for (const entity of entitySeeds) {
    const facts = bundleFacts[entity.id as keyof typeof bundleFacts]
    if (!facts) continue
    const { id } = facts.dynamic.withdrawnChoice
    withdraw.run(facts.dynamic.itemCategoryId, id)
    const lot = firstLot.get(id)
    if (Number(stockAt.get(id, facts.agencyWithStock)) <= 0 && typeof lot === 'number') stock.run(entity.id, lot, facts.agencyWithStock, 25)
  }
}
