import ExcelJS from 'exceljs'
import { unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readSheetRows } from '@core/services/sheetReader'

const limits = { maxRows: 100, maxUnpackedBytes: 10_000_000, deadlineMs: 30_000, heapMb: 256 }

/** An .xlsx whose parts are in the order given first, the rest after: a zip's order is the writer's choice. */
async function xlsxInOrder(first: string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('bundles')
  sheet.addRow(['code', 'name'])
  sheet.addRow(['CAJA-1', 'Caja uno'])
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()))
  const ordered: Record<string, Uint8Array> = {}
  for (const name of [...first, ...Object.keys(parts)]) if (parts[name] && !(name in ordered)) ordered[name] = parts[name]
  return Buffer.from(zipSync(ordered)).toString('base64')
}

describe('reading a spreadsheet', () => {
  // exceljs's streaming reader reads a sheet at once when the shared strings and the workbook's relations came
  // before it, and then needs xl/workbook.xml already read (exceljs#962); another program may well write that last.
  it('reads an .xlsx whose sheet comes before its workbook part, after its shared strings', async () => {
    const base64 = await xlsxInOrder(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'])
    const rows = await readSheetRows({ fileName: 'otro programa.xlsx', base64 }, limits)
    expect(rows.map((r) => r.cells.slice(1))).toEqual([
      ['code', 'name'],
      ['CAJA-1', 'Caja uno'],
    ])
  })

  it('reads the same file in the order exceljs writes it', async () => {
    const rows = await readSheetRows({ fileName: 'mostrador.xlsx', base64: await xlsxInOrder([]) }, limits)
    expect(rows.map((r) => r.number)).toEqual([1, 2])
  })
})
