import type { CatalogueCapabilities } from '@shared/catalogue'
import { unknownRestColumns } from '../api/bundleColumnsRest'
import type { IdTable } from '../api/catalogueChanges'
import {
  BATCH_ROWS,
  type GraphqlBundle,
  type PulledBundle,
  type PulledItem,
  type PulledLot,
  type PulledStock,
} from '../api/catalogueGraphql'
import type { Sqlite } from '@base/sqlite'
import { insertReference, type CatalogueChanges } from './catalogueChangeWriter'
import type { ClockStamp } from './clockStamp'
import { markFullPull, markPulled, markStockRead, replaceBundlesSeen, type SeenBundle } from './catalogueMarks'
import {
  bundleRowDeletes,
  bundleRowValues,
  insertBundleFtsSql,
  insertBundleSql,
  insertComponentSql,
  insertItemFtsSql,
  insertItemSql,
  insertRecordSql,
  insertTagSql,
  itemRowDeletes,
  itemRowValues,
  lotRowDeletes,
  pulledBundleRecordJson,
} from './catalogueRowWrites'
import { catalogueTables } from './migrations'
import { HeldTransaction, noCounter, type CounterGate } from './heldTransaction'
import { RestColumnsTable, restColumnsReader } from './restColumnsTable'
import { createStaging, dropLeftStaging, nextTurn, swapIn } from './snapshotSwap'
import {
  forgetPoint,
  freshPoint,
  keptPoint,
  keptStagedTables,
  markPoint,
  type PullShape,
  type ResumedTable,
  type StagedPull,
} from './stagedPull'

const next = (table: string) => `next_${table}`

/** What the full pull marks when its snapshot goes in (its time is read as it goes in). */
export interface FullPullMarks {
  capabilities: CatalogueCapabilities
  /** The newest bundle `updated_at` the service sent (its clock), for the next routine pull. */
  bundlesSeenUntil: string | null
  /** The bundles read within the change margin before it, as stamped when read (bundlesSeen.ts). */
  bundlesSeenEdge: readonly SeenBundle[]
  /** The agencies whose stock the snapshot holds. */
  agencyIds: readonly number[]
}

/** Lot ids a statement of the stock's sums reads (a few thousand stock rows: a few milliseconds). */
const LOTS_SUMMED_AT_ONCE = 2000

/**
 * The search words' tables, whose segments the staging merges itself. FTS5 merges a table's segments as rows go in
 * (automerge), and a merge then lands whole in one batch's commit: one bundles' batch in thirty held the thread over
 * 20 ms. Staged, the merging is done a bounded step (`MERGE_PAGES`) in each batch's commit and the rest a step a turn
 * before the swap; the live tables get FTS5's own merging back (a routine pull writes a segment a pull).
 */
const wordTables = ['item_fts', 'bundle_fts'] as const
/** Pages a merge step writes at most: 16 cost 0.35 s more a full pull and left more batches over 20 ms. */
const MERGE_PAGES = 64
const FTS5_AUTOMERGE = 4
const ftsCommand = (table: string, command: string, value: number) =>
  `INSERT INTO ${next(table)} (${next(table)}, rank) VALUES ('${command}', ${value})`

/** The staged tables' inserts, prepared once the `next_` tables exist. */
function stagedStatements(db: Sqlite) {
  return {
    item: db.prepare(insertItemSql(next('items'))),
    itemWords: db.prepare(insertItemFtsSql(next('item_fts'))),
    lot: db.prepare(`INSERT INTO ${next('lots')} VALUES (?, ?, ?, ?)`),
    stock: db.prepare(`INSERT OR REPLACE INTO ${next('lot_stocks')} VALUES (?, ?, ?)`),
    bundle: db.prepare(insertBundleSql(next('bundles'))),
    bundleWords: db.prepare(insertBundleFtsSql(next('bundle_fts'))),
    mergeItemWords: db.prepare(ftsCommand('item_fts', 'merge', MERGE_PAGES)),
    mergeBundleWords: db.prepare(ftsCommand('bundle_fts', 'merge', MERGE_PAGES)),
    record: db.prepare(insertRecordSql(next('bundle_records'))),
    component: db.prepare(insertComponentSql(next('bundle_components'))),
    tag: db.prepare(insertTagSql(next('bundle_tags'))),
    bundleDeletes: bundleRowDeletes(next).map((sql) => db.prepare(sql)),
    itemDeletes: itemRowDeletes(next).map((sql) => db.prepare(sql)),
    lotDeletes: lotRowDeletes(next).map((sql) => db.prepare(sql)),
    // Rows come in id order, so a batch's REST columns are one range of the temporary table.
    restColumns: restColumnsReader(db),
  }
}

