import { StringDecoder } from 'node:string_decoder'
import { AppError } from '@shared/errors'

/** The text around the first array of an answer, for `jsonArrayElements` with `surround`. */
export interface ArraySurround {
  /** Whether the text before an array announces the array wanted (else the whole text is kept in `before`). */
  accept?: (before: string) => boolean
  /** The array was found (else `before` holds the whole text). */
  found: boolean
  /** The text before its '[' (whole by the time its first element is given). */
  before: string
  /** The text after its ']' (whole once the elements are done). */
  after: string
}

/**
 * The elements of a top-level JSON array, each as its own JSON text, as the
 * bytes arrive: a list of 100,000 bundles (about 100 MB) is never held whole,
 * nor parsed into one tree. Only objects and arrays as elements are expected
 * (the service lists records); anything else in the array is a bad answer.
 *
 * With `surround`, the array is the first one in the text wherever it is (a
 * GraphQL answer's `{"data":{"bundles":[…]}}`) when `accept` takes the text
 * before it, and the text around it is kept there instead of refused, for the
 * caller to parse: what is left once the elements are taken out is small. An
 * answer of another shape gives no elements and is kept whole in `before`.
 *
 * An element longer than `maxElementChars` (a runaway record) is refused as
 * too large when it passes that size, before it fills the memory.
 */
export async function* jsonArrayElements(
  chunks: AsyncIterable<Buffer | string>,
  surround?: ArraySurround,
  maxElementChars = Infinity,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  let started = false // the opening '[' was seen
  let ended = false
  let depth = 0 // inside the array: 0 between elements
  let inString = false
  let escaped = false
  let pending = '' // the current element's text from earlier chunks
  let opaque = false // with surround: the first array was not the one wanted, the rest is kept as it is
  const bad = (detail: string) => new AppError('bad_response', { detail: `list answer: ${detail}` })

  const feed = function* (text: string): Generator<string> {
    if (surround && ended) {
      surround.after += text
      return
    }
    if (surround && opaque) {
      surround.before += text
      return
    }
    let from = -1 // where the current element starts in this chunk
    if (depth > 0) from = 0
    const outsideFrom = surround && !started ? 0 : -1 // where text before the array starts in this chunk
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
        if (surround && c === 34 /* " */) {
          inString = true // a key or value before the array: its brackets are not the array's
          continue
        }
        if (c !== 91 /* [ */) {
          if (surround) continue
          throw bad('not a JSON array')
        }
        if (surround) {
          surround.before += text.slice(outsideFrom, i)
          if (surround.accept && !surround.accept(surround.before)) {
            opaque = true
            surround.before += text.slice(i)
            return
          }
          surround.found = true
        }
        started = true
        continue
      }
      if (ended) throw bad('text after the array')
      if (depth === 0) {
        if (c === 44 /* , */) continue
        if (c === 93 /* ] */) {
          ended = true
          if (surround) {
            surround.after += text.slice(i + 1)
            return
          }
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
    if (depth > 0) {
      pending += text.slice(from)
      if (pending.length > maxElementChars) {
        throw new AppError('too_large', { detail: `list answer: one record passed ${maxElementChars} characters; reading stopped` })
      }
    }
    if (surround && !started) surround.before += text.slice(outsideFrom)
  }

  for await (const chunk of chunks) yield* feed(typeof chunk === 'string' ? chunk : decoder.write(chunk))
  yield* feed(decoder.end())
  if (surround && !started) return
  if (!ended) throw bad(started ? 'the array was cut short' : 'empty answer')
}
