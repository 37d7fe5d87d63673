import type { Sqlite } from '@base/sqlite'

/**
 * Replaces a set of tables whole, as one snapshot: the new rows are written
 * into `next_<table>` copies (same schema and indexes, read from sqlite_master,
 * so the migrations stay the one source of truth), then swapped in by one
 * transaction. Readers see the old snapshot or the new one, never a mix, and a
 * pull that fails halfway leaves the live tables as they were.
 *
 * The swap is cut into statements of one table each, with a turn of the event loop between them
 * (`between`): the counter shares this thread, and a scan that arrives meanwhile waits for one statement, not all.
 */

const staged = (table: string) => `next_${table}`
const replaced = (table: string) => `old_${table}`

/** What runs between two statements: a turn of the event loop, so a request that arrived is answered first. */
export type Between = () => Promise<void>
export const nextTurn: Between = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Index names alternate between __a and __b so both generations can exist until the swap. */
function otherGeneration(indexName: string): string {
  return indexName.endsWith('__a') ? `${indexName.slice(0, -3)}__b` : `${indexName.replace(/__b$/, '')}__a`
}

interface SchemaRow {
  type: 'table' | 'index'
  name: string
  tbl_name: string
  sql: string | null
}

function schemaOf(db: Sqlite, table: string): SchemaRow[] {
  return db
    .prepare<[string], SchemaRow>(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL AND name NOT LIKE 'sqlite_%'",
    )
    .all(table)
}

/**
 * Creates empty `next_` copies of the tables with their indexes (dropping leftovers of a failed pull, or of a swap
 * cut short; the staging lets go of large ones first, a bounded step at a time: `dropLeftStaging`). Indexed as the
 * rows go in, not after: building an index on a loaded table is one statement of up to 60 ms on the large seed, which
 * a scan would wait for whole; row by row, each batch carries its part.
 */
export function createStaging(db: Sqlite, tables: readonly string[]): void {
  db.transaction(() => {
    for (const table of tables) {
      db.exec(`DROP TABLE IF EXISTS ${staged(table)}`)
      db.exec(`DROP TABLE IF EXISTS ${replaced(table)}`)
      const schema = schemaOf(db, table)
      const create = schema.find((r) => r.type === 'table')
      if (!create?.sql) throw new Error(`no table ${table} to stage`)
      db.exec(create.sql.replace(/^(CREATE (?:VIRTUAL )?TABLE )("?)(\w+)\2/i, `$1${staged(table)}`))
      for (const index of schema.filter((r) => r.type === 'index')) {
        db.exec(
          (index.sql as string)
            .replace(new RegExp(`\\b${index.name}\\b`), otherGeneration(index.name))
            .replace(new RegExp(`\\bON\\s+"?${table}"?\\s*\\(`, 'i'), `ON ${staged(table)} (`),
        )
      }
    }
  }).immediate()
}

/**
 * Puts the staged tables in place of the live ones, in one transaction of renames only, with `also` inside it; the
 * replaced tables are emptied and dropped after it, a bounded statement a turn (`dropReplaced`). The renames leave
 * views and triggers naming the live tables as they were.
 */
export async function swapIn(db: Sqlite, tables: readonly string[], also?: () => void, between: Between = nextTurn): Promise<void> {
  db.pragma('legacy_alter_table = ON')
  try {
    db.transaction(() => {
      for (const table of tables) {
        db.exec(`ALTER TABLE ${table} RENAME TO ${replaced(table)}`)
        db.exec(`ALTER TABLE ${staged(table)} RENAME TO ${table}`)
      }
      also?.()
    }).immediate()
  } finally {
    db.pragma('legacy_alter_table = OFF')
  }
  for (const table of tables) await dropReplaced(db, replaced(table), between)
}

/**
 * How long one statement letting go of a replaced table may hold the file. A drop is one statement that frees every
 * page of the table: 30–60 ms for the old bundles' records on the large seed, and a clerk's save that came meanwhile
 * waited for it, then for SQLite's next retry (24–109 ms at p99 beside 11–22 ms idle). Rows cost what their pages do
 * (a bundle's record several pages, a component a few bytes), so each statement's rows follow the last one's time.
 */
const STEP_MS = 4

/**
 * The `next_` copies of the tables a failed pull left (and no later try goes on from), let go of as the replaced
 * tables are (`dropReplaced`): a try long ago may have staged hundreds of MB.
 */
export async function dropLeftStaging(db: Sqlite, tables: readonly string[], between: Between = nextTurn): Promise<void> {
  for (const table of tables) await dropReplaced(db, staged(table), between)
}

/**
 * Drops a replaced table a bounded statement a turn: its indexes one by one, then its rows (without its indexes a
 * row costs a quarter to a seventh as much to delete), then the empty table. A virtual table (its words) goes whole.
 */
async function dropReplaced(db: Sqlite, table: string, between: Between): Promise<void> {
  const kind = db.prepare<[string], { type: string; wr: number }>('SELECT type, wr FROM pragma_table_list(?)').get(table)
  if (kind?.type === 'table' && kind.wr === 0) {
    const indexes = db
      .prepare<[string], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .pluck()
      .all(table)
    for (const index of indexes) {
      await between()
      db.exec(`DROP INDEX ${index}`)
    }
    const some = db.prepare<[number]>(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} LIMIT ?)`)
    for (let rows = 200; ;) {
      await between()
      const started = performance.now()
      if (some.run(rows).changes === 0) break
      const took = Math.max(performance.now() - started, 0.1)
      rows = Math.round(Math.min(5000, Math.max(50, (rows * STEP_MS) / took)))
    }
  }
  await between()
  db.exec(`DROP TABLE IF EXISTS ${table}`)
}
