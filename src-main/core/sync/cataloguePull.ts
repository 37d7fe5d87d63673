import type { CatalogueCapabilities, PullProgress } from '@shared/catalogue'
import { readRestBundleColumns, unknownRestColumns, type RestBundleColumns } from '../api/bundleColumnsRest'
import { countRows, readPages, readReference, type PulledBundle } from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import {
  bundleRecordJson,
  bundleRowValues,
  insertBundleSql,
  insertComponentSql,
  insertItemSql,
  insertRecordSql,
  insertTagSql,
  itemRowValues,
} from '../cache/catalogueStore'
import { catalogueTables } from '../cache/migrations'
import { markBundlesSeen, markFullPull, markPulled, markStockRead } from '../cache/catalogueMarks'
import { createStaging, dropStaging, indexStaging, swapIn } from '../cache/snapshotSwap'
import type { Sqlite } from '@base/sqlite'

export interface PullDeps {
  db: Sqlite
  graphql: GraphqlClient
  rest: RestClient
  /** Whether the server has an extension (ServiceExtensions.has); a failed probe counts as without it. */
  has: (extension: ServiceExtension) => Promise<boolean>
  now: () => Date
  onProgress: (p: PullProgress) => void
}

const next = (table: string) => `next_${table}`

/** The columns as a JSON merge patch: without its nulls (a null column keeps the record's "unknown" value). */
function patchOf(columns: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {}
  for (const key in columns) if (columns[key] !== null) kept[key] = columns[key]
  return JSON.stringify(kept)
}

/**
 * One full pull of the catalogue into the entity's cache: reference tables,
 * items, lots and stock, bundles with components and tags. Rows are written
 * into staging tables in small batches as each page streams in (no page is
 * held whole), indexed, and swapped in at once; until then the counter keeps searching the old
 * snapshot, and a failed pull leaves it untouched.
 *
 * Only what the real service shows is required. Extensions (tags, item
 * barcodes, row counts) are read when the server has them; the bundle columns
 * GraphQL does not show come from the REST list, and without it the pull still
 * completes with those columns unknown. What was available is stored with the
 * snapshot, so the screens can say what is missing while offline.
 */
