import { StringDecoder } from 'node:string_decoder'
import { AppError } from '@shared/errors'

/**
 * The elements of a top-level JSON array, each as its own JSON text, as the
 * bytes arrive: a list of 100,000 bundles (about 100 MB) is never held whole,
 * nor parsed into one tree. Only objects and arrays as elements are expected
 * (the service lists records); anything else in the array is a bad answer.
 */
export async function* jsonArrayElements(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  let started = false // the opening '[' was seen
  let ended = false
  let depth = 0 // inside the array: 0 between elements
  let inString = false
  let escaped = false
  let pending = '' // the current element's text from earlier chunks
  const bad = (detail: string) => new AppError('bad_response', { detail: `list answer: ${detail}` })

  const feed = function* (text: string): Generator<string> {
    let from = -1 // where the current element starts in this chunk
    if (depth > 0) from = 0
    for (let i = 0; i < text.length; i++) {
      if (inString) {
        // Most of a record's text is inside strings: jump to the next quote instead of walking each character.
        if (escaped) {
          escaped = false
          continue
        }
        const quote = text.indexOf('"', i)
        const end = quote === -1 ? text.length : quote
        let backslashes = 0
        while (end - 1 - backslashes >= i && text.charCodeAt(end - 1 - backslashes) === 92 /* \ */) backslashes++
        if (quote === -1) {
          // The string goes on in the next chunk; an odd run of backslashes escapes its first character.
          escaped = backslashes % 2 === 1
          break
        }
        if (backslashes % 2 === 0) inString = false
        i = quote
        continue
      }
      const c = text.charCodeAt(i)
      if (c === 32 || c === 10 || c === 13 || c === 9) continue
      if (!started) {
        if (c !== 91 /* [ */) throw bad('not a JSON array')
        started = true
        continue
      }
      if (ended) throw bad('text after the array')
      if (depth === 0) {
        if (c === 44 /* , */) continue
        if (c === 93 /* ] */) {
          ended = true
          continue
        }
        if (c !== 123 /* { */ && c !== 91 /* [ */) throw bad('an element that is not an object')
        from = i
        depth = 1
        continue
      }
      if (c === 34) inString = true
      else if (c === 123 || c === 91) depth++
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--
        if (depth === 0) {
          yield pending + text.slice(from, i + 1)
          pending = ''
          from = -1
        }
      }
    }
    if (depth > 0) pending += text.slice(from)
  }

  for await (const chunk of chunks) yield* feed(typeof chunk === 'string' ? chunk : decoder.write(chunk))
  yield* feed(decoder.end())
  if (!ended) throw bad(started ? 'the array was cut short' : 'empty answer')
}