/**
 * The full pull's writes: the REST list's bundle columns kept in a temporary table as they stream in (never whole in
 * memory), the pages written into `next_` copies of the catalogue's tables in batches, each with its search words and
 * indexes, then swapped in at once (snapshotSwap.ts). Until then the counter keeps searching the old snapshot; an
 * abandoned pull leaves it untouched. No step holds the thread for long: the counter's scans share it, and what they
 * wait for is one batch or one statement between two turns of the event loop.
 */
export class CatalogueStaging {
  private statements: ReturnType<typeof stagedStatements> | null = null
  private point: StagedPull | null = null
  /** The REST list's columns, which arrive beside the GraphQL pages. */
  readonly listed: RestColumnsTable

  private readonly held: HeldTransaction

  /**
   * `counter`: the counter's requests, which go first before each transaction (the pull's thread lets them);
   * `holdMs`: how long a transaction may take more batches (heldTransaction.ts), 0 on a connection shared with them.
   */
  constructor(
    private readonly db: Sqlite,
    private readonly counter: CounterGate = noCounter,
    holdMs = 0,
  ) {
    this.listed = new RestColumnsTable(db)
    this.held = new HeldTransaction(db, counter, holdMs)
  }

  /**
   * The `next_` tables for this try, and where it goes on from (stagedPull.ts): a failed try's items, lots, stock and
   * bundles kept (`resume`) when they were read as this try reads them, not long ago; every other staged table empty.
   */
  async begin(shape: PullShape, now: Date, resume = true): Promise<StagedPull> {
    const kept = resume ? keptPoint(this.db, shape, now) : null
    const excluded = new Set<string>(kept ? keptStagedTables : [])
    const staged = catalogueTables.filter((t) => !excluded.has(t))
    await dropLeftStaging(this.db, staged, () => this.nextBatchTurn())
    createStaging(this.db, staged)
    for (const table of wordTables) this.db.exec(ftsCommand(table, 'automerge', 0))
    this.statements = stagedStatements(this.db)
    const point = kept ?? freshPoint(this.db, shape, now)
    if (!kept) this.batch(() => markPoint(this.db, point))
    this.point = point
    return { ...point, after: { ...point.after } }
  }

  /** When the staged stock was first read: `now` for a try that begins it, the first try's for one that goes on. */
  stockReadFrom(now: ClockStamp): ClockStamp {
    const point = this.stagedPoint
    if (point.stockStamp) return point.stockStamp
    point.stockStamp = now
    this.batch(() => markPoint(this.db, point))
    return now
  }

  /** The rows staged of a table, for a try's progress that goes on from them. */
  stagedRows(table: ResumedTable): number {
    return this.db
      .prepare<[], number>(`SELECT count(*) FROM ${next(table)}`)
      .pluck()
      .get()!
  }

  /** The ids of `table` staged up to `upTo` (an earlier try's, when `upTo` is the point this try began after). */
  stagedIds(table: IdTable, upTo: number): number[] {
    return this.db
      .prepare<[number], number>(`SELECT id FROM ${next(table)} WHERE id <= ? ORDER BY id`)
      .pluck()
      .all(upTo)
  }

