import { isUploadedFile } from '../http/multipartBodyParser'
import { csvRows } from './csvRows'
import type { SheetRow } from './sheetRow'
import { xlsxRows } from './xlsxRows'

/**
 * The upload as the service takes it: a multipart file part (docs-zauru
 * inventarios/inventarios-paquetes.md names `bundle_import[file]`; the
 * service's other imports are multipart `<name>_import[file]`,
 * contabilidad/importaciones.md). The file's extension says how to read it.
 */
export type ReadFileResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string }

/** UTF-8 unless the bytes are not, then Windows-1252 (Excel's "CSV" on a Spanish Windows). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

export async function readImportFile(file: unknown): Promise<ReadFileResult> {
  if (file === undefined || file === null || file === '') return { ok: false, message: 'no puede estar en blanco' }
  if (!isUploadedFile(file)) return { ok: false, message: 'debe ser un archivo adjunto' }
  const { filename, bytes } = file
  if (filename.trim() === '') return { ok: false, message: 'debe tener un nombre' }
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
