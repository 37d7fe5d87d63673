import type { BookingLine, LineDescription } from '@shared/bookings'
import type { CatalogueFacts, CatalogueItemFact } from '@shared/bookingLines'
import type { BundleComponent, BundleDetail, CatalogueCapabilities, CatalogueQuery, CatalogueRow, ItemRow } from '@shared/catalogue'
import type { AgencyOption, AgencyStock } from '@shared/counter'
import { bundleFromService } from '../api/bundlesApi'
import { storedBundleRecord, toBundleComponent, toItemRow, type ComponentSqlRow, type ItemSqlRow } from './catalogueRows'
import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'
import { fullPullAt, pulledAt, pulledCapabilities, stockReadAt } from './catalogueMarks'
import { stampOnClockNow, type ClockStamp } from './clockStamp'
import { unsentByLot } from './unsentLots'
import { deleteBundleRows, writeBundleRows, type ServiceBundleWithDetails } from './catalogueRowWrites'
import { CatalogueChangeWriter } from './catalogueChangeWriter'
import { CatalogueStaging } from './catalogueStaging'
import { BundleSearch, availabilitySql, type CatalogueResult } from './bundleSearch'
import { ItemSearch } from './itemSearch'
import { Kept } from './preparedStatements'

/** Reads and writes of the cached catalogue; its searches are bundleSearch.ts and itemSearch.ts. */

/** SQL rows keep the columns' names; mapped field by field into ours (a rename of ours cannot slip past a cast). */
interface AgencyRow {
  id: number
  name: string
  agency_category_id: number | null
}
interface StockByAgencyRow {
  agency_id: number
  agency_name: string
  available: number
}

type Codes = { ean13: string | null; code: string }
type NamedRow = { id: number; code: string; name: string; active: number }
type ItemName = { id: number; code: string; name: string }
type LotName = { id: number; name: string | null; expires: string | null }
type LotAt = LotName & { available: number }
type LotFact = { id: number; item_id: number; name: string | null }
type AgencyFact = { id: number; name: string; active: number | null }

export class CatalogueStore {
  private readonly bundleSearch: BundleSearch
  private readonly itemSearch: ItemSearch

  constructor(
    readonly db: Sqlite,
    private readonly agencyId: () => number | null,
  ) {
    this.bundleSearch = new BundleSearch(db, agencyId)
    this.itemSearch = new ItemSearch(db, agencyId)
  }

  // Kept statements, a map a shape. A plucked statement returns its one column; a raw one its row as an array.
  private readonly scanCounts = new Kept((sql) => this.db.prepare<unknown[], number>(sql))
  private readonly codeRows = new Kept((sql) => this.db.prepare<unknown[], Codes>(sql))
  private readonly itemRows = new Kept((sql) => this.db.prepare<unknown[], ItemSqlRow>(sql))
  private readonly idsByCode = new Kept((sql) => this.db.prepare<{ code: string }, number>(sql))
  private readonly lotsAtRows = new Kept((sql) => this.db.prepare<unknown[], LotAt>(sql))
  private readonly stockRows = new Kept((sql) => this.db.prepare<unknown[], StockByAgencyRow>(sql))
  private readonly agencyRows = new Kept((sql) => this.db.prepare<unknown[], AgencyRow>(sql))
  private readonly itemNames = new Kept((sql) => this.db.prepare<unknown[], ItemName>(sql))
  private readonly lotNames = new Kept((sql) => this.db.prepare<unknown[], LotName>(sql))
  private readonly namedFacts = new Kept((sql) => this.db.prepare<[string], NamedRow>(sql))
  private readonly lotFacts = new Kept((sql) => this.db.prepare<[string], LotFact>(sql))
  private readonly agencyFacts = new Kept((sql) => this.db.prepare<[string], AgencyFact>(sql))

  search(input: CatalogueQuery): CatalogueResult {
    return this.bundleSearch.search(input)
  }

