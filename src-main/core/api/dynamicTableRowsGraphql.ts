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
