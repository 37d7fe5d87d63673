import { defineStore } from 'pinia'
import { watch } from 'vue'
import { onEvent, request } from '../api'
import type { ScanResult } from '@shared/counter'
import { deepFreeze } from '@shared/deepFreeze'
import { useCatalogueStore } from './catalogue'
import { ScanAnswerBook, keyOf, type Known } from './scanAnswerBook'
import { createAskAgain } from './scanAskAgain'
import { createReadAhead } from './scanReadAhead'

export { ASK_AGAIN_AT_MOST, KEEP_ANSWER_MS } from './scanAnswerBook'
export { WARM_AFTER_MS, WARM_PAGE } from './scanReadAhead'

/**
 * The counter's answers to scanned codes, kept in the window for the current company, so that a code the
 * core already answered is a line in the first frame after Enter (test/bench/counter/scanner.bench.ts):
 * no round trip to the host, which alone can take longer than a frame. The core stays the one that knows
 * (lookup, lots at the agency, the availability net of unsent bookings, the inactive refusal); this keeps
 * its answers and forgets them whenever the core announces a change that can move one: a booking changed
 * (the net figure), the catalogue pulled or edited (stock, lots, bundles), another company or session.
 * A booking saved or sent moves the figures of its own items only: the answers that speak of them are set
 * aside until the core sends those items' new figures (event counter.itemsMoved, right after the change),
 * then kept again with them put in; the rest stay. So the next booking's scans are lines in the first frame
 * too, the booked items' included, and a save costs no request more (see forgetBooked).
 * Unknown codes are never kept: the host is asked each time (a pull may have brought them).
 * Answers are frozen: a draft line holds the answer's lots as they are, and Vue leaves them plain.
 *
 * While the counter is open (`warm()`), the answers for the codes a clerk scans most are read ahead
 * (scanReadAhead.ts), so a code new to this window is a line in the first frame too; they are forgotten as
 * any other answer, and read again when the clerk scans after that. The answers and what forgets them are
 * scanAnswerBook.ts; asking again for those a booking took, scanAskAgain.ts.
 */
export const useScanIndexStore = defineStore('scanIndex', () => {
  const book = new ScanAnswerBook()
  const readAhead = createReadAhead(book)
  const asking = createAskAgain(book, readAhead.isWarm)
  const forget = () => book.forget()

  onEvent('bookings.changed', (delta) => {
    if (delta.full || delta.removed.length > 0) book.forget()
    else if (delta.bookings.length > 0) book.forgetBooked(delta.bookings)
  })
  onEvent('counter.itemsMoved', ({ items }) => book.takeMoved(items))
  onEvent('catalogue.changed', forget)
  onEvent('catalogue.progress', forget)
  onEvent('entity.changed', () => book.forgetBooks())
  onEvent('session.changed', () => book.forgetBooks())
  // This window's own catalogue edits (a bundle made inactive) are not announced by the core: the store's revision says so.
  const catalogue = useCatalogueStore()
  watch(() => catalogue.revision, forget, { flush: 'sync' })

  /** What the core answered for this code, when it did since the last change; undefined otherwise. */
  function lookup(code: string, kind?: 'item' | 'bundle'): Known | undefined {
    return book.lookup(keyOf(code, kind))
  }

  /** The answer for a scanned code: the one kept when there is one (at once), else the core's (kept for next time). */
  function scan(code: string, kind?: 'item' | 'bundle'): Promise<ScanResult> {
    // Scanning again after a change (a booking saved): the answers ahead are read again, not at the change itself,
    // so a save costs nothing more while nobody scans.
    readAhead.ifStale(0)
    const key = keyOf(code, kind)
    // This scan asks for its own code (or finds it): not asked again after it.
    book.takenBySaves.delete(key)
    asking.askAgain()
    const hit = lookup(code, kind)
    if (hit) return Promise.resolve(hit)
    const ask = (): Promise<ScanResult> => {
      const asked = book.generation
      return request('counter.scan', kind ? { code, kind } : { code }).then((answer) => {
        if (answer.kind !== 'unknown' && asked === book.generation) book.keepScanned(key, deepFreeze(answer))
        return answer
      })
    }
    const onItsWay = asking.onItsWay(key)
    return onItsWay ? onItsWay.then((answer) => (answer && lookup(code, kind)) ?? ask()) : ask()
  }

  return { scan, lookup, forget, warm: readAhead.warm, cool: readAhead.cool }
})
