import type { PullProgress } from '../../../src-shared/catalogue'
import { countRows, readPages, readReference } from '../api/catalogueGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
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
 */
export async function pullCatalogue({ db, graphql, now, onProgress }: PullDeps): Promise<void> {
  // Totals only drive the progress bar; a service without aggregates still pulls.
  const total = async (table: 'items' | 'bundles' | 'lot_stocks') => countRows(graphql, table).catch(() => null)
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
    for await (const page of readPages(graphql, 'items')) {
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

    done = 0
    const bundle = db.prepare(insertBundleSql(next('bundles')))
    const record = db.prepare(insertRecordSql(next('bundle_records')))
    const component = db.prepare(insertComponentSql(next('bundle_components')))
    const tag = db.prepare(insertTagSql(next('bundle_tags')))
    const bundleFts = db.prepare(insertBundleFtsSql(next('bundle_fts')))
    for await (const page of readPages(graphql, 'bundles')) {
      db.transaction(() => {
        for (const b of page) {
          bundle.run(...bundleRowValues(b))
          record.run(b.id, bundleRecordJson(b))
          for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
          for (const t of b.tags) tag.run(t, b.id)
          bundleFts.run(b.id, b.code, b.name, b.ean13 ?? '', b.tags.join(' '))
        }
      })()
      onProgress({ phase: 'bundles', done: (done += page.length), total: bundles })
    }

    onProgress({ phase: 'indexing', done: 0, total: null })
    indexStaging(db, catalogueTables)
    swapIn(db, catalogueTables, () => {
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('catalogue_pulled_at', ?)").run(now().toISOString())
    })
    onProgress({ phase: 'done', done: done, total: bundles })
  } catch (err) {
    dropStaging(db, catalogueTables)
    throw err
  }
}

export function pulledAt(db: Sqlite): string | null {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'catalogue_pulled_at'").get() as { value: string } | undefined
  return row?.value ?? null
}
