import type { StatementCache } from '../store/statementCache'

export interface DynamicItem {
  item_id: number
  code: string
  name: string
  /** Sum over the item's lots at the agency, net of earmarks like lot_stocks.available. */
  available: number
}

/**
 * The active items of a category with stock above zero at an agency: what a
 * dynamic bundle may be made of there. Ordered by code, as a picker shows them.
 */
export function dynamicItemsWithStock(statements: StatementCache, entityId: number, categoryId: number, agencyId: number): DynamicItem[] {
  const rows = statements
    .get<[number, number, number], DynamicItem>(
      `SELECT i.id AS item_id, i.code, i.name, SUM(s.available) AS available
       FROM items i
       JOIN lots l ON l.item_id = i.id
       JOIN lot_stocks s ON s.lot_id = l.id AND s.agency_id = ?
       WHERE i.entity_id = ? AND i.item_category_id = ? AND i.active = 1
       GROUP BY i.id
       HAVING SUM(s.available) > 0
       ORDER BY i.code`,
    )
    .all(agencyId, entityId, categoryId)
  // Sums of fractional stock pick up float noise (0.1 + 0.2); the service's decimals would not.
  for (const row of rows) row.available = Math.round(row.available * 1e6) / 1e6
  return rows
}