  tags(): { tag: string; count: number }[] {
    return this.db
      .prepare<[], { tag: string; count: number }>('SELECT tag, count(*) AS count FROM bundle_tags GROUP BY tag ORDER BY count DESC, tag')
      .all()
  }

  bundle(id: number): BundleDetail | null {
    const row = this.db
      .prepare<{ id: number; agency: number | null }, { record: string; available: number | null }>(
        `SELECT r.record, ${availabilitySql} AS available FROM bundles b JOIN bundle_records r ON r.id = b.id WHERE b.id = :id`,
      )
      .get({ id, agency: this.agencyId() })
    if (!row) return null
    const record = bundleFromService(storedBundleRecord.parse(JSON.parse(row.record)))
    return { ...record, components: this.components(id), available: row.available, source: 'cache' }
  }

  components(bundleId: number): BundleComponent[] {
    const rows = this.db
      .prepare<{ id: number; agency: number | null }, ComponentSqlRow>(
        `SELECT c.id, c.item_id, c.quantity, i.code AS item_code, i.name AS item_name, i.active AS item_active, s.available
         FROM bundle_components c LEFT JOIN items i ON i.id = c.item_id
         LEFT JOIN stock s ON s.item_id = c.item_id AND s.agency_id = :agency
         WHERE c.bundle_id = :id ORDER BY c.rowid`,
      )
      .all({ id: bundleId, agency: this.agencyId() })
    return rows.map(toBundleComponent)
  }

  /**
   * Writes one bundle as the service now has it (after an online edit), so the list shows it at once. It takes
   * the service's record whole and reads its components itself, so the services never read the service's names.
   */
  upsertBundle(b: ServiceBundleWithDetails): void {
    this.db
      .transaction(() => {
        deleteBundleRows(this.db, b.id)
        writeBundleRows(this.db, b)
      })
      .immediate()
  }

  removeBundle(id: number): void {
    this.db.transaction(() => deleteBundleRows(this.db, id)).immediate()
  }

  searchItems(query: string, limit: number): ItemRow[] {
    return this.itemSearch.search(query, limit)
  }

  /** What a scanned or typed code names exactly: a bundle (by code or barcode) before an item, unless one kind is asked for. */
  lookupCode(code: string, only?: 'bundle' | 'item'): { kind: 'bundle'; id: number } | { kind: 'item'; id: number } | null {
    const bundle =
      only === 'item'
        ? undefined
        : this.idsByCode
            .of('SELECT id FROM bundles WHERE ean13 = :code OR code = :code ORDER BY ean13 = :code DESC LIMIT 1')
            .pluck()
            .get({ code })
    if (bundle !== undefined) return { kind: 'bundle', id: bundle }
    if (only === 'bundle') return null
    const item = this.idsByCode
      .of('SELECT id FROM items WHERE ean13 = :code OR code = :code ORDER BY ean13 = :code DESC LIMIT 1')
      .pluck()
      .get({ code })
    return item !== undefined ? { kind: 'item', id: item } : null
  }

