import { readRestBundleColumns, type RestBundleColumns } from '../api/bundleColumnsRest'
import type { Statement } from 'better-sqlite3'
import type { RestClient } from '../api/restClient'
import type { Sqlite } from '@base/sqlite'

/**
 * The REST list's bundle columns, kept in a temporary table while the full pull reads the GraphQL pages beside the
 * list (never the whole list in memory). A column each, so the row is typed by its statement: no JSON to re-check.
 */

/** The row as SQLite keeps it, in column order (arrays, not objects: 100,000 rows a pull): flags as 0 or 1. */
type RestColumnsRow = [
  id: number,
  zid: number | null,
  ean13: string | null,
  extra_description: string | null,
  entity_id: number | null,
  updater_id: number | null,
  created_at: string | null,
  pays_vat: number,
  quotable: number,
  ecommerce: number,
  sellable: number,
  purchasable: number,
  category_bundle: number,
  item_country_code_id: number | null,
  weight: number | null,
  volume: number | null,
  measurement_unit: string | null,
  color: string | null,
  youtube_video_url: string | null,
]

const columnNames = `id, zid, ean13, extra_description, entity_id, updater_id, created_at, pays_vat, quotable, ecommerce, sellable, purchasable, category_bundle, item_country_code_id, weight, volume, measurement_unit, color, youtube_video_url`

const flag = (value: boolean) => (value ? 1 : 0)

function rowValues(id: number, c: RestBundleColumns): RestColumnsRow {
  return [
    id,
    c.zid,
    c.ean13,
    c.extra_description,
    c.entity_id,
    c.updater_id,
    c.created_at,
    flag(c.pays_vat),
    flag(c.quotable),
    flag(c.ecommerce),
    flag(c.sellable),
    flag(c.purchasable),
    flag(c.category_bundle),
    c.item_country_code_id,
    c.weight,
    c.volume,
    c.measurement_unit,
    c.color,
    c.youtube_video_url,
  ]
}

function columnsOf(r: RestColumnsRow): RestBundleColumns {
  return {
    zid: r[1],
    ean13: r[2],
    extra_description: r[3],
    entity_id: r[4],
    updater_id: r[5],
    created_at: r[6],
    pays_vat: r[7] === 1,
    quotable: r[8] === 1,
    ecommerce: r[9] === 1,
    sellable: r[10] === 1,
    purchasable: r[11] === 1,
    category_bundle: r[12] === 1,
    item_country_code_id: r[13],
    weight: r[14],
    volume: r[15],
    measurement_unit: r[16],
    color: r[17],
    youtube_video_url: r[18],
  }
}

/** The kept columns of the bundles with ids from `first` to `last` (the pages come in id order), by id. */
export function restColumnsReader(db: Sqlite): (first: number, last: number) => Map<number, RestBundleColumns> {
  const read = db
    .prepare<[number, number], RestColumnsRow>(`SELECT ${columnNames} FROM temp.rest_bundle_columns WHERE id BETWEEN ? AND ?`)
    .raw()
  return (first, last) => new Map(read.all(first, last).map((r) => [r[0], columnsOf(r)]))
}

/** The table on a pull's connection: opened before the list is asked for, filled as it streams in, dropped after. */
export class RestColumnsTable {
  /** The insert into the table as last opened (a statement outlives no table it names). */
  private insert: Statement<RestColumnsRow> | null = null

  constructor(private readonly db: Sqlite) {}

  open(): void {
    this.db.exec(
      `DROP TABLE IF EXISTS temp.rest_bundle_columns; CREATE TEMP TABLE rest_bundle_columns (${columnNames.replace('id,', 'id INTEGER PRIMARY KEY,')})`,
    )
    this.insert = this.db.prepare<RestColumnsRow>(
      `INSERT OR REPLACE INTO temp.rest_bundle_columns VALUES (${columnNames.replace(/\w+/g, '?')})`,
    )
  }

  keep(batch: readonly { id: number; columns: RestBundleColumns }[]): void {
    const keep = this.insert
    if (!keep) throw new Error('the REST columns table was not opened')
    this.db.transaction(() => {
      for (const b of batch) keep.run(...rowValues(b.id, b.columns))
    })()
  }

  drop(): void {
    this.insert = null
    this.db.exec('DROP TABLE IF EXISTS temp.rest_bundle_columns')
  }

  /**
   * Opens the table and reads the list into it, beside the caller's own reads. `whole`: whether the list came whole;
   * `letGo`: gives up a read still coming (on a metered line its bytes would go to a table about to go), waits for its
   * end, and drops the table.
   */
  readFrom(rest: RestClient): { whole: Promise<boolean>; letGo: () => Promise<void> } {
    this.open()
    const listing = new AbortController()
    const whole = readRestBundleColumns(rest, (batch) => this.keep(batch), listing.signal).then(
      () => true,
      () => false,
    )
    const letGo = async () => {
      listing.abort()
      await whole
      this.drop()
    }
    return { whole, letGo }
  }
}
