import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'

// Statements prepared once and kept: a save, a push and a keystroke's search run the same few many times,
// and preparing each time would cost more than running them. Both keepers type a statement as
// `db.prepare<Params, Row>` types it, so what it reads needs no cast.

/** One statement of fixed SQL, prepared once per database file (a module's own statement). */
export function preparedOnce<P extends unknown[] | object = unknown[], R = unknown>(sql: string): (db: Sqlite) => Statement<P, R> {
  const prepared = new WeakMap<Sqlite, Statement<P, R>>()
  return (db) => {
    let statement = prepared.get(db)
    if (!statement) prepared.set(db, (statement = db.prepare<P, R>(sql)))
    return statement
  }
}

/** Statements of one shape (parameters, row) by their SQL, for SQL built at run time: one Kept a shape. */
export class Kept<S> {
  private readonly bySql = new Map<string, S>()
  constructor(private readonly prepare: (sql: string) => S) {}

  of(sql: string): S {
    let stmt = this.bySql.get(sql)
    if (!stmt) this.bySql.set(sql, (stmt = this.prepare(sql)))
    return stmt
  }
}
