import type { CatalogueCapabilities } from '@shared/catalogue'
import { unknownRestColumns, type RestBundleColumns } from '../api/bundleColumnsRest'
import type { GraphqlBundle, PulledBundle, PulledItem, PulledLot, PulledStock } from '../api/catalogueGraphql'
import { commitUnsynced, type Sqlite } from '@base/sqlite'
import { insertReference, type CatalogueChanges } from './catalogueChangeWriter'
import { markBundlesSeen, markFullPull, markPulled, markStockRead } from './catalogueMarks'
import {
  bundleRowValues,
  insertBundleSql,
  insertComponentSql,
  insertItemSql,
  insertRecordSql,
  insertTagSql,
  itemRowValues,
  pulledBundleRecordJson,
} from './catalogueRowWrites'
import { catalogueTables } from './migrations'
import { dropRestColumns, keepRestColumns, openRestColumns, restColumnsReader } from './restColumnsTable'
import { createStaging, dropStaging, indexStaging, swapIn } from './snapshotSwap'

const next = (table: string) => `next_${table}`

/** What the full pull marks when its snapshot goes in (its time is read as it goes in). */
export interface FullPullMarks {
  capabilities: CatalogueCapabilities
  /** The newest bundle `updated_at` the service sent (its clock), for the next routine pull. */
  bundlesSeenUntil: string | null
  /** The agencies whose stock the snapshot holds. */
  agencyIds: readonly number[]
}

/** The staged tables' inserts, prepared once the `next_` tables exist. */
function stagedStatements(db: Sqlite) {
  return {
    item: db.prepare(insertItemSql(next('items'))),
    lot: db.prepare(`INSERT INTO ${next('lots')} VALUES (?, ?, ?, ?)`),
    stock: db.prepare(`INSERT OR REPLACE INTO ${next('lot_stocks')} VALUES (?, ?, ?)`),
    bundle: db.prepare(insertBundleSql(next('bundles'))),
    record: db.prepare(insertRecordSql(next('bundle_records'))),
    component: db.prepare(insertComponentSql(next('bundle_components'))),
    tag: db.prepare(insertTagSql(next('bundle_tags'))),
    // Rows come in id order, so a batch's REST columns are one range of the temporary table.
    restColumns: restColumnsReader(db),
  }
}

/**
 * The full pull's writes: the REST list's bundle columns kept in a temporary table as they stream in (never whole in
 * memory), the pages written into `next_` copies of the catalogue's tables in batches, then indexed and swapped in at
 * once (snapshotSwap.ts). Until then the counter keeps searching the old snapshot; an abandoned pull leaves it untouched.
 */
export class CatalogueStaging {
  private statements: ReturnType<typeof stagedStatements> | null = null

  constructor(private readonly db: Sqlite) {}

  /** An empty table for the REST list's columns, which arrive beside the GraphQL pages. */
  openRestColumns(): void {
    openRestColumns(this.db)
  }

  /** One batch of the REST list's columns, as the list streams in. */
  keepRestColumns(batch: readonly { id: number; columns: RestBundleColumns }[]): void {
    keepRestColumns(this.db, batch)
  }

  dropRestColumns(): void {
    dropRestColumns(this.db)
  }

  /** Empty `next_` tables (a failed pull's leftovers dropped). */
  begin(): void {
    createStaging(this.db, catalogueTables)
    this.statements = stagedStatements(this.db)
  }

  /**
   * A staged batch's commit does not wait for the disk: a power cut can lose only staged rows (the next pull begins
   * again), and a full pull's 700 synced commits cost more than its reads on a busy disk.
   */
  private batch(write: () => void): void {
    commitUnsynced(this.db, write)
  }

  private get staged(): ReturnType<typeof stagedStatements> {
    if (!this.statements) throw new Error('the catalogue staging was not begun')
    return this.statements
  }

  writeReference(reference: CatalogueChanges['reference']): void {
    this.batch(() => insertReference(this.db, reference, next))
  }

  writeItems(batch: readonly PulledItem[]): void {
    const { item } = this.staged
    this.batch(() => {
      for (const i of batch) item.run(...itemRowValues(i))
    })
  }

  /** The items' search words, in one statement once all are written (as for bundles below). */
  indexItemWords(): void {
    this.db.exec(
      `INSERT INTO ${next('item_fts')} (rowid, code, name, ean13) SELECT id, code, name, coalesce(ean13, '') FROM ${next('items')}`,
    )
  }

  writeLots(batch: readonly PulledLot[]): void {
    const { lot } = this.staged
    this.batch(() => {
      for (const l of batch) lot.run(l.id, l.item_id, l.name, l.expires)
    })
  }

  writeStock(batch: readonly PulledStock[]): void {
    const { stock } = this.staged
    this.batch(() => {
      for (const s of batch) stock.run(s.lot_id, s.agency_id, s.available)
    })
  }

  /** Each item's stock by agency: the sum of its lots', once all lots and their stock are written. */
  sumStock(): void {
    this.db.exec(`INSERT INTO ${next('stock')} SELECT l.item_id, s.agency_id, SUM(s.available)
                  FROM ${next('lot_stocks')} s JOIN ${next('lots')} l ON l.id = s.lot_id GROUP BY l.item_id, s.agency_id`)
  }

  /**
   * One batch of GraphQL bundles, each with its REST columns where the list gave them (`withRestColumns`: the list was
   * read whole); a bundle the list left out keeps them unknown. Returns the
   * batch's newest `updated_at`.
   */
  writeBundles(batch: readonly GraphqlBundle[], withRestColumns: boolean): string | null {
    const { bundle, record, component, tag, restColumns } = this.staged
    const listed = withRestColumns && batch.length > 0 ? restColumns(batch[0]!.id, batch[batch.length - 1]!.id) : null
    let newest: string | null = null
    this.batch(() => {
      for (const g of batch) {
        // Object.assign, not a spread: spreading these wide records left about 6 KB per bundle in the old
        // generation (measured), the most of the pull's peak memory; assign leaves none and is faster.
        const b: PulledBundle = Object.assign({}, unknownRestColumns, g, listed?.get(g.id))
        if (b.updated_at !== null && (newest === null || b.updated_at > newest)) newest = b.updated_at
        bundle.run(...bundleRowValues(b))
        record.run(b.id, pulledBundleRecordJson(b))
        for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
        for (const t of b.tags) tag.run(t, b.id)
      }
    })
    return newest
  }

  /** The bundles' search words in one statement: FTS5 writes a segment at every commit, so per-batch inserts cost twice as much. */
  indexBundleWords(): void {
    this.db.exec(`INSERT INTO ${next('bundle_fts')} (rowid, code, name, ean13, tags)
                  SELECT b.id, b.code, b.name, coalesce(b.ean13, ''), (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(b.tags))
                  FROM ${next('bundles')} b`)
  }

  /** Indexes the staged tables and puts them in place of the live ones, with the pull's marks, in one transaction. */
  swapIn(marks: FullPullMarks, now: () => Date): void {
    indexStaging(this.db, catalogueTables)
    swapIn(this.db, catalogueTables, () => {
      const at = now().toISOString()
      markPulled(this.db, at, marks.capabilities)
      markFullPull(this.db, at)
      markBundlesSeen(this.db, marks.bundlesSeenUntil)
      markStockRead(this.db, marks.agencyIds, at, false)
    })
    this.statements = null
  }

  /** Drops what a failed pull staged: the live tables stay as they were. */
  abandon(): void {
    this.statements = null
    dropStaging(this.db, catalogueTables)
  }
}
