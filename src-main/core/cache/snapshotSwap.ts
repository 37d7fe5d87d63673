import type { Sqlite } from '@base/sqlite'

/**
 * Replaces a set of tables whole, as one snapshot: the new rows are written
 * into `next_<table>` copies (same schema, read from sqlite_master, so the
 * migrations stay the one source of truth), indexed, then swapped in by one
 * transaction. Readers see the old snapshot or the new one, never a mix, and a
 * pull that fails halfway leaves the live tables as they were.
 */

const staged = (table: string) => `next_${table}`

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

/** Creates empty `next_` copies of the tables (dropping leftovers of a failed pull). */
export function createStaging(db: Sqlite, tables: readonly string[]): void {
  db.transaction(() => {
    for (const table of tables) {
      db.exec(`DROP TABLE IF EXISTS ${staged(table)}`)
      const create = schemaOf(db, table).find((r) => r.type === 'table')
      if (!create?.sql) throw new Error(`no table ${table} to stage`)
      db.exec(create.sql.replace(/^(CREATE (?:VIRTUAL )?TABLE )("?)(\w+)\2/i, `$1${staged(table)}`))
    }
  })()
}

/** Builds the staged tables' indexes (after loading: much faster than indexing row by row). */
export function indexStaging(db: Sqlite, tables: readonly string[]): void {
  for (const table of tables) {
    for (const index of schemaOf(db, table).filter((r) => r.type === 'index')) {
      const sql = (index.sql as string)
        .replace(new RegExp(`\\b${index.name}\\b`), otherGeneration(index.name))
        .replace(new RegExp(`\\bON\\s+"?${table}"?\\s*\\(`, 'i'), `ON ${staged(table)} (`)
      db.exec(sql)
    }
  }
}

/** Puts the staged tables in place of the live ones, in one transaction, with `also` inside it. */
export function swapIn(db: Sqlite, tables: readonly string[], also?: () => void): void {
  db.transaction(() => {
    for (const table of tables) {
      db.exec(`DROP TABLE ${table}`)
      db.exec(`ALTER TABLE ${staged(table)} RENAME TO ${table}`)
    }
    also?.()
  })()
}

export function dropStaging(db: Sqlite, tables: readonly string[]): void {
  for (const table of tables) db.exec(`DROP TABLE IF EXISTS ${staged(table)}`)
}
