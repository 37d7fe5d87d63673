import type { IdTable } from '../api/catalogueChanges'
import type { PulledItem, PulledLot } from '../api/catalogueGraphql'
import type { CatalogueCapabilities } from '@shared/catalogue'
import {
  deleteBundleRows,
  insertItemFtsSql,
  insertItemSql,
  itemRowDeletes,
  itemRowValues,
  lotRowDeletes,
  writeBundleRows,
  type ServiceBundleWithDetails,
} from './catalogueRowWrites'
import { bookedAgencies } from './bookedAgencies'
import type { ClockStamp } from './clockStamp'
import {
  bundlesSeenEdge,
  bundlesSeenUntil,
  markBundlesSeen,
  markPulled,
  markStockRead,
  pulledCapabilities,
  type SeenBundle,
} from './catalogueMarks'
import type { Sqlite } from '@base/sqlite'
import { BATCH_ROWS } from '../api/catalogueGraphql'
import { nextTurn } from './snapshotSwap'
import { writeListedColumns, type Batches } from './listedColumns'
import { RestColumnsTable } from './restColumnsTable'

/** What a routine pull read, all of it, before anything is written. */
export interface CatalogueChanges {
  reference: {
    item_categories: { id: number; name: string }[]
    agencies: { id: number; name: string; agency_category_id: number | null; active: boolean | null }[]
  }
  /** Items and lots added since the last pull (ids above the largest the cache had). */
  newItems: PulledItem[]
  newLots: PulledLot[]
  /** Every id the service has now, for the rows it no longer has. */
  ids: { items: ReadonlySet<number>; lots: ReadonlySet<number>; bundles: ReadonlySet<number> }
  /** The bundles changed since the last pull, whole as the REST show gives them. */
  bundles: ServiceBundleWithDetails[]
  /** The whole stock of the agencies read, by agency: lot and available quantity. */
  stock: Map<number, { lot_id: number; available: number }[]>
  /** The newest bundle `updated_at` the service sent (its clock). */
  bundlesSeenUntil: string | null
  /** The bundles read within the change margin before it, as stamped when read (bundlesSeen.ts). */
  bundlesSeenEdge: readonly SeenBundle[]
  /** When the pull ran (the snapshot's age, the stock's age). */
  stamp: ClockStamp
  /**
   * The REST list read whole beside the changes, into this connection's table, for a snapshot whose full pull's list
   * was cut: its columns go into the bundles (listedColumns.ts), and the snapshot then has them.
   */
  restColumnsListed: boolean
}

/** How many rows the pull changed, for the log and the tests. */
export interface AppliedCounts {
  items: number
  lots: number
  bundles: number
  stockRows: number
  removed: number
}

const ids = (db: Sqlite, table: string) => db.prepare<[], number>(`SELECT id FROM ${table}`).pluck().all()
const gone = (local: number[], present: ReadonlySet<number>) => local.filter((id) => !present.has(id))
const itemOfLot = (db: Sqlite) => db.prepare<[number], number>('SELECT item_id FROM lots WHERE id = ?').pluck()

/** The catalogue as a routine pull sees it: what the last pulls kept, and the write of what changed since. */
export class CatalogueChangeWriter {
  /** The REST list's columns, when the routine pull reads the list (listedColumns.ts). */
  readonly listed: RestColumnsTable

  /** `beforeBatch` runs before each of the write's transactions (the pull's thread lets the counter's requests go first). */
  constructor(
    private readonly db: Sqlite,
    private readonly beforeBatch: () => void = () => undefined,
    /** Milliseconds, for the batches' pace: the tests give one that counts rows. */
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.listed = new RestColumnsTable(db)
  }

  /** The newest bundle `updated_at` a pull kept (the service's clock); null before a full pull. */
  bundlesSeenUntil(): string | null {
    return bundlesSeenUntil(this.db)
  }

  bundlesSeenEdge(): SeenBundle[] {
    return bundlesSeenEdge(this.db)
  }

  /** What the last full pull could read (null before one). */
  pulledCapabilities(): CatalogueCapabilities | null {
    return pulledCapabilities(this.db)
  }

  rowCount(table: IdTable): number {
    return this.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0
  }

  /** The ids of `present` this cache does not hold: the rows added since (or committed late). */
  missing(table: 'items' | 'lots', present: ReadonlySet<number>): number[] {
    const held = new Set(ids(this.db, table))
    return [...present].filter((id) => !held.has(id))
  }

  /** The ids the cache holds that `present` (a list of the service's) lacks: those a routine pull would remove. */
  notIn(table: IdTable, present: ReadonlySet<number>): number[] {
    return gone(ids(this.db, table), present)
  }

