import { entityCondition, type CompileScope } from './compileScope'
import { GraphqlInputError } from './graphqlInputError'
import { columnRef, concat, ident, sql, type Fragment } from './sqlFragment'
import type { TableDescription, TableRegistry } from './tableDescription'

/** One `<table>_order_by` value: column → direction, object relation → nested order_by. */
export type OrderBy = { readonly [key: string]: unknown }

/** PostgreSQL's defaults, which Hasura inherits: nulls last ascending, first descending. */
export const orderDirections: Readonly<Record<string, string>> = {
  asc: 'ASC NULLS LAST',
  asc_nulls_first: 'ASC NULLS FIRST',
  asc_nulls_last: 'ASC NULLS LAST',
  desc: 'DESC NULLS FIRST',
  desc_nulls_first: 'DESC NULLS FIRST',
  desc_nulls_last: 'DESC NULLS LAST',
}

type Wrap = (inner: Fragment) => Fragment

function terms(
  registry: TableRegistry,
  table: TableDescription,
  spec: OrderBy,
  alias: string,
  wrap: Wrap,
  scope: CompileScope,
): Fragment[] {
  const out: Fragment[] = []
  for (const [key, value] of Object.entries(spec)) {
    if (value === undefined || value === null) continue
    if (registry.column(table, key)) {
      const direction = orderDirections[String(value)]
      if (!direction) throw new GraphqlInputError(`unknown order direction ${String(value)}`)
      out.push(concat(wrap(sql(columnRef(alias, key))), ` ${direction}`))
      continue
    }
    const relation = registry.relation(table, key)
    if (!relation || relation.kind !== 'object') throw new GraphqlInputError(`field ${key} not found in type ${table.name}_order_by`)
    const remote = registry.table(relation.table)
    const inner = scope.aliases.next()
    // Ordering by a related row's column is a scalar sub-select per row.
    const nestedWrap: Wrap = (expr) =>
      wrap(
        concat(
          '(SELECT ',
          expr,
          ` FROM ${ident(remote.name)} AS ${inner} WHERE ${columnRef(inner, relation.to)} = ${columnRef(alias, relation.from)} AND `,
          entityCondition(remote, inner, scope),
          ')',
        ),
      )
    out.push(...terms(registry, remote, value as OrderBy, inner, nestedWrap, scope))
  }
  return out
}

/**
 * Compiles an order_by list to ORDER BY terms. The primary key always comes
 * last so that limit/offset pages are stable even when the asked order ties.
 */
export function compileOrderBy(
  registry: TableRegistry,
  table: TableDescription,
  orderBy: readonly OrderBy[] | null | undefined,
  alias: string,
  scope: CompileScope,
): Fragment[] {
  const out: Fragment[] = []
  for (const spec of orderBy ?? []) out.push(...terms(registry, table, spec, alias, (f) => f, scope))
  out.push(sql(`${columnRef(alias, table.primaryKey)} ASC`))
  return out
}
