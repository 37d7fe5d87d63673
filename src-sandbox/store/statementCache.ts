import type Database from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'

/**
 * GraphQL compiles to a handful of SQL shapes that repeat with new parameters;
 * preparing each shape once saves most of a small query's cost.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>()
  constructor(
    private readonly db: Sqlite,
    private readonly capacity = 500,
  ) {}

  /**
   * The statement for `sql`, typed by its parameters and the row it reads (as `db.prepare<Params, Row>` types it):
   * the cache holds statements of every shape, so the type the caller names is the one its SQL was written for.
   */
  get<Params extends unknown[] = unknown[], Result = unknown>(sql: string): Database.Statement<Params, Result> {
    let statement = this.statements.get(sql)
    if (statement) {
      // Re-insert so the map's order is least-recently-used first.
      this.statements.delete(sql)
    } else {
      statement = this.db.prepare(sql)
      if (this.statements.size >= this.capacity) this.statements.delete(this.statements.keys().next().value as string)
    }
    this.statements.set(sql, statement)
    return statement as Database.Statement<Params, Result>
  }

  clear(): void {
    this.statements.clear()
  }
}
