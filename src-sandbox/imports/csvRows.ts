import type { SheetRow } from './sheetRow'

/**
 * RFC 4180 CSV: quoted fields may hold the delimiter, doubled quotes and line
 * breaks; CRLF or LF; a UTF-8 byte-order mark is dropped. A spreadsheet saved
 * as CSV in a Spanish locale separates with ";", so the delimiter is the one
 * the header line uses (a comma unless the header has semicolons and no commas).
 * Rows are numbered by record, as a spreadsheet numbers them.
 */
export function csvRows(text: string): SheetRow[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const delimiter = detectDelimiter(source)
  const rows: SheetRow[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    rows.push({ number: rows.length + 1, cells })
    cells = []
    cell = ''
  }
  while (i < source.length) {
    const c = source[i]!
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
      } else cell += c
      i++
      continue
    }
    if (c === '"' && cell === '') quoted = true
    else if (c === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (c === '\r' && source[i + 1] === '\n') {
      endRecord()
      i++
    } else if (c === '\n' || c === '\r') endRecord()
    else cell += c
    i++
  }
  // The last record needs no line break after it.
  if (cell !== '' || cells.length > 0 || quoted) endRecord()
  return rows
}

function detectDelimiter(source: string): string {
  const firstLine = source.slice(0, source.search(/\r|\n|$/))
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
}
