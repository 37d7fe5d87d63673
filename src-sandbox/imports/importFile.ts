import { csvRows } from './csvRows'
import type { SheetRow } from './sheetRow'
import { xlsxRows } from './xlsxRows'

/**
 * The upload as the sandbox takes it: `{filename, data}` with the bytes in
 * base64 (the spec leaves the encoding open: ours). The file's extension says
 * how to read it.
 */
export type ReadFileResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string }

const base64Text = /^[A-Za-z0-9+/\s]*={0,2}\s*$/

/** UTF-8 unless the bytes are not, then Windows-1252 (Excel's "CSV" on a Spanish Windows). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

export async function readImportFile(file: unknown): Promise<ReadFileResult> {
  if (typeof file !== 'object' || file === null) return { ok: false, message: 'no puede estar en blanco' }
  const { filename, data } = file as Record<string, unknown>
  if (typeof filename !== 'string' || filename.trim() === '') return { ok: false, message: 'debe tener un nombre (filename)' }
  if (typeof data !== 'string' || data.trim() === '' || !base64Text.test(data))
    return { ok: false, message: 'debe traer su contenido en base64 (data)' }
  const bytes = Buffer.from(data, 'base64')
  const extension = /\.([^.]+)$/.exec(filename.trim())?.[1]?.toLowerCase()
  if (extension === 'csv') return { ok: true, rows: csvRows(decodeText(bytes)) }
  if (extension === 'xlsx') {
    try {
      return { ok: true, rows: await xlsxRows(bytes) }
    } catch {
      return { ok: false, message: 'no es un archivo .xlsx válido' }
    }
  }
  return { ok: false, message: 'debe ser un archivo .csv o .xlsx' }
}
