import type Database from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'

/**
 * A statement prepared once per database, typed as `db.prepare<Params, Row>` types it: the outbox's
 * push runs the same few for every entry, and preparing each time would cost more than running it.
 */
export function preparedOnce<P extends unknown[] | object = unknown[], R = unknown>(sql: string): (db: Sqlite) => Database.Statement<P, R> {
  const prepared = new WeakMap<Sqlite, Database.Statement<P, R>>()
  return (db) => {
    let statement = prepared.get(db)
    if (!statement) prepared.set(db, (statement = db.prepare<P, R>(sql)))
    return statement
  }
}
