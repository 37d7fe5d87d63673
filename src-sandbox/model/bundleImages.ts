import type { Sqlite } from '@base/sqlite'
import { isUploadedFile, type UploadedFile } from '../http/multipartBodyParser'
import { trueValues } from './railsCast'

/**
 * A bundle's five image uploads (CarrierWave mounts `image`, `image2` … `image5`).
 * A file arrives as the multipart part `bundle[imageN]`; `bundle[remove_imageN]=1`
 * removes one (CarrierWave's `remove_<column>`). Nothing public shows the
 * service's accepted types or size limit: ours are below and in ADDITIONS.md.
 */

export const imageSlots = [1, 2, 3, 4, 5] as const
export type ImageSlot = (typeof imageSlots)[number]

/** `image` for slot 1, `image2` … `image5`: the response's key and the form's parameter. */
export const imageKey = (slot: ImageSlot) => (slot === 1 ? 'image' : `image${slot}`) as 'image' | 'image2' | 'image3' | 'image4' | 'image5'
export const imageColumn = (slot: ImageSlot) => `${imageKey(slot)}_url` as const

export const maxImageBytes = 5 * 1024 * 1024

const allowedTypes = 'jpg, jpeg, png, gif, webp'

/** The service's Spanish words (CarrierWave's es locale), per upload field. */
export const imageErrorText = {
  wrongType: (found: string) => `no puede subir archivos de tipo ${found}, tipos permitidos: ${allowedTypes}`,
  tooLarge: 'el tamaño del archivo debe ser menor que 5 MB',
  empty: 'no puede estar vacío',
} as const

/** What the bytes are, by their first bytes (a name or a declared type can lie). */
export function sniffImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif'
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp'
  return null
}

const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }

/** CarrierWave's sanitising of a file name: anything but letters, digits, `.`, `-` and `_` becomes `_`. */
export function sanitizeFileName(name: string, type: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-120)
  const ext = extensionOf[type] ?? 'bin'
  if (base === '' || /^_+$/.test(base.replace(/\.[^.]*$/, ''))) return `imagen.${ext}`
  return /\.[A-Za-z0-9]+$/.test(base) ? base : `${base}.${ext}`
}

export type ImageChange =
  { slot: ImageSlot; kind: 'set'; fileName: string; contentType: string; bytes: Buffer } | { slot: ImageSlot; kind: 'remove' }

export interface ImageChanges {
  changes: ImageChange[]
  /** Field errors, keyed like the service's (`image`, `image2`, …). */
  errors: Record<string, string[]>
}

/**
 * The image parameters of a bundle form. A new file for a slot wins over a
 * remove flag for the same slot (the form replaced the picture). A text value
 * where a file belongs (a JSON body) is ignored, as strong parameters drop a
 * string given for an upload.
 */
export function readImageChanges(params: Record<string, unknown>): ImageChanges {
  const changes: ImageChange[] = []
  const errors: Record<string, string[]> = {}
  for (const slot of imageSlots) {
    const key = imageKey(slot)
    const file = params[key]
    if (isUploadedFile(file)) {
      const problem = checkImage(file)
      if (problem) errors[key] = [problem]
      else
        changes.push({
          slot,
          kind: 'set',
          fileName: sanitizeFileName(file.filename, sniffImageType(file.bytes)!),
          contentType: sniffImageType(file.bytes)!,
          bytes: file.bytes,
        })
      continue
    }
    const remove = params[`remove_${key}`]
    if (trueValues.has(remove) || (typeof remove === 'string' && trueValues.has(remove.toLowerCase()))) {
      changes.push({ slot, kind: 'remove' })
    }
  }
  return { changes, errors }
}

/** Why an uploaded file cannot be an image, in the service's words, or null (a booking's pictures use it too). */
export function checkImage(file: UploadedFile): string | null {
  if (file.bytes.length === 0) return imageErrorText.empty
  if (file.bytes.length > maxImageBytes) return imageErrorText.tooLarge
  if (sniffImageType(file.bytes) === null) return imageErrorText.wrongType(file.contentType || 'application/octet-stream')
  return null
}

/** Where the sandbox serves an uploaded file: CarrierWave's store_dir `uploads/<model>/<mounted_as>/<id>`. */
export function uploadPath(bundleId: number, slot: ImageSlot, fileName: string): string {
  return `/uploads/bundle/${imageKey(slot)}/${bundleId}/${fileName}`
}

/** Applies the changes of a saved form; the caller holds the transaction. */
export function writeImageChanges(db: Sqlite, bundleId: number, changes: readonly ImageChange[], now: string): void {
  for (const change of changes) {
    const column = imageColumn(change.slot)
    if (change.kind === 'remove') {
      db.prepare('DELETE FROM bundle_images WHERE bundle_id = ? AND slot = ?').run(bundleId, change.slot)
      db.prepare(`UPDATE bundles SET ${column} = NULL WHERE id = ?`).run(bundleId)
    } else {
      db.prepare(
        `INSERT INTO bundle_images (bundle_id, slot, file_name, content_type, bytes, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (bundle_id, slot) DO UPDATE SET file_name = excluded.file_name, content_type = excluded.content_type,
           bytes = excluded.bytes, uploaded_at = excluded.uploaded_at`,
      ).run(bundleId, change.slot, change.fileName, change.contentType, change.bytes, now)
      db.prepare(`UPDATE bundles SET ${column} = ? WHERE id = ?`).run(uploadPath(bundleId, change.slot, change.fileName), bundleId)
    }
  }
}

export interface StoredImage {
  file_name: string
  content_type: string
  bytes: Buffer
  uploaded_at: string
}

/** The file in a slot, when its name is the one asked for (the upload itself or its `thumbnail_fill_` version). */
export function findStoredImage(db: Sqlite, bundleId: number, slot: ImageSlot, requested: string): StoredImage | undefined {
  const row = db
    .prepare<[number, ImageSlot], StoredImage>(
      'SELECT file_name, content_type, bytes, uploaded_at FROM bundle_images WHERE bundle_id = ? AND slot = ?',
    )
    .get(bundleId, slot)
  if (!row) return undefined
  return requested === row.file_name || requested === `thumbnail_fill_${row.file_name}` ? row : undefined
}

export function slotOfKey(key: string): ImageSlot | undefined {
  return imageSlots.find((slot) => imageKey(slot) === key)
}
