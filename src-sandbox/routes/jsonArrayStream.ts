import { Readable } from 'node:stream'

/** Bundles per chunk: large enough to keep the overhead low, small enough to let other requests in between. */
const rowsPerChunk = 1000

/**
 * A JSON array of already-serialised elements, as a stream: the 100 MB list
 * of the large scale never sits in memory as one string, and other requests
 * are served between chunks.
 */
export function jsonArrayStream(elements: readonly string[]): Readable {
  function* chunks(): Generator<string> {
    yield '['
    for (let start = 0; start < elements.length; start += rowsPerChunk) {
      yield (start === 0 ? '' : ',') + elements.slice(start, start + rowsPerChunk).join(',')
    }
    yield ']'
  }
  return Readable.from(chunks(), { objectMode: false })
}