export async function pullCatalogue({ db, graphql, rest, has, now, onProgress }: PullDeps): Promise<CatalogueCapabilities> {
  // A probe that times out or meets a 5xx leaves its extension unknown for this pull: the pull goes on without it.
  const usable = (extension: ServiceExtension) => has(extension).catch(() => false)
  const [bundleTags, itemBarcodes, rowCounts] = await Promise.all([usable('bundleTags'), usable('itemBarcodes'), usable('rowCounts')])
  // The REST list is read at once, beside the GraphQL pages, into a temporary table (never whole in memory),
  // and each batch of GraphQL bundles takes its columns from there as it is written.
  db.exec(`DROP TABLE IF EXISTS temp.rest_bundle_columns;
           CREATE TEMP TABLE rest_bundle_columns (id INTEGER PRIMARY KEY, patch TEXT NOT NULL)`)
  const keepColumns = db.prepare('INSERT OR REPLACE INTO temp.rest_bundle_columns VALUES (?, ?)')
  const restRead = readRestBundleColumns(rest, (batch) =>
    db.transaction(() => {
      for (const b of batch) keepColumns.run(b.id, patchOf(b.columns))
    })(),
  ).then(
    () => true,
    () => false,
  )
  // Totals only drive the progress bar; without them it shows rows done, and a refused count is no total.
  const total = async (table: 'items' | 'bundles' | 'lot_stocks') => (rowCounts ? countRows(graphql, table).catch(() => null) : null)
  const [items, bundles, stocks] = await Promise.all([total('items'), total('bundles'), total('lot_stocks')])

  createStaging(db, catalogueTables)
  try {
    onProgress({ phase: 'reference', done: 0, total: null })
    const reference = await readReference(graphql)
    const agencyIds = reference.agencies.map((a) => a.id)
    db.transaction(() => {
      const category = db.prepare(`INSERT INTO ${next('item_categories')} VALUES (?, ?)`)
      for (const c of reference.item_categories) category.run(c.id, c.name)
      const agency = db.prepare(`INSERT INTO ${next('agencies')} VALUES (?, ?, ?, ?)`)
      for (const a of reference.agencies) agency.run(a.id, a.name, a.agency_category_id, a.active === null ? null : a.active ? 1 : 0)
    })()

    let done = 0
    const item = db.prepare(insertItemSql(next('items')))
    for await (const batch of readPages(graphql, 'items', { itemBarcodes })) {
      db.transaction(() => {
        for (const i of batch) {
          item.run(...itemRowValues(i))
        }
      })()
      onProgress({ phase: 'items', done: (done += batch.length), total: items })
    }

    // Search words in one statement, as for bundles below.
    db.exec(`INSERT INTO ${next('item_fts')} (rowid, code, name, ean13) SELECT id, code, name, coalesce(ean13, '') FROM ${next('items')}`)

    const lot = db.prepare(`INSERT INTO ${next('lots')} VALUES (?, ?, ?, ?)`)
    for await (const batch of readPages(graphql, 'lots')) {
      db.transaction(() => {
        for (const l of batch) lot.run(l.id, l.item_id, l.name, l.expires)
      })()
    }
    done = 0
    const stock = db.prepare(`INSERT OR REPLACE INTO ${next('lot_stocks')} VALUES (?, ?, ?)`)
    for await (const batch of readPages(graphql, 'lot_stocks')) {
      db.transaction(() => {
        for (const s of batch) stock.run(s.lot_id, s.agency_id, s.available)
      })()
      onProgress({ phase: 'stock', done: (done += batch.length), total: stocks })
    }
    db.exec(`INSERT INTO ${next('stock')} SELECT l.item_id, s.agency_id, SUM(s.available)
             FROM ${next('lot_stocks')} s JOIN ${next('lots')} l ON l.id = s.lot_id GROUP BY l.item_id, s.agency_id`)

    const restListRead = await restRead
    done = 0
    const bundle = db.prepare(insertBundleSql(next('bundles')))
    const record = db.prepare(insertRecordSql(next('bundle_records')))
    const component = db.prepare(insertComponentSql(next('bundle_components')))
    const tag = db.prepare(insertTagSql(next('bundle_tags')))
    // Rows come in id order, so a batch's REST columns are one range of the temporary table.
    const restColumns = db.prepare('SELECT id, patch FROM temp.rest_bundle_columns WHERE id BETWEEN ? AND ?').raw()
    // The newest change the service stamped: the next routine pull asks for what changed since (its clock, not ours).
    let seenUntil: string | null = null
    for await (const batch of readPages(graphql, 'bundles', { bundleTags })) {
      const listed = new Map<number, string>()
      if (restListRead && batch.length > 0) {
        for (const [id, patch] of restColumns.all(batch[0]!.id, batch[batch.length - 1]!.id) as [number, string][]) listed.set(id, patch)
      }
      db.transaction(() => {
        for (const g of batch) {
          // Where the list gave a bundle, its columns without nulls over the "unknown" ones (a merge patch).
          // Object.assign, not a spread: spreading these wide records left about 6 KB per bundle in the old
          // generation (measured), the most of the pull's peak memory; assign leaves none and is faster.
          const patch = listed.get(g.id)
          const b: PulledBundle = Object.assign(
            {},
            unknownRestColumns,
            g,
            patch === undefined ? null : (JSON.parse(patch) as Partial<RestBundleColumns>),
          )
          if (b.updated_at !== null && (seenUntil === null || b.updated_at > seenUntil)) seenUntil = b.updated_at
          bundle.run(...bundleRowValues(b))
          record.run(b.id, bundleRecordJson(b))
          for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
          for (const t of b.tags) tag.run(t, b.id)
        }
      })()
      onProgress({ phase: 'bundles', done: (done += batch.length), total: bundles })
    }
    // Search words in one statement: FTS5 writes a segment at every commit, so per-batch inserts cost twice as much.
    db.exec(`INSERT INTO ${next('bundle_fts')} (rowid, code, name, ean13, tags)
             SELECT b.id, b.code, b.name, coalesce(b.ean13, ''), (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(b.tags))
             FROM ${next('bundles')} b`)

    const capabilities: CatalogueCapabilities = { tags: bundleTags, itemBarcodes, bundleColumns: restListRead }
    onProgress({ phase: 'indexing', done: 0, total: null })
    indexStaging(db, catalogueTables)
    swapIn(db, catalogueTables, () => {
      const at = now().toISOString()
      markPulled(db, at, capabilities)
      markFullPull(db, at)
      markBundlesSeen(db, seenUntil)
      markStockRead(db, agencyIds, at, false)
    })
    onProgress({ phase: 'done', done: done, total: bundles })
    return capabilities
  } catch (err) {
    dropStaging(db, catalogueTables)
    throw err
  } finally {
    // A pull that failed early still lets the list finish (or fail) before its table goes.
    await restRead
    db.exec('DROP TABLE IF EXISTS temp.rest_bundle_columns')
  }
}
