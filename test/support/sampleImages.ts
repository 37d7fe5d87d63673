import { deflateSync } from 'node:zlib'

/** Small real images for upload tests: decodable by a browser, so a thumbnail really shows. */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A size×size PNG filled with one colour (RGB). */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const raw = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The start of a JPEG (enough for a type check by magic bytes, not a picture). */
export const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

/** A PNG-looking name on a text file: what a type check by bytes must refuse. */
export const notAnImage = Buffer.from('esto no es una imagen\n', 'utf8')

/** Larger than the 5 MB the sandbox accepts, starting like a PNG so only the size is wrong. */
export function oversizedPng(): Buffer {
  const big = Buffer.alloc(5 * 1024 * 1024 + 1)
  solidPng(1, [0, 0, 0]).copy(big)
  return big
}

/**
 * The JPEG given with an EXIF block (APP1, `Exif\0\0` and a little-endian TIFF header with no entries) put
 * right after its start: what a phone's photo carries, its location among it.
 */
export function withExif(jpeg: Buffer): Buffer {
  const tiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(body.length + 2)
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, body, jpeg.subarray(2)])
}

/** Whether a JPEG has an EXIF block: an APP1 segment starting `Exif`, among the segments before the picture's data. */
export function hasExif(jpeg: Buffer): boolean {
  return jpegSegments(jpeg).some((s) => s.marker === 0xe1 && jpeg.toString('latin1', s.at + 4, s.at + 8) === 'Exif')
}

/** A JPEG's width and height, from its frame header (SOF0–SOF2). */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const frame = jpegSegments(jpeg).find((s) => s.marker >= 0xc0 && s.marker <= 0xc2)
  if (!frame) throw new Error('no frame header: not a JPEG')
  return { height: jpeg.readUInt16BE(frame.at + 5), width: jpeg.readUInt16BE(frame.at + 7) }
}

function jpegSegments(jpeg: Buffer): { marker: number; at: number }[] {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG')
  const found: { marker: number; at: number }[] = []
  let at = 2
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!
    found.push({ marker, at })
    if (marker === 0xda) break // the picture's data follows: no more headers
    at += 2 + jpeg.readUInt16BE(at + 2)
  }
  return found
}
