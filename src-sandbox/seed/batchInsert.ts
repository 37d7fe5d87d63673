import type Database from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'

type Value = string | number | null

/**
 * Inserts rows many at a time: one multi-row INSERT with positional
 * parameters per batch. At the large scale (hundreds of thousands of rows)
 * a statement per row spends most of its time crossing into SQLite.
 */
export class BatchInsert {
  private readonly full: Database.Statement
  private readonly pending: Value[] = []
  private readonly rowSql: string

  constructor(
    private readonly db: Sqlite,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly batchRows = 100,
  ) {
    this.rowSql = `(${columns.map(() => '?').join(', ')})`
    this.full = db.prepare(this.statementFor(batchRows))
  }

  /** Adds one row, values in the order of `columns`; call flush() when done. */
  add(values: readonly Value[]): void {
    if (values.length !== this.columns.length) throw new Error(`${this.table}: ${values.length} values for ${this.columns.length} columns`)
    for (const v of values) this.pending.push(v)
    if (this.pending.length === this.columns.length * this.batchRows) {
      this.full.run(this.pending)
      this.pending.length = 0
    }
  }

  flush(): void {
    if (this.pending.length === 0) return
    this.db.prepare(this.statementFor(this.pending.length / this.columns.length)).run(this.pending)
    this.pending.length = 0
  }

  private statementFor(rows: number): string {
    return `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => this.rowSql).join(', ')}`
  }
}