  /** The stock rows kept for an agency (one per lot). */
  stockRowCount(agency: number): number {
    return this.db.prepare<[number], number>('SELECT count(*) FROM lot_stocks WHERE agency_id = ?').pluck().get(agency) ?? 0
  }

  /** The agencies this station's recent bookings name (bookedAgencies.ts). */
  bookedAgencies(now: Date, serviceOffsetMs: number | null): number[] {
    return bookedAgencies(this.db, now, serviceOffsetMs)
  }

  apply(changes: CatalogueChanges): Promise<AppliedCounts> {
    return applyCatalogueChanges(this.db, changes, pacedBatches(this.db, this.beforeBatch, this.clock))
  }
}

/** About how long one of the write's transactions holds the file: a clerk's save waits for one at most. */
const BATCH_MS = 10

/**
 * Batches of rows sized by their pace: the first a tenth of the most, each next one as many as the last one's pace
 * fits in BATCH_MS. A row costs from microseconds (a stock figure) to milliseconds (a bundle with its words, tags and
 * records replaced): a fixed count of bundles held a clerk's save 100 ms.
 */
function pacedBatches(db: Sqlite, beforeBatch: () => void, clock: () => number): Batches {
  async function one(write: () => void): Promise<void> {
    await nextTurn()
    beforeBatch()
    db.transaction(write).immediate()
  }
  async function each<T>(rows: readonly T[], most: number, write: (part: readonly T[]) => void): Promise<void> {
    let size = Math.ceil(most / 10)
    for (let at = 0; at < rows.length;) {
      const part = rows.slice(at, at + size)
      let took = 0
      await one(() => {
        const started = clock()
        write(part)
        took = clock() - started
      })
      at += part.length
      size = Math.max(1, Math.min(most, Math.floor((part.length * BATCH_MS) / Math.max(took, 0.01))))
    }
  }
  return { one, each }
}

/**
 * Writes a routine pull's changes into the live catalogue a bounded batch at a time, the counter's requests first
 * before each: in one transaction, a clerk's save waited for the whole write (965 ms after 1,000 bundles changed on
 * the large seed). Each bundle is written whole, and each item's stock with its lots; the pull's marks go last, so a
 * pull stopped between batches is read and written again by the next (what it wrote was the service's anyway). A pull
 * that failed before this point changed nothing. Stock rows are written only where they differ.
 */
async function applyCatalogueChanges(db: Sqlite, changes: CatalogueChanges, batches: Batches): Promise<AppliedCounts> {
  await batches.one(() => writeReference(db, changes.reference))
  const item = db.prepare(insertItemSql('items'))
  const itemFts = db.prepare(insertItemFtsSql('item_fts'))
  await batches.each(changes.newItems, BATCH_ROWS.items, (part) => {
    for (const i of part) {
      item.run(...itemRowValues(i))
      itemFts.run(i.id, i.code, i.name, i.ean13 ?? '')
    }
  })
  const lot = db.prepare('INSERT INTO lots VALUES (?, ?, ?, ?)')
  const sum = stockSummer(db)
  await batches.each(changes.newLots, BATCH_ROWS.lots, (part) => {
    for (const l of part) lot.run(l.id, l.item_id, l.name, l.expires)
    // A lot new to the cache may have stock rows already (a full pull read them after its lots), counted only now.
    for (const itemId of new Set(part.map((l) => l.item_id))) sum(itemId, null)
  })
  const removed = await removeGone(db, changes.ids, batches)
  await batches.each(changes.bundles, BATCH_ROWS.bundles, (part) => {
    for (const b of part) {
      deleteBundleRows(db, b.id)
      writeBundleRows(db, b)
    }
  })
  if (changes.restColumnsListed) await writeListedColumns(db, batches, new Set(changes.bundles.map((b) => b.id)))
  let stockRows = 0
  for (const [agency, rows] of changes.stock) stockRows += await writeAgencyStock(db, agency, rows, batches)
  // The list read whole: the snapshot has the columns its full pull's cut list left unknown.
  const listedNow = changes.restColumnsListed ? pulledCapabilities(db) : null
  await batches.one(() => {
    markStockRead(db, [...changes.stock.keys()], changes.stamp, true)
    markBundlesSeen(db, changes.bundlesSeenUntil, changes.bundlesSeenEdge)
    markPulled(db, changes.stamp, listedNow ? { ...listedNow, bundleColumns: true } : undefined)
  })
  return { items: changes.newItems.length, lots: changes.newLots.length, bundles: changes.bundles.length, stockRows, removed }
}

