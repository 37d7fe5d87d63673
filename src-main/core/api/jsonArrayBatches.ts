import { StringDecoder } from 'node:string_decoder'
import { AppError } from '@shared/errors'

/**
 * The elements of a top-level JSON array, parsed, a batch at a time as the
 * bytes arrive: a list of 100,000 bundles (about 100 MB) is never held whole,
 * nor parsed into one tree. Each piece of text is parsed by one JSON.parse up to
 * the last element it holds whole; where that end cannot be told from the text
 * around it (a `}` in a string or in a nested list), the piece is walked a
 * character at a time instead. Walking every piece cost the full pull about a
 * second of the thread the counter shares. Only objects and arrays as elements
 * are expected (the service lists records); anything else in the array is a bad
 * answer.
 *
 * An element longer than `maxElementChars` (a runaway record) is refused as
 * too large when it passes that size, before it fills the memory.
 */
export async function* jsonArrayBatches(chunks: AsyncIterable<Buffer | string>, maxElementChars = Infinity): AsyncGenerator<unknown[]> {
  const decoder = new StringDecoder('utf8')
  const reader = new BatchReader(maxElementChars)
  for await (const chunk of chunks) {
    const batch = reader.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk))
    if (batch.length > 0) yield batch
  }
  const last = reader.feed(decoder.end())
  if (last.length > 0) yield last
  reader.finish()
}

const bad = (detail: string) => new AppError('bad_response', { detail: `list answer: ${detail}` })

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9
function skipSpace(text: string, from: number): number {
  let i = from
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** Failed guesses at a piece's last whole element before it is walked instead. */
const GUESSES = 3

/** The reading between pieces: whether the array opened and closed, and the text not yet given. */
class BatchReader {
  private started = false
  private ended = false
  private given = false // an element was given: a comma may come first
  private carry = '' // the text after the last element given: a separator, then the start of the next

  constructor(private readonly maxElementChars: number) {}

  feed(chunk: string): unknown[] {
    let text = this.carry + chunk
    this.carry = ''
    if (!this.started) {
      const open = skipSpace(text, 0)
      if (open === text.length) return []
      if (text.charCodeAt(open) !== 91 /* [ */) throw bad('not a JSON array')
      this.started = true
      text = text.slice(open + 1)
    }
    if (this.ended) {
      if (skipSpace(text, 0) < text.length) throw bad('text after the array')
      return []
    }
    let start = skipSpace(text, 0)
    if (this.given && text.charCodeAt(start) === 44 /* , */) start = skipSpace(text, start + 1)
    if (start === text.length) return this.keep(text, [])
    const first = text.charCodeAt(start)
    if (first === 93 /* ] */) {
      this.ended = true
      if (skipSpace(text, start + 1) < text.length) throw bad('text after the array')
      return []
    }
    if (first !== 123 /* { */ && first !== 91 /* [ */) return this.walk(text, start)
    const cut = this.lastWholeElement(text, start)
    if (cut === null) return this.walk(text, start)
    if (cut.end === -1) return this.keep(text.slice(start), [])
    this.given = true
    return this.keep(text.slice(cut.end + 1), cut.elements)
  }

  /** The answer ended: refused unless its array was whole. */
  finish(): void {
    if (!this.ended) throw bad(this.started ? 'the array was cut short' : 'empty answer')
  }

  /**
   * The elements from `start` up to the last `}` or `]` that ends one whole (`end`, -1 when none seems to), or null
   * when the guesses failed. A guess is a closing bracket followed by `,` and an opening one, or by `]`, or the end
   * of the text; one JSON.parse confirms it (a bracket in a string or a nested list makes it fail).
   */
  private lastWholeElement(text: string, start: number): { end: number; elements: unknown[] } | null {
    let guesses = 0
    let brace = text.lastIndexOf('}')
    let bracket = text.lastIndexOf(']')
    for (let end = Math.max(brace, bracket); end > start && guesses < GUESSES; end = Math.max(brace, bracket)) {
      if (end === brace) brace = text.lastIndexOf('}', end - 1)
      else bracket = text.lastIndexOf(']', end - 1)
      const next = skipSpace(text, end + 1)
      const after = next < text.length ? text.charCodeAt(next) : -1
      const opens = after === 44 /* , */ ? text.charCodeAt(skipSpace(text, next + 1)) : -1
      const plausible = after === -1 || after === 93 /* ] */ || opens === 123 /* { */ || opens === 91 /* [ */
      if (!plausible) continue
      guesses++
      let elements: unknown
      try {
        elements = JSON.parse(`[${text.slice(start, end + 1)}]`)
      } catch {
        continue // a bracket inside the last element, or a bad element: an earlier guess, then a walk
      }
      if (!Array.isArray(elements) || elements.some((e) => typeof e !== 'object' || e === null)) {
        throw bad('an element that is not an object')
      }
      return { end, elements }
    }
    return guesses < GUESSES ? { end: -1, elements: [] } : null
  }

  /** The piece walked a character at a time from `start`; what follows its last whole element waits for the next. */
  private walk(text: string, start: number): unknown[] {
    const scanner = new ElementScanner()
    const elements: unknown[] = []
    for (const element of scanner.scan(text, start)) {
      try {
        elements.push(JSON.parse(element))
      } catch {
        throw bad('an element that is not JSON')
      }
    }
    if (elements.length > 0) this.given = true
    if (scanner.ended) {
      this.ended = true
      return elements
    }
    return this.keep(text.slice(scanner.rest), elements)
  }

  private keep(rest: string, elements: unknown[]): unknown[] {
    if (rest.length > this.maxElementChars) {
      throw new AppError('too_large', {
        detail: `list answer: one record passed ${this.maxElementChars} characters; reading stopped`,
      })
    }
    this.carry = rest
    return elements
  }
}

/**
 * A walk through the elements of the array from a point between two of them: each whole element's text, then where
 * the last unfinished one starts (`rest`) or that the array closed (`ended`).
 */
class ElementScanner {
  ended = false
  rest = 0

  public *scan(text: string, from: number): Generator<string> {
    let depth = 0
    let inString = false
    let start = -1
    this.rest = text.length
    for (let i = from; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (inString) {
        // Most of a record's text is inside strings: jump to the next quote instead of walking each character.
        const quote = nextUnescapedQuote(text, i)
        if (quote === -1) break
        i = quote
        inString = false
        continue
      }
      if (isSpace(c)) continue
      if (depth === 0) {
        if (c === 44 /* , */) continue
        if (c === 93 /* ] */) {
          this.ended = true
          if (skipSpace(text, i + 1) < text.length) throw bad('text after the array')
          return
        }
        if (c !== 123 /* { */ && c !== 91 /* [ */) throw bad('an element that is not an object')
        start = i
        depth = 1
        continue
      }
      if (c === 34 /* " */) inString = true
      else if (c === 123 || c === 91) depth++
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--
        if (depth === 0) {
          yield text.slice(start, i + 1)
          start = -1
        }
      }
    }
    if (start !== -1) this.rest = start
  }
}

/** The index of the quote that closes a string whose text goes on from `from`, or -1 when it goes past the text. */
function nextUnescapedQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 92 /* \ */) backslashes++
    if (backslashes % 2 === 0) return quote
  }
  return -1
}