  /** Staged rows of `table` the service no longer has, with what hangs on them; before the stock is summed, for items and lots. */
  dropStaged(table: IdTable, ids: readonly number[]): void {
    const { itemDeletes, lotDeletes, bundleDeletes } = this.staged
    const statements = { items: itemDeletes, lots: lotDeletes, bundles: bundleDeletes }[table]
    for (let at = 0; at < ids.length; at += BATCH_ROWS[table]) {
      this.batch(() => {
        for (const id of ids.slice(at, at + BATCH_ROWS[table])) for (const statement of statements) statement.run(id)
      })
    }
  }

  /**
   * A staged batch, in the transaction held open while the counter asks for nothing (heldTransaction.ts). Its commit
   * waits for the disk, as every commit of the file does. Unsynced, the staged pages waited for the next clerk's
   * save, which synced the log whole: a few MB, and the save took 20–60 ms at p99 beside 12 ms idle.
   */
  private batch(write: () => void): void {
    this.held.run(write)
  }

  private get staged(): ReturnType<typeof stagedStatements> {
    if (!this.statements) throw new Error('the catalogue staging was not begun')
    return this.statements
  }

  private get stagedPoint(): StagedPull {
    if (!this.point) throw new Error('the catalogue staging was not begun')
    return this.point
  }

  /** The batch's last id as the point a later try goes on after (unless it is past it), written with the batch's rows. */
  private moved(table: ResumedTable, batch: readonly { id: number }[]): void {
    const last = batch[batch.length - 1]
    if (!last) return
    const point = this.stagedPoint
    point.after[table] = Math.max(point.after[table], last.id)
    markPoint(this.db, point)
  }

  writeReference(reference: CatalogueChanges['reference']): void {
    this.batch(() => insertReference(this.db, reference, next))
  }

  /**
   * A batch of items with their search words. Words in the batch's commit cost about a third more than all at once
   * at the end (FTS5 writes a segment a commit and merges them as it goes), but the end's one statement held the
   * thread for most of a second, and here they are written while the service prepares the next page.
   */
  writeItems(batch: readonly PulledItem[]): void {
    const { item, itemWords, mergeItemWords } = this.staged
    this.batch(() => {
      for (const i of batch) {
        item.run(...itemRowValues(i))
        itemWords.run(i.id, i.code, i.name, i.ean13 ?? '')
      }
      mergeItemWords.run()
      this.moved('items', batch)
    })
  }

  writeLots(batch: readonly PulledLot[]): void {
    const { lot } = this.staged
    this.batch(() => {
      for (const l of batch) lot.run(l.id, l.item_id, l.name, l.expires)
      this.moved('lots', batch)
    })
  }

  writeStock(batch: readonly PulledStock[]): void {
    const { stock } = this.staged
    this.batch(() => {
      for (const s of batch) stock.run(s.lot_id, s.agency_id, s.available)
      this.moved('lot_stocks', batch)
    })
  }

  /**
   * Each item's stock by agency: the sum of its lots', once all lots and their stock are written. Summed a range of
   * lots a turn (an item's lots can fall in two ranges: the second adds to the first).
   */
  async sumStock(): Promise<void> {
    const lotIds = this.db
      .prepare<[], number>(`SELECT id FROM ${next('lots')} ORDER BY id`)
      .pluck()
      .all()
    const sum = this.db.prepare(`INSERT INTO ${next('stock')} SELECT l.item_id, s.agency_id, SUM(s.available)
                  FROM ${next('lot_stocks')} s JOIN ${next('lots')} l ON l.id = s.lot_id
                  WHERE s.lot_id >= ? AND s.lot_id <= ? GROUP BY l.item_id, s.agency_id
                  ON CONFLICT (item_id, agency_id) DO UPDATE SET available = available + excluded.available`)
    for (let at = 0; at < lotIds.length; at += LOTS_SUMMED_AT_ONCE) {
      await nextTurn()
      const last = lotIds[Math.min(lotIds.length, at + LOTS_SUMMED_AT_ONCE) - 1]!
      this.batch(() => sum.run(lotIds[at]!, last))
    }
  }

  /** Each staged bundle's `updated_at` (an earlier try's), as `seen` takes those of the bundles read. */
  stagedBundlesSeen(seen: (updatedAt: string | null, id: number) => void): void {
    const rows = this.db.prepare<[], [number, string | null]>(
      `SELECT id, json_extract(record, '$.updated_at') FROM ${next('bundle_records')} ORDER BY id`,
    )
    for (const [id, updatedAt] of rows.raw().iterate()) seen(updatedAt, id)
  }

