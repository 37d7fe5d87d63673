import { z } from 'zod'
import type { Sqlite } from '@base/sqlite'
import { characterCount, signedDecimalPattern } from '@shared/patterns'
import { errorMessagesFor } from '../routes/validationMessages'
import { validationText } from './validationText'

export const columnTypes = ['text', 'number'] as const
export type ColumnType = (typeof columnTypes)[number]

export interface WebappTableRow {
  id: number
  entity_id: number
  name: string
  rows_structure: string
  rows_type: string
  structure: string
  created_at: string
  updated_at: string
}

export interface WebappRowRow {
  id: number
  entity_id: number
  webapp_table_id: number
  data: string
  created_at: string
  updated_at: string
}

export interface Column {
  name: string
  type: ColumnType
}

// A table's columns and a row's values are kept as JSON texts in their rows; read back, they are parsed, not believed.
const columnNames = z.array(z.string())
const storedColumnTypes = z.array(z.enum(columnTypes))
const storedRowData = z.record(z.string(), z.unknown())

export function columnsOf(table: WebappTableRow): Column[] {
  const names = columnNames.parse(JSON.parse(table.rows_structure))
  const types = storedColumnTypes.parse(JSON.parse(table.rows_type))
  return names.map((name, i) => ({ name, type: types[i] ?? 'text' }))
}

/** A row's values by column name. */
export function dataOf(row: WebappRowRow): Record<string, unknown> {
  return storedRowData.parse(JSON.parse(row.data))
}

/** The `{name: type}` object the service answers with (the SDK's WebAppTableGraphQL.structure). */
export function structureOf(columns: readonly Column[]): Record<string, ColumnType> {
  return Object.fromEntries(columns.map((c) => [c.name, c.type]))
}

export function listWebappTables(db: Sqlite, entityId: number): WebappTableRow[] {
  return db.prepare<[number], WebappTableRow>('SELECT * FROM webapp_tables WHERE entity_id = ? ORDER BY id').all(entityId)
}

export function findWebappTable(db: Sqlite, entityId: number, id: number): WebappTableRow | undefined {
  return db.prepare<[number, number], WebappTableRow>('SELECT * FROM webapp_tables WHERE entity_id = ? AND id = ?').get(entityId, id)
}

export function countRows(db: Sqlite, tableId: number): number {
  return db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM webapp_table_rows WHERE webapp_table_id = ?').get(tableId)!.n
}

type Checked<T> = { kind: 'ok'; value: T } | { kind: 'invalid'; errors: Record<string, string[]> }

function checkName(name: unknown, errors: ReturnType<typeof errorMessagesFor>): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') errors.add('name', validationText.blank)
  else if (characterCount(name.trim()) > 100) errors.add('name', validationText.tooLong(100))
  else return name.trim()
  return undefined
}

/**
 * A new table: a name and at least one column, names unique and types text
 * or number. `rows_structure` and `rows_type` are parallel arrays (docs).
 */
export function checkNewTable(form: Record<string, unknown>): Checked<{ name: string; columns: Column[] }> {
  const errors = errorMessagesFor()
  const name = checkName(form.name, errors)
  const names = form.rows_structure
  const types = form.rows_type
  const columns: Column[] = []
  if (!Array.isArray(names) || names.length === 0) errors.add('rows_structure', validationText.blank)
  else if (!names.every((n) => typeof n === 'string' && n.trim() !== '' && n.trim().length <= 60))
    errors.add('rows_structure', validationText.invalid)
  else if (new Set(names.map((n: string) => n.trim().toLowerCase())).size !== names.length)
    errors.add('rows_structure', validationText.taken)
  if (!Array.isArray(types) || types.length === 0) errors.add('rows_type', validationText.blank)
  else if (!types.every((t) => (columnTypes as readonly unknown[]).includes(t)))
    errors.add('rows_type', `${validationText.invalid} (text, number)`)
  else if (Array.isArray(names) && types.length !== names.length)
    errors.add('rows_type', `debe tener un tipo por columna (${names.length})`)
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }
  ;(names as string[]).forEach((n, i) => columns.push({ name: n.trim(), type: (types as ColumnType[])[i]! }))
  return { kind: 'ok', value: { name: name!, columns } }
}

/** An update may rename the table; its columns are fixed once rows may hold data under them. */
export function checkTableChange(form: Record<string, unknown>): Checked<{ name: string }> {
  const errors = errorMessagesFor()
  const name = checkName(form.name, errors)
  if (form.rows_structure !== undefined || form.rows_type !== undefined)
    errors.add('rows_structure', 'no se puede cambiar después de crear la tabla')
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }
  return { kind: 'ok', value: { name: name! } }
}

const decimalText = signedDecimalPattern

/**
 * A row's data: an object keyed by column name. Text columns take strings,
 * number columns numbers (or a decimal string, kept as the number it spells);
 * a missing column is null; an unknown key is refused rather than dropped.
 */
export function checkRowData(
  columns: readonly Column[],
  data: unknown,
  partialOf?: Record<string, unknown>,
): Checked<Record<string, unknown>> {
  const errors = errorMessagesFor()
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    errors.add('data', validationText.invalid)
    return { kind: 'invalid', errors: errors.fields }
  }
  const given = data as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const column of columns) {
    const value = column.name in given ? given[column.name] : (partialOf?.[column.name] ?? null)
    if (value === null || value === undefined || value === '') out[column.name] = null
    // Rows the service holds may carry booleans (the SDK writes data of any shape): kept as given.
    else if (typeof value === 'boolean') out[column.name] = value
    else if (column.type === 'text') {
      if (typeof value === 'string' || typeof value === 'number') out[column.name] = String(value)
      else errors.add(column.name, validationText.invalid)
    } else if (typeof value === 'number' && Number.isFinite(value)) out[column.name] = value
    else if (typeof value === 'string' && decimalText.test(value.trim())) out[column.name] = Number(value.trim())
    else errors.add(column.name, validationText.notANumber)
  }
  for (const key of Object.keys(given)) if (!columns.some((c) => c.name === key)) errors.add(key, 'no es una columna de la tabla')
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }
  return { kind: 'ok', value: out }
}

export function findRow(db: Sqlite, tableId: number, rowId: number): WebappRowRow | undefined {
  return db
    .prepare<[number, number], WebappRowRow>('SELECT * FROM webapp_table_rows WHERE webapp_table_id = ? AND id = ?')
    .get(tableId, rowId)
}
