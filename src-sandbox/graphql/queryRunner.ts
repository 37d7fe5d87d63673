import type { StatementCache } from '../store/statementCache'
import { newScope } from './compileScope'
import {
  compileCount,
  compileGroupedSelect,
  compileKeyedSelect,
  compileSelect,
  pickColumns,
  type CountArgs,
  type SelectArgs,
} from './selectCompiler'
import type { Fragment, SqlValue } from './sqlFragment'
import type { TableDescription, TableRegistry } from './tableDescription'

export type Row = Record<string, unknown>

/**
 * Runs compiled statements for one entity and turns SQLite values into
 * GraphQL ones. `columns` limits what a statement reads (absent: every
 * described column).
 */
export class QueryRunner {
  constructor(
    private readonly registry: TableRegistry,
    private readonly statements: StatementCache,
    readonly entityId: number,
  ) {}

  select(table: TableDescription, args: SelectArgs, columns?: readonly string[]): Row[] {
    return this.rows(table, compileSelect(this.registry, table, args, newScope(this.entityId), columns), pickColumns(table, columns))
  }

  count(table: TableDescription, args: SelectArgs, count: CountArgs): number {
    const f = compileCount(this.registry, table, args, count, newScope(this.entityId))
    return this.statements.get<SqlValue[], { count: number }>(f.text).get(...f.params)!.count
  }

  /** Rows keyed by `keyColumn`, one per key (object relations). */
  byKey(table: TableDescription, keyColumn: string, keys: SqlValue[], columns?: readonly string[]): Map<SqlValue, Row> {
    const f = compileKeyedSelect(this.registry, table, keyColumn, keys, newScope(this.entityId), columns)
    const rows = this.rows(table, f, pickColumns(table, columns, keyColumn))
    return new Map(rows.map((r) => [r[keyColumn] as SqlValue, r]))
  }

  /** Rows grouped by `keyColumn`, in the asked order (array relations). */
  groupedByKey(
    table: TableDescription,
    keyColumn: string,
    keys: SqlValue[],
    args: SelectArgs,
    columns?: readonly string[],
  ): Map<SqlValue, Row[]> {
    const f = compileGroupedSelect(this.registry, table, keyColumn, keys, args, newScope(this.entityId), columns)
    const rows = this.rows(table, f, pickColumns(table, columns, keyColumn))
    const groups = new Map<SqlValue, Row[]>()
    for (const row of rows) {
      const key = row[keyColumn] as SqlValue
      let group = groups.get(key)
      if (!group) groups.set(key, (group = []))
      group.push(row)
    }
    return groups
  }

  /** Strings per key from a string-list field's SQL (tags per bundle). */
  stringLists(sqlText: string, keys: SqlValue[]): Map<SqlValue, string[]> {
    const rows = this.statements.get<[string], [SqlValue, string]>(sqlText).raw().all(JSON.stringify(keys))
    const lists = new Map<SqlValue, string[]>()
    for (const [key, value] of rows) {
      const list = lists.get(key)
      if (list) list.push(value)
      else lists.set(key, [value])
    }
    return lists
  }

  private rows(table: TableDescription, f: Fragment, read: readonly string[]): Row[] {
    const rows = this.statements.get<SqlValue[], Row>(f.text).all(...f.params)
    const booleans = table.columns.filter((c) => c.type === 'Boolean' && read.includes(c.name)).map((c) => c.name)
    if (booleans.length > 0) {
      for (const row of rows) for (const name of booleans) if (row[name] !== null) row[name] = row[name] !== 0
    }
    return rows
  }
}
