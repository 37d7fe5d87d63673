import type { StatementCache } from '../store/statementCache'
import { newScope } from './compileScope'
import { compileCount, compileGroupedSelect, compileKeyedSelect, compileSelect, type CountArgs, type SelectArgs } from './selectCompiler'
import type { Fragment, SqlValue } from './sqlFragment'
import type { TableDescription, TableRegistry } from './tableDescription'

export type Row = Record<string, unknown>

/** Runs compiled statements for one entity and turns SQLite values into GraphQL ones. */
export class QueryRunner {
  constructor(
    private readonly registry: TableRegistry,
    private readonly statements: StatementCache,
    readonly entityId: number,
  ) {}

  select(table: TableDescription, args: SelectArgs): Row[] {
    return this.rows(table, compileSelect(this.registry, table, args, newScope(this.entityId)))
  }

  count(table: TableDescription, args: SelectArgs, count: CountArgs): number {
    const f = compileCount(this.registry, table, args, count, newScope(this.entityId))
    return (this.statements.get(f.text).get(...f.params) as { count: number }).count
  }

  /** Rows keyed by `keyColumn`, one per key (object relations). */
  byKey(table: TableDescription, keyColumn: string, keys: SqlValue[]): Map<SqlValue, Row> {
    const rows = this.rows(table, compileKeyedSelect(this.registry, table, keyColumn, keys, newScope(this.entityId)))
    return new Map(rows.map((r) => [r[keyColumn] as SqlValue, r]))
  }

  /** Rows grouped by `keyColumn`, in the asked order (array relations). */
  groupedByKey(table: TableDescription, keyColumn: string, keys: SqlValue[], args: SelectArgs): Map<SqlValue, Row[]> {
    const rows = this.rows(table, compileGroupedSelect(this.registry, table, keyColumn, keys, args, newScope(this.entityId)))
    const groups = new Map<SqlValue, Row[]>()
    for (const row of rows) {
      const key = row[keyColumn] as SqlValue
      let group = groups.get(key)
      if (!group) groups.set(key, (group = []))
      group.push(row)
    }
    return groups
  }

  private rows(table: TableDescription, f: Fragment): Row[] {
    const rows = this.statements.get(f.text).all(...f.params) as Row[]
    const booleans = table.columns.filter((c) => c.type === 'Boolean').map((c) => c.name)
    if (booleans.length > 0) {
      for (const row of rows) for (const name of booleans) if (row[name] !== null) row[name] = row[name] !== 0
    }
    return rows
  }
}