  /**
   * The codes a clerk scans, most scanned first, by entry in a fixed order for paging (each entry's barcode,
   * then its code): the items with stock at the agency, the static bundles (a dynamic one opens a picker
   * anyway, and its answer lists a whole category), then the other items (the cache says none here, the
   * clerk holds one); the first `cap` entries only.
   */
  scanCodes(agencyId: number | null, offset: number, limit: number, cap: number): string[][] {
    const end = Math.min(offset + limit, cap)
    if (end <= offset) return []
    const count = (sql: string, ...args: unknown[]) =>
      this.scanCounts
        .of(`SELECT count(*) AS n FROM (${sql} LIMIT ?)`)
        .pluck()
        .get(...args, cap) ?? 0
    const stockedHere = 'SELECT 1 FROM stock s WHERE s.agency_id = ? AND s.available > 0'
    // Each part: how many entries it has (at most `cap`), and a page of them.
    const parts: { size: number; page: (limit: number, offset: number) => Codes[] }[] = [
      {
        size: agencyId === null ? 0 : count(stockedHere, agencyId),
        page: (n, from) =>
          this.codeRows
            .of(
              `SELECT i.ean13, i.code FROM stock s JOIN items i ON i.id = s.item_id WHERE s.agency_id = ? AND s.available > 0
             ORDER BY s.item_id LIMIT ? OFFSET ?`,
            )
            .all(agencyId, n, from),
      },
      {
        size: count('SELECT 1 FROM bundles WHERE category_bundle = 0'),
        page: (n, from) =>
          this.codeRows.of('SELECT ean13, code FROM bundles WHERE category_bundle = 0 ORDER BY id LIMIT ? OFFSET ?').all(n, from),
      },
      {
        size: cap,
        page: (n, from) =>
          this.codeRows
            .of(`SELECT i.ean13, i.code FROM items i WHERE NOT EXISTS (${stockedHere} AND s.item_id = i.id) ORDER BY i.id LIMIT ? OFFSET ?`)
            .all(agencyId, n, from),
      },
    ]
    const rows: Codes[] = []
    let start = 0
    for (const part of parts) {
      const from = Math.max(offset, start)
      const to = Math.min(end, start + part.size)
      if (to > from) rows.push(...part.page(to - from, from - start))
      start += part.size
      if (start >= end) break
    }
    return rows.map((r) => (r.ean13 ? [r.ean13, r.code] : [r.code]))
  }

  item(id: number, agencyId: number | null): ItemRow | null {
    // No stock row at a pulled agency means none there: 0, so the counter warns before booking it.
    const row = this.itemRows
      .of(
        `SELECT i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, i.active, COALESCE(s.available, 0) AS available
       FROM items i LEFT JOIN stock s ON s.item_id = i.id AND s.agency_id = ? WHERE i.id = ?`,
      )
      .get(agencyId, id)
    return row ? toItemRow(row) : null
  }

  /** Items of a category that have stock at the agency (what a dynamic bundle offers). */
  itemsWithStock(categoryId: number, agencyId: number): ItemRow[] {
    const rows = this.itemRows
      .of(
        `SELECT i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, i.active, s.available
       FROM items i JOIN stock s ON s.item_id = i.id AND s.agency_id = ? WHERE i.item_category_id = ? AND s.available > 0 ORDER BY i.code LIMIT 200`,
      )
      .all(agencyId, categoryId)
    return rows.map(toItemRow)
  }

  /** An item's lots at an agency, first to expire first (the lot a clerk should take). */
  lotsAt(itemId: number, agencyId: number): LotAt[] {
    return this.lotsAtRows
      .of(
        `SELECT l.id, l.name, l.expires, ls.available FROM lots l JOIN lot_stocks ls ON ls.lot_id = l.id AND ls.agency_id = ?
       WHERE l.item_id = ? AND ls.available > 0 ORDER BY l.expires IS NULL, l.expires, l.id`,
      )
      .all(agencyId, itemId)
  }

  /** An item's cached stock at every agency that has a figure for it, each read's time on this computer's clock now. */
  stockByAgency(itemId: number, clockOffsetMs: number | null): AgencyStock[] {
    const rows = this.stockRows
      .of(
        `SELECT s.agency_id, COALESCE(a.name, '#' || s.agency_id) AS agency_name, s.available
       FROM stock s LEFT JOIN agencies a ON a.id = s.agency_id WHERE s.item_id = ? ORDER BY agency_name`,
      )
      .all(itemId)
    const readAt = this.stockReadTimes(clockOffsetMs)
    return rows.map((r): AgencyStock => ({
      agencyId: r.agency_id,
      agencyName: r.agency_name,
      available: r.available,
      readAt: readAt.get(r.agency_id) ?? null,
    }))
  }

  /** When each agency's stock was last read, on this computer's clock now. */
  stockReadTimes(clockOffsetMs: number | null): Map<number, string> {
    return new Map([...stockReadAt(this.db)].map(([agency, stamp]) => [agency, stampOnClockNow(stamp, clockOffsetMs)]))
  }

