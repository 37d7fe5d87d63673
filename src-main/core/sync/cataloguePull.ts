import { catalogueCapabilities, type CatalogueCapabilities, type PullProgress } from '../../../src-shared/catalogue'
import { fetchRestBundleColumns, unknownRestColumns, type RestBundleColumns } from '../api/bundleColumnsRest'
import { countRows, readPages, readReference, type PulledBundle } from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import {
  bundleRecordJson,
  bundleRowValues,
  insertBundleFtsSql,
  insertBundleSql,
  insertComponentSql,
  insertItemFtsSql,
  insertItemSql,
  insertRecordSql,
  insertTagSql,
  itemRowValues,
} from '../cache/catalogueStore'
import { catalogueTables } from '../cache/migrations'
import { createStaging, dropStaging, indexStaging, swapIn } from '../cache/snapshotSwap'
import type { Sqlite } from '../cache/sqlite'

export interface PullDeps {
  db: Sqlite
  graphql: GraphqlClient
  rest: RestClient
  /** Whether the server has an extension (ServiceExtensions.has). */
  has: (extension: ServiceExtension) => Promise<boolean>
  now: () => Date
  onProgress: (p: PullProgress) => void
}

const next = (table: string) => `next_${table}`

/**
 * One full pull of the catalogue into the entity's cache: reference tables,
 * items, lots and stock, bundles with components and tags. Pages are written
 * into staging tables as they arrive (one page in memory at a time), indexed,
 * and swapped in at once; until then the counter keeps searching the old
 * snapshot, and a failed pull leaves it untouched.
 *
 * Only what the real service shows is required. Extensions (tags, item
 * barcodes, row counts) are read when the server has them; the bundle columns
 * GraphQL does not show come from the REST list, and without it the pull still
 * completes with those columns unknown. What was available is stored with the
 * snapshot, so the screens can say what is missing while offline.
 */
export async function pullCatalogue({ db, graphql, rest, has, now, onProgress }: PullDeps): Promise<CatalogueCapabilities> {
  const [bundleTags, itemBarcodes, rowCounts] = await Promise.all([has('bundleTags'), has('itemBarcodes'), has('rowCounts')])
  // The REST list is asked for at once so the service builds it while GraphQL pages arrive.
  const restColumns = fetchRestBundleColumns(rest).catch((err: unknown) => err)
  // Totals only drive the progress bar; without them it shows rows done, and a refused count is no total.
  const total = async (table: 'items' | 'bundles' | 'lot_stocks') => (rowCounts ? countRows(graphql, table).catch(() => null) : null)
  const [items, bundles, stocks] = [await total('items'), await total('bundles'), await total('lot_stocks')]

  createStaging(db, catalogueTables)
  try {
    onProgress({ phase: 'reference', done: 0, total: null })
    const reference = await readReference(graphql)
    db.transaction(() => {
      const category = db.prepare(`INSERT INTO ${next('item_categories')} VALUES (?, ?)`)
      for (const c of reference.item_categories) category.run(c.id, c.name)
      const agency = db.prepare(`INSERT INTO ${next('agencies')} VALUES (?, ?, ?)`)
      for (const a of reference.agencies) agency.run(a.id, a.name, a.agency_category_id)
    })()

    let done = 0
    const item = db.prepare(insertItemSql(next('items')))
    const itemFts = db.prepare(insertItemFtsSql(next('item_fts')))
    for await (const page of readPages(graphql, 'items', { itemBarcodes })) {
      db.transaction(() => {
        for (const i of page) {
          item.run(...itemRowValues(i))
          itemFts.run(i.id, i.code, i.name, i.ean13 ?? '')
        }
      })()
      onProgress({ phase: 'items', done: (done += page.length), total: items })
    }

    const lot = db.prepare(`INSERT INTO ${next('lots')} VALUES (?, ?, ?, ?)`)
    for await (const page of readPages(graphql, 'lots')) {
      db.transaction(() => {
        for (const l of page) lot.run(l.id, l.item_id, l.name, l.expires)
      })()
    }
    done = 0
    const stock = db.prepare(`INSERT OR REPLACE INTO ${next('lot_stocks')} VALUES (?, ?, ?)`)
    for await (const page of readPages(graphql, 'lot_stocks')) {
      db.transaction(() => {
        for (const s of page) stock.run(s.lot_id, s.agency_id, s.available)
      })()
      onProgress({ phase: 'stock', done: (done += page.length), total: stocks })
    }
    db.exec(`INSERT INTO ${next('stock')} SELECT l.item_id, s.agency_id, SUM(s.available)
             FROM ${next('lot_stocks')} s JOIN ${next('lots')} l ON l.id = s.lot_id GROUP BY l.item_id, s.agency_id`)

    const fromRest = await restColumns
    const columns: Map<number, RestBundleColumns> | null = fromRest instanceof Map ? fromRest : null
    done = 0
    const bundle = db.prepare(insertBundleSql(next('bundles')))
    const record = db.prepare(insertRecordSql(next('bundle_records')))
    const component = db.prepare(insertComponentSql(next('bundle_components')))
    const tag = db.prepare(insertTagSql(next('bundle_tags')))
    const bundleFts = db.prepare(insertBundleFtsSql(next('bundle_fts')))
    for await (const page of readPages(graphql, 'bundles', { bundleTags })) {
      db.transaction(() => {
        for (const g of page) {
          // GraphQL's columns win: they are the newer read when a bundle changed in between.
          const b: PulledBundle = { ...(columns?.get(g.id) ?? unknownRestColumns), ...g }
          columns?.delete(g.id)
          bundle.run(...bundleRowValues(b))
          record.run(b.id, bundleRecordJson(b))
          for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
          for (const t of b.tags) tag.run(t, b.id)
          bundleFts.run(b.id, b.code, b.name, b.ean13 ?? '', b.tags.join(' '))
        }
      })()
      onProgress({ phase: 'bundles', done: (done += page.length), total: bundles })
    }

    const capabilities: CatalogueCapabilities = { tags: bundleTags, itemBarcodes, bundleColumns: columns !== null }
    onProgress({ phase: 'indexing', done: 0, total: null })
    indexStaging(db, catalogueTables)
    swapIn(db, catalogueTables, () => {
      const meta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
      meta.run('catalogue_pulled_at', now().toISOString())
      meta.run('catalogue_capabilities', JSON.stringify(capabilities))
    })
    onProgress({ phase: 'done', done: done, total: bundles })
    return capabilities
  } catch (err) {
    dropStaging(db, catalogueTables)
    throw err
  }
}

export function pulledAt(db: Sqlite): string | null {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'catalogue_pulled_at'").get() as { value: string } | undefined
  return row?.value ?? null
}

/** What the last pull could read (null before the first pull, or for a snapshot taken before this was stored). */
export function pulledCapabilities(db: Sqlite): CatalogueCapabilities | null {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'catalogue_capabilities'").get() as { value: string } | undefined
  if (!row) return null
  const parsed = catalogueCapabilities.safeParse(JSON.parse(row.value))
  return parsed.success ? parsed.data : null
}
