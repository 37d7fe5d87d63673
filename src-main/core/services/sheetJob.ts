/** What the spreadsheet worker (sheetWorker.ts) is given and answers: plain data, copied between threads. */

export interface SheetJob {
  kind: 'xlsx' | 'csv'
  /** The file's bytes, handed over (transferred) to the worker. */
  bytes: ArrayBuffer
  /** Rows after the header row. */
  maxRows: number
  /** The most the file may hold once unpacked (an xlsx is a zip: 3 MB may unpack into gigabytes). */
  maxUnpackedBytes: number
}

/** A row of the first sheet: its number (1 is the header) and its cells as text, from column 1 at index 1. */
export interface SheetRow {
  number: number
  cells: string[]
}

export type SheetAnswer =
  { ok: true; rows: SheetRow[] } | { ok: false; problem: 'tooManyRows' | 'tooLarge' | 'unreadable'; detail?: string }
