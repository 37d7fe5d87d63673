import type { BundleComponent, BundleDetail, CatalogueQuery, CatalogueRow, ItemRow } from '../../../src-shared/catalogue'
import { catalogueQuery } from '../../../src-shared/catalogue'
import type { PulledBundle, PulledItem } from '../api/catalogueGraphql'
import type { ServiceBundle } from '../api/bundlesApi'
import type { Sqlite } from './sqlite'

/**
 * Reads and writes of the cached catalogue. Search ranks an exact barcode or
 * code first, then code and barcode prefixes, then words of the name, code
 * and tags (FTS5), as a counter clerk expects from a scanner or a few letters.
 */

/** Values of a bundles row, in column order (shared by the pull and single updates). */
export function bundleRowValues(b: PulledBundle | ServiceBundle): unknown[] {
  const record = { ...b } as Record<string, unknown>
  delete record.bundle_details
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
    JSON.stringify(record),
  ]
}

export const insertBundleSql = (table: string) => `INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
export const insertComponentSql = (table: string) => `INSERT INTO ${table} (bundle_id, id, item_id, quantity) VALUES (?, ?, ?, ?)`
export const insertTagSql = (table: string) => `INSERT OR IGNORE INTO ${table} (tag, bundle_id) VALUES (?, ?)`
export const insertBundleFtsSql = (table: string) => `INSERT INTO ${table} (rowid, code, name, ean13, tags) VALUES (?, ?, ?, ?, ?)`
export const insertItemSql = (table: string) => `INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?)`
export const insertItemFtsSql = (table: string) => `INSERT INTO ${table} (rowid, code, name, ean13) VALUES (?, ?, ?, ?)`

export function itemRowValues(i: PulledItem): unknown[] {
  return [i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, i.active ? 1 : 0]
}

/** Words of a query as an FTS5 expression: every word, as a prefix. Null when there are none. */
export function ftsExpression(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  if (!words?.length) return null
  return words.map((w) => `"${w}"*`).join(' AND ')
}

/** LIKE pattern for a prefix, with LIKE's wildcards escaped. */
const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Whole bundles an agency can make: min over components of ⌊stock ÷ quantity⌋; null for dynamic or empty bundles. */
const availabilitySql = `CASE WHEN b.category_bundle = 1 OR b.components = 0 THEN NULL ELSE (
  SELECT MAX(0, MIN(CAST(COALESCE(s.available, 0) / CAST(c.quantity AS REAL) + 1e-9 AS INTEGER)))
  FROM bundle_components c LEFT JOIN stock s ON s.item_id = c.item_id AND s.agency_id = :agency
  WHERE c.bundle_id = b.id) END`

interface BundleListRow {
  id: number
  code: string
  name: string
  ean13: string | null
  active: number
  category_bundle: number
  tags: string
  components: number
  available: number | null
}

const toCatalogueRow = (r: BundleListRow): CatalogueRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  ean13: r.ean13,
  active: r.active === 1,
  category_bundle: r.category_bundle === 1,
  tags: JSON.parse(r.tags) as string[],
  components: r.components,
  available: r.available,
})

export class CatalogueStore {
  constructor(
    readonly db: Sqlite,
    private readonly agencyId: () => number | null,
  ) {}

  search(input: CatalogueQuery): { total: number; rows: CatalogueRow[] } {
    const q = catalogueQuery.parse(input)
    const text = q.query.trim()
    const filters: string[] = []
    const params: Record<string, unknown> = { agency: this.agencyId(), limit: q.limit, offset: q.offset }
    if (q.active !== 'all') filters.push(`b.active = ${q.active === 'active' ? 1 : 0}`)
    if (q.tag) {
      filters.push('b.id IN (SELECT bundle_id FROM bundle_tags WHERE tag = :tag)')
      params.tag = q.tag
    }
    const where = filters.length ? `WHERE ${filters.join(' AND ')}` : ''
    const columns = `b.id, b.code, b.name, b.ean13, b.active, b.category_bundle, b.tags, b.components, ${availabilitySql} AS available`

    if (!text) {
      const total = (this.db.prepare(`SELECT count(*) AS n FROM bundles b ${where}`).get(params) as { n: number }).n
      const rows = this.db.prepare(`SELECT ${columns} FROM bundles b ${where} ORDER BY b.code LIMIT :limit OFFSET :offset`).all(params)
      return { total, rows: (rows as BundleListRow[]).map(toCatalogueRow) }
    }

    params.exact = text
    params.prefix = prefixPattern(text)
    const fts = ftsExpression(text)
    if (fts) params.fts = fts
    const matches = `WITH m(id, rank) AS (
        SELECT id, 0 FROM bundles WHERE code = :exact OR ean13 = :exact
        UNION ALL SELECT id, 1 FROM bundles WHERE code LIKE :prefix ESCAPE '\\'
        UNION ALL SELECT id, 1 FROM bundles WHERE ean13 LIKE :prefix ESCAPE '\\'
        ${fts ? 'UNION ALL SELECT rowid, 2 FROM bundle_fts WHERE bundle_fts MATCH :fts' : ''}
      ), best AS (SELECT id, MIN(rank) AS rank FROM m GROUP BY id)`
    const total = (this.db.prepare(`${matches} SELECT count(*) AS n FROM best JOIN bundles b ON b.id = best.id ${where}`).get(params) as { n: number }).n
    const rows = this.db
      .prepare(`${matches} SELECT ${columns} FROM best JOIN bundles b ON b.id = best.id ${where} ORDER BY best.rank, b.code LIMIT :limit OFFSET :offset`)
      .all(params)
    return { total, rows: (rows as BundleListRow[]).map(toCatalogueRow) }
  }

  tags(): { tag: string; count: number }[] {
    return this.db.prepare('SELECT tag, count(*) AS count FROM bundle_tags GROUP BY tag ORDER BY count DESC, tag').all() as {
      tag: string
      count: number
    }[]
  }

  bundle(id: number): BundleDetail | null {
    const row = this.db.prepare(`SELECT b.record, ${availabilitySql} AS available FROM bundles b WHERE b.id = :id`).get({
      id,
      agency: this.agencyId(),
    }) as { record: string; available: number | null } | undefined
    if (!row) return null
    const record = JSON.parse(row.record) as ServiceBundle
    return { ...record, components: this.components(id), available: row.available, source: 'cache' }
  }

  components(bundleId: number): BundleComponent[] {
    return this.db
      .prepare(
        `SELECT c.id, c.item_id, c.quantity, i.code AS item_code, i.name AS item_name, s.available
         FROM bundle_components c LEFT JOIN items i ON i.id = c.item_id
         LEFT JOIN stock s ON s.item_id = c.item_id AND s.agency_id = :agency
         WHERE c.bundle_id = :id ORDER BY c.rowid`,
      )
      .all({ id: bundleId, agency: this.agencyId() }) as BundleComponent[]
  }

  /** Writes one bundle as the service now has it (after an online edit), so the list shows it at once. */
  upsertBundle(b: ServiceBundle, details: { id: number | null; item_id: number; quantity: string }[]): void {
    this.db.transaction(() => {
      this.removeBundle(b.id)
      this.db.prepare(insertBundleSql('bundles')).run(...bundleRowValues(b))
      const component = this.db.prepare(insertComponentSql('bundle_components'))
      for (const d of details) component.run(b.id, d.id, d.item_id, d.quantity)
      const tag = this.db.prepare(insertTagSql('bundle_tags'))
      for (const t of b.tags) tag.run(t, b.id)
      this.db.prepare(insertBundleFtsSql('bundle_fts')).run(b.id, b.code, b.name, b.ean13 ?? '', b.tags.join(' '))
    })()
  }

  removeBundle(id: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM bundles WHERE id = ?').run(id)
      this.db.prepare('DELETE FROM bundle_components WHERE bundle_id = ?').run(id)
      this.db.prepare('DELETE FROM bundle_tags WHERE bundle_id = ?').run(id)
      this.db.prepare('DELETE FROM bundle_fts WHERE rowid = ?').run(id)
    })()
  }

  searchItems(query: string, limit: number): ItemRow[] {
    const text = query.trim()
    const fts = ftsExpression(text)
    const params: Record<string, unknown> = { exact: text, prefix: prefixPattern(text), limit, agency: this.agencyId() }
    if (fts) params.fts = fts
    return this.db
      .prepare(
        `WITH m(id, rank) AS (
          SELECT id, 0 FROM items WHERE code = :exact OR ean13 = :exact
          UNION ALL SELECT id, 1 FROM items WHERE code LIKE :prefix ESCAPE '\\'
          ${fts ? 'UNION ALL SELECT rowid, 2 FROM item_fts WHERE item_fts MATCH :fts' : ''}
        ), best AS (SELECT id, MIN(rank) AS rank FROM m GROUP BY id)
        SELECT i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, s.available
        FROM best JOIN items i ON i.id = best.id LEFT JOIN stock s ON s.item_id = i.id AND s.agency_id = :agency
        ORDER BY best.rank, i.code LIMIT :limit`,
      )
      .all(params) as ItemRow[]
  }

  itemCategories(): { id: number; name: string }[] {
    return this.db.prepare('SELECT id, name FROM item_categories ORDER BY name').all() as { id: number; name: string }[]
  }

  /** Item ids by code, for checking import files offline. */
  itemIdsByCode(codes: string[]): Map<string, number> {
    const stmt = this.db.prepare('SELECT id FROM items WHERE code = ?')
    const found = new Map<string, number>()
    for (const code of codes) {
      const row = stmt.get(code) as { id: number } | undefined
      if (row) found.set(code, row.id)
    }
    return found
  }

  bundleCodesTaken(codes: string[]): Set<string> {
    const stmt = this.db.prepare('SELECT code FROM bundles WHERE code = ?')
    return new Set(codes.filter((c) => stmt.get(c)))
  }

  /** Every row the query matches, with what an export file shows, a page at a time. */
  *exportRows(query: CatalogueQuery): Generator<CatalogueRow & { description: string | null; componentsText: string }> {
    const extra = this.db.prepare(
      `SELECT json_extract(b.record, '$.description') AS description,
        (SELECT group_concat(COALESCE(i.code, c.item_id) || ':' || c.quantity, ';')
         FROM bundle_components c LEFT JOIN items i ON i.id = c.item_id WHERE c.bundle_id = b.id) AS componentsText
       FROM bundles b WHERE b.id = ?`,
    )
    for (let offset = 0; ; offset += 500) {
      const { rows } = this.search({ ...query, offset, limit: 500 })
      for (const row of rows) {
        const more = extra.get(row.id) as { description: string | null; componentsText: string | null }
        yield { ...row, description: more.description, componentsText: more.componentsText ?? '' }
      }
      if (rows.length < 500) return
    }
  }

  counts(): { bundles: number; items: number; agencies: number } {
    const n = (table: string) => (this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    return { bundles: n('bundles'), items: n('items'), agencies: n('agencies') }
  }
}
