import type { CatalogueQuery, CatalogueRow } from '@shared/catalogue'
import { catalogueQuery } from '@shared/catalogue'
import type { Sqlite } from '@base/sqlite'
import { parsedJson } from './cacheDatabase'
import { Kept } from './preparedStatements'

/**
 * The bundle list's search. It ranks an exact barcode or code first, then code and barcode prefixes, then words of
 * the name, code and tags (FTS5), as a counter clerk expects from a scanner or a few letters.
 */

/** Words of a query as an FTS5 expression: every word, as a prefix. Null when there are none. */
export function ftsExpression(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  if (!words?.length) return null
  return words.map((w) => `"${w}"*`).join(' AND ')
}

/** LIKE pattern for a prefix, with LIKE's wildcards escaped. */
export const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Whole bundles an agency can make: min over components of ⌊stock ÷ quantity⌋; null for dynamic or empty bundles. */
export const availabilitySql = `CASE WHEN b.category_bundle = 1 OR b.components = 0 THEN NULL ELSE (
  SELECT MAX(0, MIN(CAST(COALESCE(s.available, 0) / CAST(c.quantity AS REAL) + 1e-9 AS INTEGER)))
  FROM bundle_components c LEFT JOIN stock s ON s.item_id = c.item_id AND s.agency_id = :agency
  WHERE c.bundle_id = b.id) END`

/** A search lists at most this many matches; the screen asks for a narrower search beyond it. */
export const SEARCH_CAP = 200

export interface CatalogueResult {
  total: number
  /** More rows matched than a search lists. */
  truncated: boolean
  rows: CatalogueRow[]
}

const listColumns = `b.id, b.code, b.name, b.ean13, b.active, b.category_bundle, b.tags, b.components, ${availabilitySql} AS available`

/** A row of the bundle list as SQLite keeps it, read as an array (flags 0 or 1, tags as stored JSON): no object a row. */
type BundleListRow = [
  id: number,
  code: string,
  name: string,
  ean13: string | null,
  active: number,
  categoryBundle: number,
  tags: string,
  components: number,
  available: number | null,
]

const toCatalogueRow = ([id, code, name, ean13, active, categoryBundle, tags, components, available]: BundleListRow): CatalogueRow => ({
  id,
  code,
  name,
  ean13,
  active: active === 1,
  categoryBundle: categoryBundle === 1,
  tags: storedTags(tags),
  components,
  available,
})

/** A bundle's tags as the row keeps them (a JSON array); what no longer reads as one shows no tags. */
function storedTags(text: string): string[] {
  const tags: unknown = parsedJson(text)
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []
}

type Named = Record<string, unknown>

export class BundleSearch {
  // Kept statements, a map a shape: a plucked statement returns its one column; a raw one its row as an array.
  private readonly listRows = new Kept((sql) => this.db.prepare<Named, BundleListRow>(sql).raw(true))
  private readonly hitIds = new Kept((sql) => this.db.prepare<Named, number>(sql).pluck())
  private readonly namedCounts = new Kept((sql) => this.db.prepare<Named, number>(sql).pluck())

  constructor(
    private readonly db: Sqlite,
    private readonly agencyId: () => number | null,
  ) {}

  search(input: CatalogueQuery): CatalogueResult {
    const q = catalogueQuery.parse(input)
    const text = q.query.trim()
    const filters: string[] = []
    const params: Record<string, unknown> = {}
    if (q.active !== 'all') filters.push(`b.active = ${q.active === 'active' ? 1 : 0}`)
    if (q.tag) {
      filters.push('b.id IN (SELECT bundle_id FROM bundle_tags WHERE tag = :tag)')
      params.tag = q.tag
    }
    const and = filters.map((f) => ` AND ${f}`).join('')

    if (!text) {
      const where = filters.length ? `WHERE ${filters.join(' AND ')}` : ''
      const total = this.namedCounts.of(`SELECT count(*) AS n FROM bundles b ${where}`).get(params) ?? 0
      const list = this.listRows.of(`SELECT ${listColumns} FROM bundles b ${where} ORDER BY b.code LIMIT :limit OFFSET :offset`)
      const rows = list.all({ ...params, agency: this.agencyId(), limit: q.limit, offset: q.offset })
      return { total, truncated: false, rows: rows.map(toCatalogueRow) }
    }

    const ids = this.rankedIds(text, and, params)
    const page = ids.slice(q.offset, q.offset + q.limit)
    return { total: ids.length, truncated: ids.length >= SEARCH_CAP, rows: this.rowsByIds(page) }
  }

  /**
   * Matching ids, best first: exact code or barcode, then code prefix, barcode
   * prefix, then words (FTS5), each group by code. Each group reads at most
   * SEARCH_CAP rows by an index, so a keystroke never sorts the whole catalogue.
   */
  private rankedIds(text: string, and: string, filterParams: Record<string, unknown>): number[] {
    const params = { ...filterParams, exact: text, prefix: prefixPattern(text), cap: SEARCH_CAP }
    const ids = (sql: string, p: Named = params) => this.hitIds.of(sql).all(p)
    // Groups read by another index are cut at the cap first, then put in code order (the column's NOCASE). Kept
    // whole, SQLite would fold the cap into the order and sort every match: 16 ms for a common word.
    const byCode = (sql: string) => `WITH hits AS MATERIALIZED (${sql}) SELECT id FROM hits ORDER BY code`
    const groups: number[][] = [
      ids(`SELECT b.id FROM bundles b WHERE (b.code = :exact OR b.ean13 = :exact)${and} ORDER BY b.code`),
      ids(`SELECT b.id FROM bundles b WHERE b.code LIKE :prefix ESCAPE '\\'${and} ORDER BY b.code LIMIT :cap`),
    ]
    // A full group already fills the list: lower groups could not show.
    const full = () => groups.reduce((n, g) => n + g.length, 0) >= SEARCH_CAP
    if (/^\d+$/.test(text) && !full()) {
      groups.push(ids(byCode(`SELECT b.id, b.code FROM bundles b WHERE b.ean13 LIKE :prefix ESCAPE '\\'${and} LIMIT :cap`)))
    }
    const fts = ftsExpression(text)
    if (fts && !full()) {
      const sql = `SELECT b.id, b.code FROM bundle_fts JOIN bundles b ON b.id = bundle_fts.rowid WHERE bundle_fts MATCH :fts${and} LIMIT :cap`
      groups.push(ids(byCode(sql), { ...params, fts }))
    }
    const seen = new Set<number>()
    const ranked: number[] = []
    for (const group of groups) {
      for (const id of group) {
        if (ranked.length >= SEARCH_CAP) return ranked
        if (!seen.has(id)) {
          seen.add(id)
          ranked.push(id)
        }
      }
    }
    return ranked
  }

  private rowsByIds(ids: number[]): CatalogueRow[] {
    if (!ids.length) return []
    const list = this.listRows.of(`SELECT ${listColumns} FROM bundles b WHERE b.id IN (SELECT value FROM json_each(:ids))`)
    const rows = list.all({ ids: JSON.stringify(ids), agency: this.agencyId() })
    const byId = new Map(rows.map((r) => [r[0], toCatalogueRow(r)]))
    return ids.map((id) => byId.get(id)).filter((r): r is CatalogueRow => r !== undefined)
  }
}
