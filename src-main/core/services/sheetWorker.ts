import { Readable } from 'node:stream'
import { parentPort, workerData } from 'node:worker_threads'
import type ExcelJS from 'exceljs'
import type { SheetJob, SheetAnswer, SheetRow } from './sheetJob'
import { NotAZip, unpackEntry, zipEntries } from './zipEntries'

/**
 * Reads a spreadsheet off the main thread (started by sheetReader.ts): the file is first streamed once
 * without parsing, its rows counted and its unpacked size added up, and refused at the first chunk past a
 * limit; only a file within them is parsed, by exceljs's streaming reader (loaded only then). A
 * 300,000-row file used to be parsed whole on the main thread before its row count was looked at.
 */

class OverLimit extends Error {
  constructor(readonly problem: 'tooManyRows' | 'tooLarge') {
    super(problem)
  }
}

/** A sheet's row elements (`<row …>`, with or without a namespace prefix), counted as the XML streams by. */
const rowTag = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g
/** Longer than any row tag's start, so one cut between two chunks is seen whole in the next. */
const CARRY = 64

/** Unpacks the sheets first (where the rows are), then the rest, only to count: one chunk at a time. */
async function scanXlsx(bytes: Buffer, job: SheetJob): Promise<void> {
  const entries = zipEntries(bytes)
  const isSheet = (e: { name: string }) => /^xl\/worksheets\/sheet\d*\.xml$/.test(e.name)
  let unpacked = 0
  for (const entry of [...entries.filter(isSheet), ...entries.filter((e) => !isSheet(e))]) {
    let rows = 0
    let carry = ''
    await unpackEntry(bytes, entry, (chunk) => {
      unpacked += chunk.length
      if (unpacked > job.maxUnpackedBytes) throw new OverLimit('tooLarge')
      if (!isSheet(entry)) return
      const text = carry + chunk.toString('latin1')
      for (const m of text.matchAll(rowTag)) if (m.index + m[0].length > carry.length) rows++
      if (rows > job.maxRows + 1) throw new OverLimit('tooManyRows')
      carry = text.slice(-CARRY)
    })
  }
}

/** Records of a CSV (RFC 4180: a quoted field may hold line breaks), counted without parsing them. */
function scanCsv(bytes: Buffer, job: SheetJob): void {
  if (bytes.length > job.maxUnpackedBytes) throw new OverLimit('tooLarge')
  let records = 0
  let quoted = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b === 0x22) quoted = !quoted
    else if (b === 0x0a && !quoted && ++records > job.maxRows + 1) throw new OverLimit('tooManyRows')
  }
}

const excel = async () => (await import('exceljs')).default

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return ''
  if (typeof v === 'object' && 'text' in v) return String(v.text)
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '')
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('')
  return String(v).trim()
}

const rowOf = (row: ExcelJS.Row): SheetRow => ({ number: row.number, cells: (row.values as ExcelJS.CellValue[]).map(cellText) })

/**
 * exceljs's streaming reader reads a sheet at once when the shared strings and the workbook's relations came before
 * it in the zip, and then needs xl/workbook.xml read already (exceljs#962): a valid file whose workbook part comes
 * last fails there with "reading 'sheets'". Such a file, within the limits scanXlsx checked, is read whole instead.
 */
async function parseXlsx(bytes: Buffer, job: SheetJob): Promise<SheetRow[]> {
  try {
    return await streamXlsx(bytes, job)
  } catch (err) {
    if (err instanceof OverLimit) throw err
    return loadXlsx(bytes, job)
  }
}

async function loadXlsx(bytes: Buffer, job: SheetJob): Promise<SheetRow[]> {
  const workbook = new (await excel()).Workbook()
  await workbook.xlsx.load(new Uint8Array(bytes).buffer)
  const rows: SheetRow[] = []
  workbook.worksheets[0]?.eachRow((row) => rows.push(rowOf(row)))
  if (rows.length > job.maxRows + 1) throw new OverLimit('tooManyRows')
  return rows
}

async function streamXlsx(bytes: Buffer, job: SheetJob): Promise<SheetRow[]> {
  const rows: SheetRow[] = []
  const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  })
  // The first sheet only, as the import layout says.
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (rows.length > job.maxRows) throw new OverLimit('tooManyRows')
      rows.push(rowOf(row))
    }
    break
  }
  return rows
}

async function parseCsv(bytes: Buffer): Promise<SheetRow[]> {
  const sheet = await new (await excel()).Workbook().csv.read(Readable.from(bytes))
  const rows: SheetRow[] = []
  sheet.eachRow((row) => rows.push(rowOf(row)))
  return rows
}

async function read(job: SheetJob): Promise<SheetAnswer> {
  const bytes = Buffer.from(job.bytes)
  try {
    if (job.kind === 'xlsx') await scanXlsx(bytes, job)
    else scanCsv(bytes, job)
    return { ok: true, rows: job.kind === 'xlsx' ? await parseXlsx(bytes, job) : await parseCsv(bytes) }
  } catch (err) {
    if (err instanceof OverLimit) return { ok: false, problem: err.problem }
    if (err instanceof NotAZip) return { ok: false, problem: 'unreadable', detail: `it is not an .xlsx file (${err.message})` }
    return { ok: false, problem: 'unreadable', detail: err instanceof Error ? err.message : String(err) }
  }
}

void read(workerData as SheetJob).then((answer) => parentPort?.postMessage(answer))
