import type { Sqlite } from '@base/sqlite'
import type { StockedLine } from './stockedLines'

/**
 * The first static bundle (from zid 4: the showcase ones keep their roles)
 * whose every component an agency has in stock twice over, expanded into
 * booking lines ("bundles chosen in a booking are expanded into their
 * components"), each on the first lot by expiry that covers it. Undefined
 * when no bundle qualifies.
 */
export function bundleInStock(
  db: Sqlite,
  entityId: number,
  agencyId: number,
  excluded: ReadonlySet<number>,
): { bundleId: number; lines: StockedLine[] } | undefined {
  const bundles = db
    .prepare<[number], number>(
      'SELECT id FROM bundles WHERE entity_id = ? AND category_bundle = 0 AND active = 1 AND bundle_details_count > 0 AND zid BETWEEN 4 AND 250 ORDER BY zid',
    )
    .pluck()
    .all(entityId)
  const components = db
    .prepare<[number], [number, string]>('SELECT item_id, quantity FROM bundle_details WHERE bundle_id = ? ORDER BY id')
    .raw()
  const lotFor = db
    .prepare<[number, number, number], number>(
      // CROSS JOIN: from the item's few lots to their stock, never through the agency's many stock rows.
      `SELECT l.id FROM lots l CROSS JOIN lot_stocks s ON s.lot_id = l.id AND s.agency_id = ?
       WHERE l.item_id = ? AND s.available >= 2 * ? ORDER BY l.expires IS NULL, l.expires, l.id LIMIT 1`,
    )
    .pluck()
  for (const bundleId of bundles) {
    const lines: StockedLine[] = []
    for (const [itemId, quantity] of components.all(bundleId)) {
      const lotId = excluded.has(itemId) ? undefined : lotFor.get(agencyId, itemId, Number(quantity))
      if (lotId === undefined) break
      lines.push({ itemId, lotId, quantity })
    }
    if (lines.length > 0 && lines.length === components.all(bundleId).length) return { bundleId, lines }
  }
  return undefined
}
