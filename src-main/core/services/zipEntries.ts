import { createInflateRaw } from 'node:zlib'

/**
 * The entries of a zip file (an .xlsx is one) as its central directory lists them, and each entry's
 * bytes unpacked a chunk at a time, so a reader can stop at the first chunk past a limit. Node's zlib
 * unpacks: fflate's streaming inflate ran at a few MB/s here, 25 times slower.
 */
export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated (the two an .xlsx uses). */
  method: number
  compressedSize: number
  /** As the directory declares it; the bytes unpacked are counted as well, a hostile file may lie. */
  size: number
  /** Where the entry's local header starts. */
  offset: number
}

export class NotAZip extends Error {}

const u16 = (b: Buffer, at: number) => b.readUInt16LE(at)
const u32 = (b: Buffer, at: number) => b.readUInt32LE(at)

export function zipEntries(bytes: Buffer): ZipEntry[] {
  // The end record is the last 22 bytes, unless a comment (at most 64 kB) follows it.
  let end = bytes.length - 22
  const stop = Math.max(0, end - 0xffff)
  while (end >= stop && !(end >= 0 && u32(bytes, end) === 0x06054b50)) end--
  if (end < stop || end < 0) throw new NotAZip('no zip directory at the end of the file')
  const count = u16(bytes, end + 10)
  let at = u32(bytes, end + 16)
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new NotAZip('a damaged zip directory')
    const nameLength = u16(bytes, at + 28)
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      offset: u32(bytes, at + 42),
    }
    // ZIP64 (sizes of 4 GB and more) marks them 0xffffffff: no spreadsheet the app imports is one.
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff) throw new NotAZip('a ZIP64 file')
    entries.push(entry)
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32)
  }
  return entries
}

/**
 * Hands the entry's unpacked bytes to `onChunk` as they come; a throw from `onChunk` stops the unpacking
 * there and rejects with it.
 */
export function unpackEntry(bytes: Buffer, entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
  const at = entry.offset
  if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) return Promise.reject(new NotAZip(`a damaged entry ${entry.name}`))
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (entry.method === 0) {
    try {
      onChunk(data)
      return Promise.resolve()
    } catch (err) {
      return Promise.reject(err)
    }
  }
  if (entry.method !== 8) return Promise.reject(new NotAZip(`entry ${entry.name} is packed in an unknown way (${entry.method})`))
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 })
    inflate.on('data', (chunk: Buffer) => {
      try {
        onChunk(chunk)
      } catch (err) {
        inflate.destroy()
        reject(err)
      }
    })
    inflate.once('end', () => resolve())
    inflate.once('error', reject)
    inflate.end(data)
  })
}
