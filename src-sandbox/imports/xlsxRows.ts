import type ExcelJS from 'exceljs'
import type { SheetRow } from './sheetRow'

/** What exceljs hands back for a cell, as the text the user sees. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  // A 13-digit barcode typed into Excel becomes a number; String() keeps every digit below 2^53.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue)
  if ('text' in value) return String(value.text)
  // An error cell (#N/A…) holds no usable text.
  return ''
}

/** The first worksheet's rows, numbered as Excel shows them; an unreadable file throws. */
export async function xlsxRows(data: Buffer): Promise<SheetRow[]> {
  // Loaded at the first spreadsheet, not with the sandbox: every start of the CLI and the app would pay for it.
  const workbook = new (await import('exceljs')).default.Workbook()
  await workbook.xlsx.load(data as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) return []
  const rows: SheetRow[] = []
  const width = sheet.columnCount
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = []
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim())
    rows.push({ number, cells })
  })
  return rows
}
