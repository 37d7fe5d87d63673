import { entityCondition, type CompileScope } from './compileScope'
import { GraphqlInputError } from './graphqlInputError'
import { compileOrderBy, type OrderBy } from './orderByCompiler'
import { columnRef, concat, ident, join, sql, type Fragment, type SqlValue } from './sqlFragment'
import type { TableDescription, TableRegistry } from './tableDescription'
import { compileWhere, type BoolExp } from './whereCompiler'

/** The arguments every table field and array relation takes. */
export interface SelectArgs {
  where?: BoolExp | null
  order_by?: readonly OrderBy[] | null
  limit?: number | null
  offset?: number | null
}

export interface CountArgs {
  columns?: readonly string[] | null
  distinct?: boolean | null
}

function checkPaging(args: SelectArgs): { limit: number | null; offset: number } {
  const limit = args.limit ?? null
  const offset = args.offset ?? 0
  if (limit !== null && limit < 0) throw new GraphqlInputError('unexpected negative value for limit')
  if (offset < 0) throw new GraphqlInputError('unexpected negative value for offset')
  return { limit, offset }
}

/**
 * The columns a statement reads: those asked for (plus the key it groups or
 * matches on), or all the described ones. Reading only what the GraphQL
 * selection needs matters at the large scale: turning a column of 5,000 rows
 * into JS values costs about as much as the rest of the query.
 */
export function pickColumns(table: TableDescription, columns: readonly string[] | undefined, keyColumn?: string): string[] {
  if (!columns) return table.columns.map((c) => c.name)
  const wanted = new Set(columns)
  if (keyColumn) wanted.add(keyColumn)
  const picked = table.columns.filter((c) => wanted.has(c.name)).map((c) => c.name)
  // A statement must read something; the primary key is the cheapest.
  return picked.length > 0 ? picked : [table.primaryKey]
}

function columnList(names: readonly string[], alias: string): string {
  return names.map((name) => columnRef(alias, name)).join(', ')
}

function filtered(
  registry: TableRegistry,
  table: TableDescription,
  alias: string,
  where: BoolExp | null | undefined,
  scope: CompileScope,
): Fragment {
  return concat(
    ` FROM ${ident(table.name)} AS ${alias} WHERE `,
    entityCondition(table, alias, scope),
    ' AND ',
    compileWhere(registry, table, where, alias, scope),
  )
}

function pagingClause(limit: number | null, offset: number): Fragment {
  if (limit === null && offset === 0) return sql('')
  // SQLite needs a LIMIT before an OFFSET; -1 means no limit.
  return sql(' LIMIT ? OFFSET ?', limit ?? -1, offset)
}

/** SELECT of a table's described columns (or the asked ones) with where, order_by, limit and offset. */
export function compileSelect(
  registry: TableRegistry,
  table: TableDescription,
  args: SelectArgs,
  scope: CompileScope,
  columns?: readonly string[],
): Fragment {
  const { limit, offset } = checkPaging(args)
  const alias = scope.aliases.next()
  return concat(
    `SELECT ${columnList(pickColumns(table, columns), alias)}`,
    filtered(registry, table, alias, args.where, scope),
    ' ORDER BY ',
    join(compileOrderBy(registry, table, args.order_by, alias, scope), ', '),
    pagingClause(limit, offset),
  )
}

/**
 * COUNT over the same rows a select with these arguments returns (Hasura
 * applies limit and offset before aggregating). With columns, only rows where
 * they are all set count; with distinct, distinct combinations.
 */
export function compileCount(
  registry: TableRegistry,
  table: TableDescription,
  args: SelectArgs,
  count: CountArgs,
  scope: CompileScope,
): Fragment {
  const { limit, offset } = checkPaging(args)
  const alias = scope.aliases.next()
  const columns = count.columns ?? []
  for (const c of columns) if (!registry.column(table, c)) throw new GraphqlInputError(`unknown column ${c} of ${table.name}`)
  const picked = columns.length > 0 ? columns.map((c) => columnRef(alias, c)).join(', ') : '1'
  const notNull = columns.map((c) => sql(`${columnRef(alias, c)} IS NOT NULL`))
  const rows = concat(
    `SELECT ${count.distinct && columns.length > 0 ? 'DISTINCT ' : ''}${picked}`,
    filtered(registry, table, alias, args.where, scope),
    notNull.length > 0 ? concat(' AND ', join(notNull, ' AND ')) : '',
    // Limit and offset pick rows in the table's natural key order, as a select would.
    limit !== null || offset > 0 ? concat(' ORDER BY ', sql(`${columnRef(alias, table.primaryKey)} ASC`), pagingClause(limit, offset)) : '',
  )
  return concat('SELECT COUNT(*) AS count FROM (', rows, ')')
}

/** Rows of `table` whose `keyColumn` is one of `keys` (object relations, batched). */
export function compileKeyedSelect(
  registry: TableRegistry,
  table: TableDescription,
  keyColumn: string,
  keys: readonly SqlValue[],
  scope: CompileScope,
  columns?: readonly string[],
): Fragment {
  const alias = scope.aliases.next()
  return concat(
    `SELECT ${columnList(pickColumns(table, columns, keyColumn), alias)} FROM ${ident(table.name)} AS ${alias} WHERE ${columnRef(alias, keyColumn)} IN (SELECT value FROM json_each(?)) AND `,
    sql('', JSON.stringify(keys)),
    entityCondition(table, alias, scope),
  )
}

/**
 * Rows of `table` for many parents at once (array relations, batched). With
 * limit or offset, each parent's rows are numbered in the asked order and
 * paged separately, as one query per parent would.
 */
export function compileGroupedSelect(
  registry: TableRegistry,
  table: TableDescription,
  keyColumn: string,
  keys: readonly SqlValue[],
  args: SelectArgs,
  scope: CompileScope,
  columns?: readonly string[],
): Fragment {
  const { limit, offset } = checkPaging(args)
  const alias = scope.aliases.next()
  const names = pickColumns(table, columns, keyColumn)
  const source = concat(
    ` FROM ${ident(table.name)} AS ${alias} WHERE ${columnRef(alias, keyColumn)} IN (SELECT value FROM json_each(?)) AND `,
    sql('', JSON.stringify(keys)),
    entityCondition(table, alias, scope),
    ' AND ',
    compileWhere(registry, table, args.where, alias, scope),
  )
  const order = join(compileOrderBy(registry, table, args.order_by, alias, scope), ', ')
  if (limit === null && offset === 0) return concat(`SELECT ${columnList(names, alias)}`, source, ' ORDER BY ', order)
  const outer = scope.aliases.next()
  const upper = limit === null ? '' : ` AND ${outer}."__rn" <= ?`
  return concat(
    `SELECT ${columnList(names, outer)} FROM (SELECT ${columnList(names, alias)}, ROW_NUMBER() OVER (PARTITION BY ${columnRef(alias, keyColumn)} ORDER BY `,
    order,
    ') AS "__rn"',
    source,
    `) AS ${outer} WHERE ${outer}."__rn" > ?${upper} ORDER BY ${outer}."__rn"`,
    sql('', offset),
    limit === null ? '' : sql('', offset + limit),
  )
}
