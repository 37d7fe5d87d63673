import { z } from 'zod'
import type { CellValue, DynamicTable, NewDynamicTable, RowData, TableColumn, TableRow } from '@shared/administration'
import { id, nullableId, nullableTimestamp, text } from './normalise'
import { writeRequest, type RestClient } from './restClient'
import { tableFieldNames } from './serviceFieldNames'

/**
 * Dynamic tables over REST (DESIGN.md: the documented `.json` paths). The
 * service answers a table with its columns in `structure`, `{name: type}`
 * (the SDK's WebAppTableGraphQL); the create payload sends them as two
 * parallel arrays, which an answer may echo instead. The app keeps them as
 * `{name, type}` pairs.
 */
const columnTypeOf = (type: string): TableColumn['type'] =>
  // Types other than text and number (none shown) are shown and edited as text.
  /^(number|numeric|integer|decimal|float)$/i.test(type.trim()) ? 'number' : 'text'

export const dynamicTableSchema = z
  .object({
    id,
    name: text,
    structure: z.record(z.string(), z.string()).nullish(),
    rows_structure: z.array(text).optional(),
    rows_type: z.array(text).optional(),
    rows_count: nullableId.optional(),
    created_at: nullableTimestamp,
    updated_at: nullableTimestamp,
  })
  .transform((t, ctx): DynamicTable => {
    let columns: TableColumn[]
    if (t.structure) columns = Object.entries(t.structure).map(([name, type]) => ({ name, type: columnTypeOf(type) }))
    else if (t.rows_structure && t.rows_type && t.rows_structure.length === t.rows_type.length)
      columns = t.rows_structure.map((name, i) => ({ name, type: columnTypeOf(t.rows_type![i]!) }))
    else {
      ctx.addIssue({ code: 'custom', message: `table ${t.id}: no structure, or column names and types that disagree` })
      return z.NEVER
    }
    return { id: t.id, name: t.name, columns, rowsCount: t.rows_count ?? null, createdAt: t.created_at, updatedAt: t.updated_at }
  })

/**
 * A row's data as read: booleans and strings may sit in any column (rows
 * written by other apps); a nested value is shown as its JSON text. Edits
 * send only the columns changed, so such a value is never written back.
 */
export const rowDataSchema = z.record(
  z.string(),
  z.unknown().transform((v): CellValue => {
    if (v === null || v === undefined) return null
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v
    return JSON.stringify(v)
  }),
)
const rowSchema = z.object({ id, data: rowDataSchema })

const tablesPath = '/apps/webapp_tables'

export async function fetchDynamicTables(rest: RestClient): Promise<DynamicTable[]> {
  return rest.request({ method: 'GET', path: `${tablesPath}.json` }, z.array(dynamicTableSchema))
}

export async function fetchDynamicTable(rest: RestClient, tableId: number): Promise<DynamicTable> {
  return rest.request({ method: 'GET', path: `${tablesPath}/${tableId}.json` }, dynamicTableSchema)
}

/**
 * Writes answer with the record, but an answer of another shape after a 2xx
 * means done (writeRequest): these give null and the caller reads back what it
 * wrote, never inviting a second submit.
 */
export async function createDynamicTable(rest: RestClient, input: NewDynamicTable): Promise<DynamicTable | null> {
  const body = {
    webapp_table: { name: input.name, rows_structure: input.columns.map((c) => c.name), rows_type: input.columns.map((c) => c.type) },
  }
  return writeRequest(rest, { method: 'POST', path: `${tablesPath}.json`, body, fieldNames: tableFieldNames }, dynamicTableSchema)
}

export async function renameDynamicTable(rest: RestClient, tableId: number, name: string): Promise<DynamicTable | null> {
  return writeRequest(
    rest,
    { method: 'PATCH', path: `${tablesPath}/${tableId}.json`, body: { webapp_table: { name } } },
    dynamicTableSchema,
  )
}

export async function deleteDynamicTable(rest: RestClient, tableId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `${tablesPath}/${tableId}.json` }, null)
}

const rowsPath = (tableId: number) => `${tablesPath}/${tableId}/webapp_rows`

export async function fetchTableRow(rest: RestClient, tableId: number, rowId: number): Promise<TableRow> {
  return rest.request({ method: 'GET', path: `${rowsPath(tableId)}/${rowId}.json` }, rowSchema)
}

export async function createTableRow(rest: RestClient, tableId: number, data: RowData): Promise<TableRow | null> {
  return writeRequest(
    rest,
    { method: 'POST', path: `${rowsPath(tableId)}.json`, body: { webapp_row: { data } }, fieldNames: 'asGiven' },
    rowSchema,
  )
}

export async function updateTableRow(rest: RestClient, tableId: number, rowId: number, data: RowData): Promise<TableRow | null> {
  return writeRequest(
    rest,
    { method: 'PATCH', path: `${rowsPath(tableId)}/${rowId}.json`, body: { webapp_row: { data } }, fieldNames: 'asGiven' },
    rowSchema,
  )
}

export async function deleteTableRow(rest: RestClient, tableId: number, rowId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `${rowsPath(tableId)}/${rowId}.json` }, null)
}
