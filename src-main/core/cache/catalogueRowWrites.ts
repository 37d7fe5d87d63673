import { unknownRestColumns } from '../api/bundleColumnsRest'
import { graphqlBundleFields, type PulledBundle, type PulledItem } from '../api/catalogueGraphql'
import type { ServiceBundle } from '../api/bundlesApi'
import type { Sqlite } from '@base/sqlite'

/**
 * The catalogue's rows as the pulls and an online edit write them: one place for each table's column order, so the
 * full pull's staged tables, the routine pull's changes and a single bundle's update write the same rows.
 */

/** Values of a bundles row, in column order (shared by the pull and single updates). */
export function bundleRowValues(b: PulledBundle | ServiceBundle): unknown[] {
  return [
    b.id,
    b.code,
    b.name,
    b.ean13,
    b.active ? 1 : 0,
    b.category_bundle ? 1 : 0,
    b.item_category_id,
    b.bundle_details_count,
    JSON.stringify(b.tags),
  ]
}

/** The whole record as JSON. A pulled bundle has no image objects (GraphQL reads no files): null keeps the shape. */
export function bundleRecordJson(b: PulledBundle | ServiceBundle): string {
  const record = { image: null, image2: null, image3: null, image4: null, image5: null, ...b } as Record<string, unknown>
  delete record.bundle_details
  return JSON.stringify(record)
}

const recordImages = '{"image":null,"image2":null,"image3":null,"image4":null,"image5":null'
/** A pulled bundle's fields (GraphQL's and the REST list's, as the pull assigns them), its components aside. */
const pulledRecordFields: string[] = [...new Set([...Object.keys(unknownRestColumns), ...graphqlBundleFields])].filter(
  (f) => f !== 'bundle_details',
)

/**
 * The record of a pulled bundle, as bundleRecordJson writes it: a list of fields lets JSON.stringify write them without
 * a copy of the bundle, which costs three times as much (100,000 a full pull). A pulled bundle holds no nested object
 * but its components (a list of fields would reach into one, and a REST record has images).
 */
export function pulledBundleRecordJson(b: PulledBundle): string {
  const fields = JSON.stringify(b, pulledRecordFields)
  return fields === '{}' ? `${recordImages}}` : `${recordImages},${fields.slice(1)}`
}

/** A bundle as the service's REST show gives it, with its components (ServiceBundleDetail, or a test's record). */
export type ServiceBundleWithDetails = ServiceBundle & {
  bundle_details: readonly { id: number | null; item_id: number; quantity: string }[]
}

export const insertBundleSql = (table: string) => `INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
export const insertRecordSql = (table: string) => `INSERT INTO ${table} (id, record) VALUES (?, ?)`
export const insertComponentSql = (table: string) => `INSERT INTO ${table} (bundle_id, id, item_id, quantity) VALUES (?, ?, ?, ?)`
export const insertTagSql = (table: string) => `INSERT OR IGNORE INTO ${table} (tag, bundle_id) VALUES (?, ?)`
export const insertBundleFtsSql = (table: string) => `INSERT INTO ${table} (rowid, code, name, ean13, tags) VALUES (?, ?, ?, ?, ?)`

/** A bundle's rows in the live tables: an edit's answer or a routine pull's read (in the caller's transaction). */
export function writeBundleRows(db: Sqlite, b: ServiceBundleWithDetails): void {
  db.prepare(insertBundleSql('bundles')).run(...bundleRowValues(b))
  db.prepare(insertRecordSql('bundle_records')).run(b.id, bundleRecordJson(b))
  const component = db.prepare(insertComponentSql('bundle_components'))
  for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
  const tag = db.prepare(insertTagSql('bundle_tags'))
  for (const t of b.tags) tag.run(t, b.id)
  db.prepare(insertBundleFtsSql('bundle_fts')).run(b.id, b.code, b.name, b.ean13 ?? '', b.tags.join(' '))
}

/**
 * A bundle's rows in each table (`named`: the live tables, or the staged), found by its id through a key or an index:
 * a routine pull rewrites hundreds.
 */
export const bundleRowDeletes = (named: (table: string) => string = (table) => table) => [
  `DELETE FROM ${named('bundles')} WHERE id = ?`,
  `DELETE FROM ${named('bundle_records')} WHERE id = ?`,
  `DELETE FROM ${named('bundle_components')} WHERE bundle_id = ?`,
  `DELETE FROM ${named('bundle_tags')} WHERE bundle_id = ?`,
  `DELETE FROM ${named('bundle_fts')} WHERE rowid = ?`,
]

/** An item's rows with its search words and its stock's sums (empty while staged: summed once the lots are in). */
export const itemRowDeletes = (named: (table: string) => string = (table) => table) => [
  `DELETE FROM ${named('items')} WHERE id = ?`,
  `DELETE FROM ${named('item_fts')} WHERE rowid = ?`,
  `DELETE FROM ${named('stock')} WHERE item_id = ?`,
]

/** A lot's row and its stock by agency. */
export const lotRowDeletes = (named: (table: string) => string = (table) => table) => [
  `DELETE FROM ${named('lot_stocks')} WHERE lot_id = ?`,
  `DELETE FROM ${named('lots')} WHERE id = ?`,
]

export function deleteBundleRows(db: Sqlite, id: number): void {
  for (const sql of bundleRowDeletes()) db.prepare(sql).run(id)
}
export const insertItemSql = (table: string) => `INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?)`
export const insertItemFtsSql = (table: string) => `INSERT INTO ${table} (rowid, code, name, ean13) VALUES (?, ?, ?, ?)`

export function itemRowValues(i: PulledItem): unknown[] {
  return [i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, i.active ? 1 : 0]
}
