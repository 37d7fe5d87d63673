import type { CatalogueRow, FileData } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { normalQuantity } from '@shared/bookingLines/quantities'
import { isValidQuantity } from '@shared/patterns'
import { readSheetRows, type SheetLimits } from './sheetReader'

/** Loaded at the first file, not with the core: a command line's sync or a window's start never needs it. */
const excel = async () => (await import('exceljs')).default

/**
 * Bundle spreadsheets, read and written with exceljs. One layout both ways, so
 * an exported list can be edited and imported again:
 *   code | name | description | ean13 | tags (a|b) | components (ITEM:QTY;ITEM:QTY) | active | available
 * The last two are for reading only; an import ignores them.
 */

export const importColumns = ['code', 'name', 'description', 'ean13', 'tags', 'components'] as const
const exportColumns = [...importColumns, 'active', 'available'] as const
const MAX_ROWS = 20_000

export interface ExportRow extends CatalogueRow {
  description: string | null
  componentsText: string
}

/**
 * "CODE:2.0;…" as the catalogue writes quantities ("CODE:2"): the cache keeps the service's decimal text,
 * and a file read beside the screen should say the same number the same way.
 */
function componentsAsWritten(text: string): string {
  return text
    .split(';')
    .map((part) => {
      const at = part.lastIndexOf(':')
      const quantity = part.slice(at + 1)
      return at > 0 && isValidQuantity(quantity) ? `${part.slice(0, at)}:${normalQuantity(quantity)}` : part
    })
    .join(';')
}

export async function writeBundleFile(rows: Iterable<ExportRow>, format: 'xlsx' | 'csv', baseName: string): Promise<FileData> {
  const workbook = new (await excel()).Workbook()
  const sheet = workbook.addWorksheet('bundles')
  sheet.addRow([...exportColumns])
  for (const r of rows) {
    sheet.addRow([
      r.code,
      r.name,
      r.description ?? '',
      r.ean13 ?? '',
      r.tags.join('|'),
      componentsAsWritten(r.componentsText),
      r.active ? 1 : 0,
      r.available ?? '',
    ])
  }
  const buffer = format === 'xlsx' ? await workbook.xlsx.writeBuffer() : await workbook.csv.writeBuffer()
  return { fileName: `${baseName}.${format}`, base64: Buffer.from(buffer as ArrayBuffer).toString('base64') }
}

export interface ParsedRow {
  row: number
  values: Record<(typeof importColumns)[number], string>
}

/** The rows, and the columns the file has: a column it lacks leaves that field of an existing bundle alone. */
export interface ParsedFile {
  columns: ReadonlySet<string>
  rows: ParsedRow[]
}

/**
 * What an import file may hold: 20,000 rows after the header, 100 MB once unpacked (a 20,000-row file
 * with long descriptions is a few MB; an xlsx is a zip, and a small one can unpack into gigabytes).
 */
const limits: SheetLimits = { maxRows: MAX_ROWS, maxUnpackedBytes: 100_000_000, deadlineMs: 60_000, heapMb: 512 }

export async function parseBundleFile(file: FileData): Promise<ParsedFile> {
  const [head, ...body] = await readSheetRows(file, limits)
  const header = (head?.cells ?? []).map((v) => v.toLowerCase())
  const position = Object.fromEntries(importColumns.map((c) => [c, header.indexOf(c)]))
  const missing = (['code', 'name'] as const).filter((c) => (position[c] ?? -1) < 0)
  if (missing.length)
    throw new AppError('bad_input', { field: 'file', detail: `the first row must name the columns; missing: ${missing.join(', ')}` })
  const rows: ParsedRow[] = []
  for (const { number, cells } of body) {
    const values = Object.fromEntries(
      importColumns.map((c) => [c, (position[c] ?? -1) >= 0 ? (cells[position[c] as number] ?? '') : '']),
    ) as ParsedRow['values']
    if (Object.values(values).every((v) => v === '')) continue
    rows.push({ row: number, values })
  }
  if (rows.length > MAX_ROWS) throw new AppError('bad_input', { field: 'file', detail: `at most ${MAX_ROWS} rows per file` })
  return { columns: new Set(importColumns.filter((c) => (position[c] ?? -1) >= 0)), rows }
}

/** The rows as a clean CSV in the import layout: what the preview showed is exactly what is sent. */
export async function cleanImportFile(rows: ParsedRow[]): Promise<FileData> {
  const workbook = new (await excel()).Workbook()
  const sheet = workbook.addWorksheet('bundles')
  sheet.addRow([...importColumns])
  for (const r of rows) sheet.addRow(importColumns.map((c) => r.values[c]))
  const buffer = await workbook.csv.writeBuffer()
  return { fileName: 'bundles.csv', base64: Buffer.from(buffer as ArrayBuffer).toString('base64') }
}
