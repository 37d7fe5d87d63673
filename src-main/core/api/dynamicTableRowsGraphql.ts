import { z } from 'zod'
import type { TableRow } from '@shared/administration'
import { rowDataSchema } from './dynamicTablesApi'
import type { GraphqlClient } from './graphqlClient'
import { idLiteral } from './idLiteral'
import { id } from './normalise'

const rowsAnswer = z.object({ webapp_rows: z.array(z.object({ id, data: rowDataSchema.nullable().transform((d) => d ?? {}) })) })

/** Rows asked for at a time; a role limited to fewer gets shorter pages, and paging goes on. */
export const ROWS_PAGE_SIZE = 1000

/**
 * One page of a table's rows through the root `webapp_rows`, as the SDK reads
 * them (getWebAppRowsByWebAppTableId): the interface's `webapp_table_rows
 * { id data }` has no table id to filter by on the real service. The table and
 * row ids are literals (idLiteral.ts): the SDK has declared both columns `Int`.
 */
export function rowsPageQuery(tableId: number, after: number): string {
  return `query($limit: Int!) { webapp_rows(where: {webapp_table_id: {_eq: ${idLiteral(tableId)}}, id: {_gt: ${idLiteral(after)}}}, order_by: [{id: asc}], limit: $limit) { id data } }`
}

/** A dynamic table's rows, in id order: page after page until one comes back empty. */
export async function fetchTableRows(graphql: GraphqlClient, tableId: number, pageSize = ROWS_PAGE_SIZE): Promise<TableRow[]> {
  const rows: TableRow[] = []
  for (;;) {
    const after = rows[rows.length - 1]?.id ?? 0
    const { webapp_rows: page } = await graphql.data(rowsPageQuery(tableId, after), rowsAnswer, { limit: pageSize })
    if (page.length === 0) return rows
    rows.push(...page)
  }
}

/**
 * The table's rows with an id above `after`, newest first: with `after` 0 and
 * limit 1 the newest row (what was there before a write), then the rows a write
 * may have added. Ids only grow, so a row added by a lost write is among them
 * however many rows the table holds.
 */
export function rowsAfterQuery(tableId: number, after: number): string {
  return `query($limit: Int!) { webapp_rows(where: {webapp_table_id: {_eq: ${idLiteral(tableId)}}, id: {_gt: ${idLiteral(after)}}}, order_by: [{id: desc}], limit: $limit) { id data } }`
}

export async function fetchRowsAfter(graphql: GraphqlClient, tableId: number, after: number, limit: number): Promise<TableRow[]> {
  const { webapp_rows } = await graphql.data(rowsAfterQuery(tableId, after), rowsAnswer, { limit })
  return webapp_rows
}
