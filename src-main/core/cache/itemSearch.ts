import type { ItemRow } from '@shared/catalogue'
import type { Sqlite } from '@base/sqlite'
import { SEARCH_CAP, ftsExpression, prefixPattern } from './bundleSearch'
import { toItemRow, type ItemSqlRow } from './catalogueRows'
import { Kept } from './preparedStatements'

/**
 * The item search of the bundle editor's component picker: an exact code or barcode first, then code prefixes, then
 * words of the code, name and barcode (FTS5), each group by code. The words are cut at SEARCH_CAP matches before they
 * are ordered, as the bundle list's are: read whole, a common prefix of the large seed ("ce", "maya pro") took
 * 20–30 ms a keystroke.
 */
export class ItemSearch {
  private readonly rows = new Kept((sql) => this.db.prepare<Record<string, unknown>, ItemSqlRow>(sql))

  constructor(
    private readonly db: Sqlite,
    private readonly agencyId: () => number | null,
  ) {}

  search(query: string, limit: number): ItemRow[] {
    const text = query.trim()
    const fts = ftsExpression(text)
    const params: Record<string, unknown> = { exact: text, prefix: prefixPattern(text), limit, cap: SEARCH_CAP, agency: this.agencyId() }
    if (fts) params.fts = fts
    const words = fts ? 'UNION ALL SELECT * FROM (SELECT rowid, 2 FROM item_fts WHERE item_fts MATCH :fts LIMIT :cap)' : ''
    const sql = `WITH m(id, rank) AS (
        SELECT id, 0 FROM items WHERE code = :exact OR ean13 = :exact
        UNION ALL SELECT * FROM (SELECT id, 1 FROM items WHERE code LIKE :prefix ESCAPE '\\' ORDER BY code LIMIT :limit)
        ${words}
      ), best AS (SELECT id, MIN(rank) AS rank FROM m GROUP BY id)
      SELECT i.id, i.code, i.name, i.ean13, i.measurement_unit, i.item_category_id, i.active, s.available
      FROM best JOIN items i ON i.id = best.id LEFT JOIN stock s ON s.item_id = i.id AND s.agency_id = :agency
      ORDER BY best.rank, i.code LIMIT :limit`
    return this.rows.of(sql).all(params).map(toItemRow)
  }
}
