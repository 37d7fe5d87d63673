import type { StatementCache } from '../store/statementCache'

/** A component with the item fields the detail response shows. */
export interface BundleDetailRow {
  id: number
  item_id: number
  quantity: string
  item_code: string
  item_name: string
}

export function detailsOfBundle(statements: StatementCache, bundleId: number): BundleDetailRow[] {
  return statements
    .get<[number], BundleDetailRow>(
      `SELECT d.id, d.item_id, d.quantity, i.code AS item_code, i.name AS item_name
       FROM bundle_details d JOIN items i ON i.id = d.item_id
       WHERE d.bundle_id = ? ORDER BY d.id`,
    )
    .all(bundleId)
}
