import { z } from 'zod'
import type { DynamicTable, NewDynamicTable, RowData, TableRow } from '../../../src-shared/administration'
import { id, nullableId, nullableTimestamp, text } from './normalise'
import type { RestClient } from './restClient'

/**
 * Dynamic tables over REST (DESIGN.md: the documented `.json` paths). A
 * table's columns come as two parallel arrays; the app keeps them as
 * `{name, type}` pairs, refusing a table whose arrays disagree.
 */
const tableSchema = z
  .object({
    id,
    name: text,
    rows_structure: z.array(text),
    rows_type: z.array(z.enum(['text', 'number'])),
    rows_count: nullableId.optional(),
    created_at: nullableTimestamp,
    updated_at: nullableTimestamp,
  })
  .transform((t, ctx): DynamicTable => {
    if (t.rows_structure.length !== t.rows_type.length) {
      ctx.addIssue({ code: 'custom', message: `table ${t.id}: ${t.rows_structure.length} column names for ${t.rows_type.length} types` })
      return z.NEVER
    }
    return {
      id: t.id,
      name: t.name,
      columns: t.rows_structure.map((name, i) => ({ name, type: t.rows_type[i]! })),
      rowsCount: t.rows_count ?? null,
      created_at: t.created_at,
      updated_at: t.updated_at,
    }
  })

export const rowDataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]))
const rowSchema = z.object({ id, data: rowDataSchema })

const tablesPath = '/apps/webapp_tables'

export async function fetchDynamicTables(rest: RestClient): Promise<DynamicTable[]> {
  return rest.request({ method: 'GET', path: `${tablesPath}.json` }, z.array(tableSchema))
}

export async function fetchDynamicTable(rest: RestClient, tableId: number): Promise<DynamicTable> {
  return rest.request({ method: 'GET', path: `${tablesPath}/${tableId}.json` }, tableSchema)
}

export async function createDynamicTable(rest: RestClient, input: NewDynamicTable): Promise<DynamicTable> {
  const body = {
    webapp_table: { name: input.name, rows_structure: input.columns.map((c) => c.name), rows_type: input.columns.map((c) => c.type) },
  }
  return rest.request({ method: 'POST', path: `${tablesPath}.json`, body }, tableSchema)
}

export async function renameDynamicTable(rest: RestClient, tableId: number, name: string): Promise<DynamicTable> {
  return rest.request({ method: 'PATCH', path: `${tablesPath}/${tableId}.json`, body: { webapp_table: { name } } }, tableSchema)
}

export async function deleteDynamicTable(rest: RestClient, tableId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `${tablesPath}/${tableId}.json` }, null)
}

const rowsPath = (tableId: number) => `${tablesPath}/${tableId}/webapp_rows`

export async function createTableRow(rest: RestClient, tableId: number, data: RowData): Promise<TableRow> {
  return rest.request({ method: 'POST', path: `${rowsPath(tableId)}.json`, body: { webapp_row: { data } } }, rowSchema)
}

export async function updateTableRow(rest: RestClient, tableId: number, rowId: number, data: RowData): Promise<TableRow> {
  return rest.request({ method: 'PATCH', path: `${rowsPath(tableId)}/${rowId}.json`, body: { webapp_row: { data } } }, rowSchema)
}

export async function deleteTableRow(rest: RestClient, tableId: number, rowId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `${rowsPath(tableId)}/${rowId}.json` }, null)
}