  /** Whether every bundle staged so far has the REST list's columns. */
  get bundlesListed(): boolean {
    return this.stagedPoint.bundlesListed
  }

  /**
   * One batch of GraphQL bundles in id order, each with its REST columns where the list gave them (`withRestColumns`:
   * the list was read whole); a bundle the list left out keeps them unknown. Each bundle's `updated_at` goes to `seen`.
   * A bundle an earlier try staged (changed since) takes the place of its staged rows.
   */
  writeBundles(batch: readonly GraphqlBundle[], withRestColumns: boolean, seen: (updatedAt: string | null, id: number) => void): void {
    const { bundle, bundleWords, mergeBundleWords, record, component, tag, restColumns, bundleDeletes } = this.staged
    const listed = withRestColumns && batch.length > 0 ? restColumns(batch[0]!.id, batch[batch.length - 1]!.id) : null
    const point = this.stagedPoint
    const staged = point.after.bundles
    this.batch(() => {
      for (const g of batch) {
        if (g.id <= staged) for (const statement of bundleDeletes) statement.run(g.id)
        // Object.assign, not a spread: spreading these wide records left about 6 KB per bundle in the old
        // generation (measured), the most of the pull's peak memory; assign leaves none and is faster.
        const b: PulledBundle = Object.assign({}, unknownRestColumns, g, listed?.get(g.id))
        seen(b.updated_at, b.id)
        bundle.run(...bundleRowValues(b))
        record.run(b.id, pulledBundleRecordJson(b))
        for (const d of b.bundle_details) component.run(b.id, d.id, d.item_id, d.quantity)
        for (const t of b.tags) tag.run(t, b.id)
        // Its search words with it, as writeItems does (and why).
        bundleWords.run(b.id, b.code, b.name, b.ean13 ?? '', b.tags.join(' '))
      }
      mergeBundleWords.run()
      if (batch.length > 0) point.bundlesListed &&= withRestColumns
      this.moved('bundles', batch)
    })
  }

  /** Puts the staged tables in place of the live ones, with the pull's marks (`stamp`: when its stock was read), in one transaction. */
  async swapIn(marks: FullPullMarks, at: ClockStamp): Promise<void> {
    this.statements = null
    this.point = null
    await this.mergeWords()
    this.held.commit()
    await swapIn(
      this.db,
      catalogueTables,
      () => {
        markPulled(this.db, at, marks.capabilities)
        markFullPull(this.db, at.at)
        replaceBundlesSeen(this.db, marks.bundlesSeenUntil, marks.bundlesSeenEdge)
        markStockRead(this.db, marks.agencyIds, at, false)
        forgetPoint(this.db)
      },
      () => this.nextBatchTurn(),
    )
  }

  /** A turn of the event loop, then the counter's requests first: what runs between two bounded statements. */
  private async nextBatchTurn(): Promise<void> {
    await nextTurn()
    this.counter.letFirst()
  }

  /** The search words' segments merged a bounded step a turn until no step merges more, then FTS5's merging back. */
  private async mergeWords(): Promise<void> {
    const changes = this.db.prepare<[], number>('SELECT total_changes()').pluck()
    for (const table of wordTables) {
      const merge = this.db.prepare(ftsCommand(table, 'merge', MERGE_PAGES))
      for (;;) {
        await nextTurn()
        const before = changes.get()!
        this.batch(() => merge.run())
        // FTS5's own test of a finished merge: a step that writes fewer than two rows had nothing left to merge.
        if (changes.get()! - before < 2) break
      }
      this.db.exec(ftsCommand(table, 'automerge', FTS5_AUTOMERGE))
    }
  }

  /** Ends a failed try: the live tables stay as they were, and what it staged waits for the next (stagedPull.ts). */
  leave(): void {
    this.held.keepWritten()
    this.statements = null
    this.point = null
  }
}