  agencies(): AgencyOption[] {
    const rows = this.agencyRows.of('SELECT id, name, agency_category_id FROM agencies ORDER BY name').all()
    return rows.map((r): AgencyOption => ({ id: r.id, name: r.name, agencyCategoryId: r.agency_category_id }))
  }

  /** Item codes and names, and lot names, for showing booking lines. */
  describe(itemId: number, lotId: number | null): LineDescription {
    const item = this.itemNames.of('SELECT id, code, name FROM items WHERE id = ?').get(itemId)
    const lot = lotId === null ? undefined : this.lotNames.of('SELECT id, name, expires FROM lots WHERE id = ?').get(lotId)
    return { itemCode: item?.code ?? null, itemName: item?.name ?? null, lotName: lot?.name ?? null, lotExpires: lot?.expires ?? null }
  }

  /** `describe` for many lines at once: two statements (items, lots) whatever the count, as many for 10 bookings as for 500. */
  describeAll(
    lines: readonly (Pick<BookingLine, 'itemId'> & Partial<Pick<BookingLine, 'lotId'>>)[],
  ): (itemId: number, lotId: number | null) => LineDescription {
    const itemIds = [...new Set(lines.map((l) => l.itemId))]
    const lotIds = [...new Set(lines.map((l) => l.lotId).filter((x): x is number => typeof x === 'number'))]
    const inList = 'WHERE id IN (SELECT value FROM json_each(?))'
    const itemRows = this.itemNames.of(`SELECT id, code, name FROM items ${inList}`).all(JSON.stringify(itemIds))
    const lotRows = this.lotNames.of(`SELECT id, name, expires FROM lots ${inList}`).all(JSON.stringify(lotIds))
    const items = new Map(itemRows.map((r) => [r.id, r]))
    const lots = new Map(lotRows.map((r) => [r.id, r]))
    return (itemId, lotId) => {
      const item = items.get(itemId)
      const lot = lotId === null ? undefined : lots.get(lotId)
      return { itemCode: item?.code ?? null, itemName: item?.name ?? null, lotName: lot?.name ?? null, lotExpires: lot?.expires ?? null }
    }
  }

  /**
   * What the catalogue holds of the items, lots, agencies and bundles a booking names, read in one
   * statement each, for the checks at entry (src-shared/bookingLines/catalogueRefusals.ts).
   */
  factsOf(ids: { items: number[]; lots: number[]; agencies: number[]; bundles: number[] }): CatalogueFacts {
    const byId = <R extends { id: number }>(kept: Kept<Statement<[string], R>>, sql: string, list: number[]) =>
      new Map(
        list.length
          ? kept
              .of(sql)
              .all(JSON.stringify([...new Set(list)]))
              .map((r) => [r.id, r])
          : [],
      )
    const inList = 'WHERE id IN (SELECT value FROM json_each(?))'
    const items = byId(this.namedFacts, `SELECT id, code, name, active FROM items ${inList}`, ids.items)
    const bundles = byId(this.namedFacts, `SELECT id, code, name, active FROM bundles ${inList}`, ids.bundles)
    const lots = byId(this.lotFacts, `SELECT id, item_id, name FROM lots ${inList}`, ids.lots)
    const agencies = byId(this.agencyFacts, `SELECT id, name, active FROM agencies ${inList}`, ids.agencies)
    const fact = (r: NamedRow | undefined): CatalogueItemFact | null => (r ? { code: r.code, name: r.name, active: r.active === 1 } : null)
    return {
      item: (id) => fact(items.get(id)),
      bundle: (id) => fact(bundles.get(id)),
      lot: (id) => {
        const r = lots.get(id)
        return r ? { itemId: r.item_id, name: r.name } : null
      },
      agency: (id) => {
        const r = agencies.get(id)
        return r ? { name: r.name, active: r.active === null ? null : r.active === 1 } : null
      },
    }
  }

