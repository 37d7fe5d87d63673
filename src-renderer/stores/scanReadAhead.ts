import { request } from '../api'
import type { ScanResult } from '@shared/counter'
import { deepFreeze } from '@shared/deepFreeze'
import { KEEP_ANSWER_MS, keyOf, type ScanAnswerBook } from './scanAnswerBook'

/** How long after the counter opens the window waits before reading answers ahead (never on the way to the first screen). */
export const WARM_AFTER_MS = 1000
/** Answers read ahead are read again this long before they would be too old, at the next scan. */
const REREAD_BEFORE_MS = 10_000
/**
 * Items or bundles per page read ahead (two codes each at most). The core answers a page in one piece, and a
 * clerk's own scan waits behind it: 100 took 11–20 ms on the large seed, 50 keeps that wait under a frame.
 */
export const WARM_PAGE = 50

/**
 * While the counter is open (`warm()`), the answers for the codes a clerk scans most are read ahead into the
 * book, page by page in idle time (the core's counter.scanIndex, each one worked out as a scan would be).
 */
export function createReadAhead(book: ScanAnswerBook) {
  /** The counter is open; a read ahead waiting to start, or under way; when the last one began. */
  let warmed = false
  let waiting: ReturnType<typeof setTimeout> | undefined
  let running = false
  let readAt = 0

  /** Reads answers ahead when the ones read last are gone (a change) or about to be too old; never twice at once. */
  function ifStale(afterMs: number): void {
    if (!warmed || waiting !== undefined || running) return
    if (book.readAheadFor === book.generation && Date.now() - readAt < KEEP_ANSWER_MS - REREAD_BEFORE_MS) return
    waiting = setTimeout(() => {
      waiting = undefined
      running = true
      void readAll().finally(() => (running = false))
    }, afterMs)
  }

  /** Every page of answers ahead, each in idle time; a change meanwhile drops the rest (the next scan reads them again). */
  async function readAll(): Promise<void> {
    const asked = book.generation
    const at = Date.now()
    let offset: number | null = 0
    try {
      while (offset !== null) {
        await idle()
        if (!warmed || asked !== book.generation) return
        const page: { answers: ScanResult[]; next: number | null } = await request('counter.scanIndex', { offset, limit: WARM_PAGE })
        if (!warmed || asked !== book.generation) return
        for (const answer of page.answers)
          if (answer.kind !== 'unknown') book.keep(keyOf(answer.code, undefined), deepFreeze(answer), undefined, at)
        offset = page.next
      }
      book.readAheadFor = asked
      readAt = at
    } catch {
      // Not read ahead this time (no company yet, the core busy): scans ask as they come, and the next one tries again.
    }
  }

  /** The counter is open: answers are read ahead shortly (after its first screen), and again after a change once scanning resumes. */
  function warm(): void {
    warmed = true
    ifStale(WARM_AFTER_MS)
  }

  /** The counter closed: no more reading ahead (what was read stays as long as any answer). */
  function cool(): void {
    warmed = false
    clearTimeout(waiting)
    waiting = undefined
  }

  return { warm, cool, ifStale, isWarm: () => warmed }
}

/** The next idle moment of the window (a scan or a key first); at once where there is no such thing (tests). */
function idle(): Promise<void> {
  return new Promise((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0),
  )
}
