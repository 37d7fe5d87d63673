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
  const scanner = new ArrayScanner(surround, maxElementChars)
  for await (const chunk of chunks) yield* scanner.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk))
  yield* scanner.feed(decoder.end())
  scanner.finish()
}

const bad = (detail: string) => new AppError('bad_response', { detail: `list answer: ${detail}` })

/** What a character before the array or between its elements did to the scan of the chunk. */
type Step = 'next' | 'element' | 'stop'

/**
 * The scan's state between chunks, one method a state: inside a string, before the array, between its
 * elements, inside one. `feed` walks a chunk's characters and hands each to the method of the state it is in.
 */
class ArrayScanner {
  private started = false // the opening '[' was seen
  private ended = false
  private depth = 0 // inside the array: 0 between elements
  private inString = false
  private escaped = false
  private pending = '' // the current element's text from earlier chunks
  private opaque = false // with surround: the first array was not the one wanted, the rest is kept as it is

  constructor(
    private readonly surround: ArraySurround | undefined,
    private readonly maxElementChars: number,
  ) {}

  *feed(text: string): Generator<string> {
    const surround = this.surround
    if (surround && this.ended) {
      surround.after += text
      return
    }
    if (surround && this.opaque) {
      surround.before += text
      return
    }
    let from = this.depth > 0 ? 0 : -1 // where the current element starts in this chunk
    const outsideFrom = surround && !this.started ? 0 : -1 // where text before the array starts in this chunk
    for (let i = 0; i < text.length; i++) {
      if (this.inString) {
        const quote = this.skipString(text, i)
        if (quote === -1) break
        i = quote
        continue
      }
      const c = text.charCodeAt(i)
      if (c === 32 || c === 10 || c === 13 || c === 9) continue
      if (!this.started) {
        if (this.beforeArray(text, i, c, outsideFrom) === 'stop') return
        continue
      }
      if (this.ended) throw bad('text after the array')
      if (this.depth === 0) {
        const step = this.betweenElements(text, i, c)
        if (step === 'stop') return
        if (step === 'element') from = i
        continue
      }
      if (this.closesElement(c)) {
        yield this.pending + text.slice(from, i + 1)
        this.pending = ''
        from = -1
      }
    }
    this.keepRest(text, from, outsideFrom)
  }

  /** The answer ended: refused unless its array was whole (with surround, an answer without one is kept whole). */
  finish(): void {
    if (this.surround && !this.started) return
    if (!this.ended) throw bad(this.started ? 'the array was cut short' : 'empty answer')
  }

  /** Inside a string from `i`: the index of its closing quote, or -1 when it goes on in the next chunk. */
  private skipString(text: string, i: number): number {
    // Most of a record's text is inside strings: jump to the next quote instead of walking each character.
    if (this.escaped) {
      this.escaped = false
      return i
    }
    const quote = text.indexOf('"', i)
    const end = quote === -1 ? text.length : quote
    let backslashes = 0
    while (end - 1 - backslashes >= i && text.charCodeAt(end - 1 - backslashes) === 92 /* \ */) backslashes++
    if (quote === -1) {
      // The string goes on in the next chunk; an odd run of backslashes escapes its first character.
      this.escaped = backslashes % 2 === 1
      return -1
    }
    if (backslashes % 2 === 0) this.inString = false
    return quote
  }

  private beforeArray(text: string, i: number, c: number, outsideFrom: number): Step {
    const surround = this.surround
    if (surround && c === 34 /* " */) {
      this.inString = true // a key or value before the array: its brackets are not the array's
      return 'next'
    }
    if (c !== 91 /* [ */) {
      if (surround) return 'next'
      throw bad('not a JSON array')
    }
    if (surround) {
      surround.before += text.slice(outsideFrom, i)
      if (surround.accept && !surround.accept(surround.before)) {
        this.opaque = true
        surround.before += text.slice(i)
        return 'stop'
      }
      surround.found = true
    }
    this.started = true
    return 'next'
  }

  private betweenElements(text: string, i: number, c: number): Step {
    if (c === 44 /* , */) return 'next'
    if (c === 93 /* ] */) {
      this.ended = true
      if (this.surround) {
        this.surround.after += text.slice(i + 1)
        return 'stop'
      }
      return 'next'
    }
    if (c !== 123 /* { */ && c !== 91 /* [ */) throw bad('an element that is not an object')
    this.depth = 1
    return 'element'
  }

  /** A character inside an element: true when it closes the element. */
  private closesElement(c: number): boolean {
    if (c === 34) this.inString = true
    else if (c === 123 || c === 91) this.depth++
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      this.depth--
      return this.depth === 0
    }
    return false
  }

  /** The chunk's tail: an unfinished element waits for the next chunk (within its size), text before the array is kept. */
  private keepRest(text: string, from: number, outsideFrom: number): void {
    if (this.depth > 0) {
      this.pending += text.slice(from)
      if (this.pending.length > this.maxElementChars) {
        throw new AppError('too_large', {
          detail: `list answer: one record passed ${this.maxElementChars} characters; reading stopped`,
        })
      }
    }
    if (this.surround && !this.started) this.surround.before += text.slice(outsideFrom)
  }
}
