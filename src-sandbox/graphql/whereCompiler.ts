import { entityCondition, type CompileScope } from './compileScope'
import { GraphqlInputError } from './graphqlInputError'
import { columnRef, concat, ident, join, sql, type Fragment, type SqlValue } from './sqlFragment'
import type { ColumnDescription, TableDescription, TableRegistry } from './tableDescription'

/** A `<table>_bool_exp` value as graphql-js hands it over after coercion. */
export type BoolExp = { readonly [key: string]: unknown }

const binaryOperators: Readonly<Record<string, string>> = { _eq: '=', _neq: '<>', _gt: '>', _gte: '>=', _lt: '<', _lte: '<=' }
const likeOperators: Readonly<Record<string, { fn: string; negate: boolean }>> = {
  _like: { fn: 'sb_like', negate: false },
  _nlike: { fn: 'sb_like', negate: true },
  _ilike: { fn: 'sb_ilike', negate: false },
  _nilike: { fn: 'sb_ilike', negate: true },
}

const TRUE = sql('1')
const FALSE = sql('0')

function toSqlValue(column: ColumnDescription, value: unknown): SqlValue {
  // Booleans are stored as 0/1; everything else graphql-js has already typed.
  if (column.type === 'Boolean') return value ? 1 : 0
  // numeric arrives as decimal text; compared as a number, whatever the stored form.
  if (column.type === 'numeric' && typeof value === 'string') return Number(value)
  return value as SqlValue
}

function compileComparison(tableName: string, column: ColumnDescription, alias: string, ops: BoolExp): Fragment {
  const ref = columnRef(alias, column.name)
  const parts: Fragment[] = []
  for (const [op, operand] of Object.entries(ops)) {
    // Hasura once read a null operand as "no condition", which turned typos
    // into full-table answers; the sandbox refuses it so such bugs surface.
    if (operand === null || operand === undefined) {
      throw new GraphqlInputError(`unexpected null value for ${op} on ${tableName}.${column.name}; use _is_null to test for null`)
    }
    const binary = binaryOperators[op]
    const like = likeOperators[op]
    if (binary) parts.push(sql(`${ref} ${binary} ?`, toSqlValue(column, operand)))
    else if (like) parts.push(sql(`${like.negate ? 'NOT ' : ''}${like.fn}(${ref}, ?)`, String(operand)))
    else if (op === '_in' || op === '_nin') {
      const values = (operand as unknown[]).map((v) => toSqlValue(column, v))
      if (values.length === 0) parts.push(op === '_in' ? FALSE : TRUE)
      else parts.push(sql(`${ref} ${op === '_in' ? 'IN' : 'NOT IN'} (SELECT value FROM json_each(?))`, JSON.stringify(values)))
    } else if (op === '_is_null') parts.push(sql(operand ? `${ref} IS NULL` : `${ref} IS NOT NULL`))
    else throw new GraphqlInputError(`unknown operator ${op} on ${tableName}.${column.name}`)
  }
  return conjunction(parts)
}

function conjunction(parts: Fragment[]): Fragment {
  if (parts.length === 0) return TRUE
  if (parts.length === 1) return parts[0]!
  return concat('(', join(parts, ' AND '), ')')
}

function disjunction(parts: Fragment[]): Fragment {
  if (parts.length === 0) return FALSE
  if (parts.length === 1) return parts[0]!
  return concat('(', join(parts, ' OR '), ')')
}

/**
 * Compiles a bool_exp over `table` (aliased `alias`) to a SQL condition.
 * Relations become EXISTS sub-selects, scoped to the current entity like the
 * outer query: an array relation matches when any related row does.
 */
export function compileWhere(
  registry: TableRegistry,
  table: TableDescription,
  exp: BoolExp | null | undefined,
  alias: string,
  scope: CompileScope,
): Fragment {
  if (!exp) return TRUE
  const parts: Fragment[] = []
  for (const [key, value] of Object.entries(exp)) {
    if (value === undefined) continue
    if (key === '_and' || key === '_or') {
      if (value === null) throw new GraphqlInputError(`unexpected null value for ${key} on ${table.name}`)
      const inner = (value as BoolExp[]).map((e) => compileWhere(registry, table, e, alias, scope))
      parts.push(key === '_and' ? conjunction(inner) : disjunction(inner))
    } else if (key === '_not') {
      if (value === null) throw new GraphqlInputError(`unexpected null value for _not on ${table.name}`)
      parts.push(concat('NOT (', compileWhere(registry, table, value as BoolExp, alias, scope), ')'))
    } else {
      const column = registry.column(table, key)
      if (column) {
        if (value === null) throw new GraphqlInputError(`unexpected null value for ${table.name}.${key}`)
        parts.push(compileComparison(table.name, column, alias, value as BoolExp))
        continue
      }
      const relation = registry.relation(table, key)
      if (!relation) throw new GraphqlInputError(`field ${key} not found in type ${table.name}_bool_exp`)
      if (value === null) throw new GraphqlInputError(`unexpected null value for ${table.name}.${key}`)
      const remote = registry.table(relation.table)
      const inner = scope.aliases.next()
      parts.push(
        concat(
          `EXISTS (SELECT 1 FROM ${ident(remote.name)} AS ${inner} WHERE ${columnRef(inner, relation.to)} = ${columnRef(alias, relation.from)} AND `,
          entityCondition(remote, inner, scope),
          ' AND ',
          compileWhere(registry, remote, value as BoolExp, inner, scope),
          ')',
        ),
      )
    }
  }
  return conjunction(parts)
}
