import type { FileData } from '@shared/catalogue'

/** Files cross the contract as base64; these turn them into bytes the browser saves, and back. */

const mimeTypes: Record<string, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
}

export function mimeTypeOf(fileName: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  return mimeTypes[extension] ?? 'application/octet-stream'
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function bytesToBase64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode(...) with a whole file would overflow the call stack.
  const slice = 0x8000
  let binary = ''
  for (let i = 0; i < bytes.length; i += slice) binary += String.fromCharCode(...bytes.subarray(i, i + slice))
  return btoa(binary)
}

/** Hands the file to the browser's (or Electron's) download, which asks or saves to Downloads. */
export function saveFile(file: FileData): void {
  const blob = new Blob([base64ToBytes(file.base64)], { type: mimeTypeOf(file.fileName) })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started reading the blob by then; release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/** Import files larger than this are refused here, before reading them (the contract caps base64 at 30 MB). */
export const maxImportBytes = 20 * 1024 * 1024

export const importExtensions = ['.csv', '.xlsx'] as const

export function isImportFileName(name: string): boolean {
  const lower = name.toLowerCase()
  return importExtensions.some((ext) => lower.endsWith(ext))
}

export async function readFileData(file: File): Promise<FileData> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  return { fileName: file.name, base64: bytesToBase64(bytes) }
}
