import type { Sqlite } from '@base/sqlite'
import type { Prng } from '../prng'

export interface StockedLine {
  itemId: number
  lotId: number
  quantity: string
}

/**
 * Picks booking and request lines among items an agency has in stock, so
 * the seeded earmarks never exceed what is there. Only the entity's first 300
 * items are candidates, which both scales share, and the items whose stock
 * the facts name are left alone. Reads the stock afresh on every pick: the
 * seeder earmarks as it goes.
 */
export class StockedLinePicker {
  private readonly candidates

  constructor(
    db: Sqlite,
    private readonly entityId: number,
    private readonly excluded: ReadonlySet<number>,
  ) {
    this.candidates = db.prepare<[number, number], { itemId: number; lotId: number; available: number }>(
      // CROSS JOIN keeps SQLite from starting at the agency's (large-scale: 100,000s) stock rows.
      `SELECT i.id AS itemId, s.lot_id AS lotId, s.available FROM items i
       CROSS JOIN lots l ON l.item_id = i.id
       CROSS JOIN lot_stocks s ON s.lot_id = l.id AND s.agency_id = ?
       WHERE i.entity_id = ? AND i.zid <= 300 AND i.active = 1 AND s.available >= 4
       ORDER BY i.id, l.expires IS NULL, l.expires, l.id`,
    )
  }

  pick(prng: Prng, agencyId: number, count: number): StockedLine[] {
    const rows = this.candidates.all(agencyId, this.entityId)
    // One lot per item: the first by expiry, the one a clerk's form would default to.
    const byItem = new Map<number, { lotId: number; available: number }>()
    for (const r of rows) if (!this.excluded.has(r.itemId) && !byItem.has(r.itemId)) byItem.set(r.itemId, r)
    const items = [...byItem.keys()]
    const lines: StockedLine[] = []
    while (lines.length < count && items.length > 0) {
      const itemId = items.splice(prng.int(0, items.length - 1), 1)[0]!
      const { lotId, available } = byItem.get(itemId)!
      lines.push({ itemId, lotId, quantity: `${prng.int(1, Math.min(10, Math.floor(available / 2)))}.0` })
    }
    return lines
  }
}