  itemCategories(): { id: number; name: string }[] {
    return this.db.prepare<[], { id: number; name: string }>('SELECT id, name FROM item_categories ORDER BY name').all()
  }

  /** Item ids by code, for checking import files offline. */
  itemIdsByCode(codes: string[]): Map<string, number> {
    const stmt = this.db.prepare<[string], number>('SELECT id FROM items WHERE code = ?').pluck()
    const found = new Map<string, number>()
    for (const code of codes) {
      const id = stmt.get(code)
      if (id !== undefined) found.set(code, id)
    }
    return found
  }

  bundleIdsByCode(codes: string[]): Map<string, number> {
    const stmt = this.db.prepare('SELECT id FROM bundles WHERE code = ?').pluck()
    const found = new Map<string, number>()
    for (const code of codes) {
      const id: unknown = stmt.get(code)
      if (typeof id === 'number') found.set(code, id)
    }
    return found
  }

  /** Every row the query matches, with what an export file shows, a page at a time. */
  *exportRows(query: CatalogueQuery): Generator<CatalogueRow & { description: string | null; componentsText: string }> {
    const extra = this.db.prepare<[number], { description: string | null; componentsText: string | null }>(
      `SELECT (SELECT json_extract(r.record, '$.description') FROM bundle_records r WHERE r.id = b.id) AS description,
        (SELECT group_concat(COALESCE(i.code, c.item_id) || ':' || c.quantity, ';')
         FROM bundle_components c LEFT JOIN items i ON i.id = c.item_id WHERE c.bundle_id = b.id) AS componentsText
       FROM bundles b WHERE b.id = ?`,
    )
    for (let offset = 0; ; offset += 500) {
      // A search lists at most SEARCH_CAP rows; an export of a search is that list.
      const { rows } = this.search({ ...query, offset, limit: 500 })
      for (const row of rows) {
        const more = extra.get(row.id)
        yield { ...row, description: more?.description ?? null, componentsText: more?.componentsText ?? '' }
      }
      if (rows.length < 500) return
    }
  }

  counts(): { bundles: number; items: number; agencies: number } {
    const n = (table: string) => this.db.prepare<[], number>(`SELECT count(*) AS n FROM ${table}`).pluck().get() ?? 0
    return { bundles: n('bundles'), items: n('items'), agencies: n('agencies') }
  }

  /** When the snapshot was last brought up to date (null before the first pull). */
  pulledAt(): ClockStamp | null {
    return pulledAt(this.db)
  }

  /** The age `agencyId`'s figures are told with (this clock now): the last pull's, or the agency's last read when older. */
  stockAgeOf(agencyId: number | null, clockOffsetMs: number | null): string | null {
    const pulled = pulledAt(this.db)
    if (!pulled) return null
    const at = stampOnClockNow(pulled, clockOffsetMs)
    const readAt = agencyId === null ? undefined : this.stockReadTimes(clockOffsetMs).get(agencyId)
    return readAt && readAt < at ? readAt : at
  }

  pulledCapabilities(): CatalogueCapabilities | null {
    return pulledCapabilities(this.db)
  }

  fullPullAt(): string | null {
    return fullPullAt(this.db)
  }

  /** The catalogue as a full pull writes its next snapshot. */
  staging(): CatalogueStaging {
    return new CatalogueStaging(this.db)
  }

  /** The catalogue as a routine pull reads and changes it. */
  changeWriter(): CatalogueChangeWriter {
    return new CatalogueChangeWriter(this.db)
  }

  /** What this computer booked of each lot at an agency that the service has not confirmed (unsentLots.ts). */
  unsentByLot(agencyId: number, itemIds: readonly number[]): Map<number, number> {
    return unsentByLot(this.db, agencyId, itemIds)
  }

  /** Closes the entity's database: the store, its bookings and its outbox share it. */
  close(): void {
    this.db.close()
  }
}
