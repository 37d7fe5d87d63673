import { z } from 'zod'

/**
 * A bundle's five image slots and its associated forms, as the app uses them.
 * The file checks live here once: the renderer (before reading a dropped
 * file), the CLI (before sending anything) and the core (at its border) all
 * refuse the same files with the same words.
 */

export const imageSlotNumbers = [1, 2, 3, 4, 5] as const
/** 1 is the main image (the service's `image`), 2–5 are `image2` … `image5`. */
export const imageSlot = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
export type ImageSlot = z.infer<typeof imageSlot>

/** What the app sends at most. The service's own limit is not public; the sandbox's is the same. */
export const maxImageBytes = 5 * 1024 * 1024

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

/** What the bytes are, by their first bytes: a file's name or declared type can lie. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i]
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png'
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg'
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(0, 6))) return 'image/gif'
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

export type ImageProblem = 'empty' | 'tooLarge' | 'wrongType'

/** Why a file cannot be a bundle image, or null. The size is checked first: a huge file need not be read further. */
export function imageFileProblem(size: number, head: Uint8Array): ImageProblem | null {
  if (size === 0) return 'empty'
  if (size > maxImageBytes) return 'tooLarge'
  return sniffImageType(head) === null ? 'wrongType' : null
}

/** The same problem in the words of both languages, for the CLI and the core's errors. */
export const imageProblemText: Record<ImageProblem, { es: string; en: string }> = {
  empty: { es: 'el archivo está vacío', en: 'the file is empty' },
  tooLarge: { es: 'el archivo pasa de 5 MB', en: 'the file is larger than 5 MB' },
  wrongType: { es: 'el archivo no es una imagen PNG, JPEG, GIF o WebP', en: 'the file is not a PNG, JPEG, GIF or WebP image' },
}

/** A file handed over by the renderer (a file input or a drop) or the CLI: the bytes themselves, never a path. */
export const imageFile = z.object({
  name: z.string().min(1).max(255),
  type: z.string().max(100),
  // 5 MB in base64 is about 7 million characters; a little room above so the core says "too large" in words.
  base64: z.string().max(8_000_000),
})
export type ImageFile = z.infer<typeof imageFile>

export const bundleImageSlot = z.object({
  slot: imageSlot,
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
})
export type BundleImageSlot = z.infer<typeof bundleImageSlot>

export const bundleFormValue = z.object({ field: z.string(), fieldType: z.string().nullable(), value: z.string().nullable() })
export const bundleForm = z.object({
  name: z.string(),
  description: z.string().nullable(),
  values: z.array(bundleFormValue),
})
export type BundleForm = z.infer<typeof bundleForm>

/** `notGiven`: the server's answer has no forms at all (the interface leaves them unshown). */
export const bundleForms = z.discriminatedUnion('state', [
  z.object({ state: z.literal('given'), forms: z.array(bundleForm), unreadable: z.number().int() }),
  z.object({ state: z.literal('notGiven') }),
])
export type BundleForms = z.infer<typeof bundleForms>

export const bundleMedia = z.object({
  bundleId: z.number().int(),
  images: z.array(bundleImageSlot).length(5),
  forms: bundleForms,
})
export type BundleMedia = z.infer<typeof bundleMedia>
