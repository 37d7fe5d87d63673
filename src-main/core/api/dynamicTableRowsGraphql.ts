import { z } from 'zod'
import type { TableRow } from '@shared/administration'
import { rowDataSchema } from './dynamicTablesApi'
import type { GraphqlClient } from './graphqlClient'
import { id } from './normalise'

const rowsAnswer = z.object({ webapp_rows: z.array(z.object({ id, data: rowDataSchema.nullable().transform((d) => d ?? {}) })) })

/**
 * Rows through the root `webapp_rows`, as the SDK reads them
 * (getWebAppRowsByWebAppTableId): the interface's `webapp_table_rows { id data }`
 * has no table id to filter by on the real service.
 */
export const TABLE_ROWS_QUERY =
  'query($table: bigint!, $limit: Int!) { webapp_rows(where: {webapp_table_id: {_eq: $table}}, order_by: [{id: asc}], limit: $limit) { id data } }'

/** A dynamic table's rows, in id order. */
export async function fetchTableRows(graphql: GraphqlClient, tableId: number, limit = 5000): Promise<TableRow[]> {
  const { webapp_rows } = await graphql.data(TABLE_ROWS_QUERY, rowsAnswer, { table: tableId, limit })
  return webapp_rows
}

/**
 * The table's rows with an id above `after`, newest first: with `after` 0 and
 * limit 1 the newest row (what was there before a write), then the rows a write
 * may have added. Ids only grow, so a row added by a lost write is among them
 * however many rows the table holds.
 */
export const ROWS_AFTER_QUERY =
  'query($table: bigint!, $after: bigint!, $limit: Int!) { webapp_rows(where: {webapp_table_id: {_eq: $table}, id: {_gt: $after}}, order_by: [{id: desc}], limit: $limit) { id data } }'

export async function fetchRowsAfter(graphql: GraphqlClient, tableId: number, after: number, limit: number): Promise<TableRow[]> {
  const { webapp_rows } = await graphql.data(ROWS_AFTER_QUERY, rowsAnswer, { table: tableId, after, limit })
  return webapp_rows
}
