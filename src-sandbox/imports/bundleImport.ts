import type { Sqlite } from '@base/sqlite'
import { readBundleForm, type BundleForm } from '../model/bundleForm'
import { parseDecimal } from '../model/railsDecimal'
import { checkBundle, writeBundle, type SaveRequest } from '../model/saveBundle'
import { validationText as t } from '../model/validationText'
import type { StatementCache } from '../store/statementCache'
import { isBlankRow, type SheetRow } from './sheetRow'

/**
 * A bundle import: a header row naming the columns, then one bundle per row.
 * Tags are `a|b`, components `ITEMCODE:QTY;ITEMCODE:QTY`. All or nothing: a
 * single bad row refuses the whole file, with one message per bad row naming
 * its row number, so the user can fix them all in one go.
 */
export const importColumns = ['code', 'name', 'description', 'ean13', 'tags', 'components'] as const
type ImportColumn = (typeof importColumns)[number]
const requiredColumns: readonly ImportColumn[] = ['code', 'name']

export type ImportOutcome = { ok: true; created: number } | { ok: false; messages: string[] }

/** Where each known column sits, or the problems with the header. */
function readHeader(header: SheetRow): { ok: true; index: Map<ImportColumn, number> } | { ok: false; messages: string[] } {
  const index = new Map<ImportColumn, number>()
  const messages: string[] = []
  header.cells.forEach((raw, position) => {
    const name = raw.trim().toLowerCase()
    if (name === '') return
    if (!(importColumns as readonly string[]).includes(name))
      messages.push(`columna desconocida: ${raw.trim()} (se esperan ${importColumns.join(', ')})`)
    else if (index.has(name as ImportColumn)) messages.push(`columna repetida: ${name}`)
    else index.set(name as ImportColumn, position)
  })
  for (const required of requiredColumns) if (!index.has(required)) messages.push(`falta la columna ${required}`)
  return messages.length > 0 ? { ok: false, messages } : { ok: true, index }
}

/** A problem with a row, under the column it is about. */
interface Problem {
  column: ImportColumn
  text: string
}

/** `ITEMCODE:QTY;…` to component attributes; each problem named after the component as written. */
function readComponents(
  statements: StatementCache,
  entityId: number,
  text: string,
  problems: Problem[],
): { item_id: number; quantity: string }[] {
  const components: { item_id: number; quantity: string }[] = []
  const problem = (text: string) => problems.push({ column: 'components', text: `components ${text}` })
  for (const rawPart of text.split(';')) {
    const part = rawPart.trim()
    if (part === '') continue
    const colon = part.lastIndexOf(':')
    const code = colon < 0 ? '' : part.slice(0, colon).trim()
    const quantityText = colon < 0 ? '' : part.slice(colon + 1).trim()
    if (code === '' || quantityText === '') {
      problem(`"${part}" ${t.invalid} (use CÓDIGO:CANTIDAD)`)
      continue
    }
    const itemId = statements
      .get<[number, string], number>('SELECT id FROM items WHERE entity_id = ? AND code = ?')
      .pluck()
      .get(entityId, code)
    if (itemId === undefined) problem(`${code} no existe`)
    const quantity = parseDecimal(quantityText)
    if (!quantity.ok) problem(`${code} cantidad ${t.notANumber}`)
    else if (quantity.value.lte(0)) problem(`${code} cantidad ${t.greaterThan(0)}`)
    if (itemId !== undefined && quantity.ok && quantity.value.gt(0)) components.push({ item_id: itemId, quantity: quantityText })
  }
  return components
}

/** The file's column a form field comes from. */
function columnOf(field: string): ImportColumn {
  if (field === 'tag_list') return 'tags'
  if (field.startsWith('bundle_details')) return 'components'
  return (importColumns as readonly string[]).includes(field) ? (field as ImportColumn) : 'code'
}

/** A row's message: its problems in the file's column order. */
function rowMessage(rowNumber: number, problems: readonly Problem[]): string {
  const order = (p: Problem) => importColumns.indexOf(p.column)
  return `fila ${rowNumber}: ${[...problems]
    .sort((a, b) => order(a) - order(b))
    .map((p) => p.text)
    .join('; ')}`
}

export interface ImportRequest {
  entityId: number
  userId: number
  now: string
}

/** Validates every row, then creates every bundle, in one transaction. */
export function importBundles(db: Sqlite, statements: StatementCache, rows: readonly SheetRow[], req: ImportRequest): ImportOutcome {
  const content = rows.filter((r) => !isBlankRow(r))
  const [header, ...data] = content
  if (!header) return { ok: false, messages: ['el archivo está vacío'] }
  const columns = readHeader(header)
  if (!columns.ok) return { ok: false, messages: columns.messages }
  if (data.length === 0) return { ok: false, messages: ['el archivo no tiene filas de paquetes'] }
  const cell = (row: SheetRow, column: ImportColumn) => {
    const at = columns.index.get(column)
    return at === undefined ? '' : (row.cells[at] ?? '').trim()
  }

  return db.transaction((): ImportOutcome => {
    const messages: string[] = []
    const requests: SaveRequest[] = []
    const firstRowOfCode = new Map<string, number>()
    for (const row of data) {
      const problems: Problem[] = []
      const components = readComponents(statements, req.entityId, cell(row, 'components'), problems)
      const form: BundleForm = readBundleForm({
        code: cell(row, 'code'),
        name: cell(row, 'name'),
        description: cell(row, 'description'),
        ean13: cell(row, 'ean13'),
        tag_list: cell(row, 'tags').split('|'),
        bundle_details_attributes: components,
      })
      const request: SaveRequest = { ...req, form }
      const check = checkBundle(statements, request)
      if (check.kind === 'invalid') {
        for (const [field, list] of Object.entries(check.errors)) {
          // Component problems were already named after the component as written.
          if (columnOf(field) === 'components') continue
          for (const m of list) problems.push({ column: columnOf(field), text: `${field === 'tag_list' ? 'tags' : field} ${m}` })
        }
      }
      const code = cell(row, 'code')
      const earlier = firstRowOfCode.get(code)
      if (code !== '' && earlier !== undefined) problems.push({ column: 'code', text: `code ${t.taken} (fila ${earlier})` })
      else if (code !== '') firstRowOfCode.set(code, row.number)
      if (problems.length > 0) messages.push(rowMessage(row.number, problems))
      else requests.push(request)
    }
    if (messages.length > 0) return { ok: false, messages }
    for (const request of requests) writeBundle(db, statements, request)
    return { ok: true, created: requests.length }
  })()
}