function writeReference(db: Sqlite, reference: CatalogueChanges['reference']): void {
  db.exec('DELETE FROM item_categories; DELETE FROM agencies')
  insertReference(db, reference)
}

/** The small tables' rows, into the live tables or (the full pull) their staged copies named by `table`. */
export function insertReference(db: Sqlite, reference: CatalogueChanges['reference'], table = (name: string) => name): void {
  const category = db.prepare(`INSERT INTO ${table('item_categories')} VALUES (?, ?)`)
  for (const c of reference.item_categories) category.run(c.id, c.name)
  const agency = db.prepare(`INSERT INTO ${table('agencies')} VALUES (?, ?, ?, ?)`)
  for (const a of reference.agencies) agency.run(a.id, a.name, a.agency_category_id, a.active === null ? null : a.active ? 1 : 0)
}

/** Items, lots and bundles the service no longer has, with what hangs on them; the stock they counted in is summed again. */
async function removeGone(db: Sqlite, present: CatalogueChanges['ids'], batches: Batches): Promise<number> {
  const items = gone(ids(db, 'items'), present.items)
  const lots = gone(ids(db, 'lots'), present.lots)
  const bundles = gone(ids(db, 'bundles'), present.bundles)
  const lotItem = itemOfLot(db)
  const lotDeletes = lotRowDeletes().map((sql) => db.prepare(sql))
  const itemDeletes = itemRowDeletes().map((sql) => db.prepare(sql))
  const sum = stockSummer(db)
  const goneItems = new Set(items)
  // An item's stock summed again in the batch that removed one of its lots (again in a later one, if it had more).
  await batches.each(lots, BATCH_ROWS.lots, (part) => {
    const resum = new Set<number>()
    for (const id of part) {
      const itemId = lotItem.get(id)
      if (itemId !== undefined && !goneItems.has(itemId)) resum.add(itemId)
      for (const statement of lotDeletes) statement.run(id)
    }
    for (const itemId of resum) sum(itemId, null)
  })
  await batches.each(items, BATCH_ROWS.items, (part) => {
    for (const id of part) for (const statement of itemDeletes) statement.run(id)
  })
  await batches.each(bundles, BATCH_ROWS.bundles, (part) => {
    for (const id of part) deleteBundleRows(db, id)
  })
  return items.length + lots.length + bundles.length
}

/** Sums an item's stock again from its lots: at one agency, or (null) at every agency. */
function stockSummer(db: Sqlite): (itemId: number, agencyId: number | null) => void {
  const clear = db.prepare('DELETE FROM stock WHERE item_id = ? AND (? IS NULL OR agency_id = ?)')
  const sum = db.prepare(
    `INSERT INTO stock SELECT l.item_id, s.agency_id, SUM(s.available)
     FROM lot_stocks s JOIN lots l ON l.id = s.lot_id WHERE l.item_id = ? AND (? IS NULL OR s.agency_id = ?)
     GROUP BY l.item_id, s.agency_id`,
  )
  return (itemId, agencyId) => {
    clear.run(itemId, agencyId, agencyId)
    sum.run(itemId, agencyId, agencyId)
  }
}

/**
 * One agency's stock made what the service says: rows that differ are written, rows it no longer has
 * are removed, and the items they belong to are summed again for this agency. Returns the rows written.
 */
async function writeAgencyStock(
  db: Sqlite,
  agency: number,
  rows: { lot_id: number; available: number }[],
  batches: Batches,
): Promise<number> {
  // Read outside the batches: only a pull writes these rows, and one pull at a time.
  const local = new Map(
    db.prepare<[number], [number, number]>('SELECT lot_id, available FROM lot_stocks WHERE agency_id = ?').raw().all(agency),
  )
  const changed: [lotId: number, available: number | null][] = []
  for (const r of rows) {
    if (local.get(r.lot_id) !== r.available) changed.push([r.lot_id, r.available])
    local.delete(r.lot_id)
  }
  for (const lotId of local.keys()) changed.push([lotId, null])
  const upsert = db.prepare('INSERT OR REPLACE INTO lot_stocks VALUES (?, ?, ?)')
  const remove = db.prepare('DELETE FROM lot_stocks WHERE lot_id = ? AND agency_id = ?')
  const itemOf = itemOfLot(db)
  const sum = stockSummer(db)
  await batches.each(changed, BATCH_ROWS.lot_stocks, (part) => {
    for (const [lotId, available] of part) {
      if (available === null) remove.run(lotId, agency)
      else upsert.run(lotId, agency, available)
    }
    const items = new Set(part.map(([lotId]) => itemOf.get(lotId)).filter((id): id is number => id !== undefined))
    for (const itemId of items) sum(itemId, agency)
  })
  return changed.length
}
