import { defineStore } from 'pinia'
import { watch } from 'vue'
import { onEvent, request } from '../api'
import type { LocalBooking } from '@shared/bookings'
import type { ScanResult, ScannedItem } from '@shared/counter'
import { deepFreeze } from '@shared/deepFreeze'
import { answerWithItems, itemsOfAnswer } from '@shared/scanAnswerItems'
import { useCatalogueStore } from './catalogue'

/**
 * How long an answer is taken as it is without a word from the core: a change no event names (another
 * window's bundle edit, a booking saved through the CLI) is seen again by then.
 */
export const KEEP_ANSWER_MS = 120_000
/** How long after the counter opens the window waits before reading answers ahead (never on the way to the first screen). */
export const WARM_AFTER_MS = 1000
/** Answers read ahead are read again this long before they would be too old, at the next scan. */
const REREAD_BEFORE_MS = 10_000
/**
 * Items or bundles per page read ahead (two codes each at most). The core answers a page in one piece, and a
 * clerk's own scan waits behind it: 100 took 11–20 ms on the large seed, 50 keeps that wait under a frame.
 */
export const WARM_PAGE = 50
/** Bookings take the answers of their items and of the bundles holding them: at most these are asked again. */
export const ASK_AGAIN_AT_MOST = 50

type Known = Extract<ScanResult, { kind: 'item' | 'bundle' | 'refused' }>

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
 * While the counter is open (`warm()`), the answers for the codes a clerk scans most are read ahead, page by
 * page in idle time (the core's counter.scanIndex, each one worked out as a scan would be), so a code new to
 * this window is a line in the first frame too; they are forgotten as any other answer, and read again when
 * the clerk scans after that.
 */
export const useScanIndexStore = defineStore('scanIndex', () => {
  /** `scanned`: when a scan last took this answer (the order of scans), for asking again first what the clerk scans. */
  const known = new Map<string, { answer: Known; at: number; scanned?: number }>()
  let scans = 0
  /** Bumped by every forget: an answer asked for before it is not kept (it may predate the change). */
  let generation = 0
  /** The items of each booking a change has named in this window: an edit moves the figures of the lines it dropped too. */
  const bookedItems = new Map<string, readonly number[]>()
  /** Answers whose items a booking moved, until the core's new figures for `waiting` (those items) arrive. */
  const aside = new Map<string, { answer: Known; at: number; scanned?: number; waiting: Set<number> }>()

  function forget(): void {
    known.clear()
    aside.clear()
    takenBySaves.clear()
    generation++
  }

  /** Keeps an answer; one set aside for the same code is older. */
  function keep(key: string, answer: Known, scanned?: number, at = Date.now()): void {
    known.set(key, { answer, at, scanned })
    aside.delete(key)
  }

  /**
   * The bookings a change names moved the availability of their items (net of this computer's unsent
   * bookings), before and after the change: the answers that speak of those items are set aside until the
   * core's new figures for them arrive (takeMoved), and asked again at the next scan if they have not by then.
   * A booking whose lines before the change this window cannot know (edited, and never named by a change
   * here) forgets everything.
   */
  function forgetBooked(bookings: readonly LocalBooking[]): void {
    const moved = new Set<number>()
    let unknownBefore = false
    for (const booking of bookings) {
      const before = bookedItems.get(booking.localId)
      if (!before && booking.updatedAt !== booking.createdAt) unknownBefore = true
      const now = booking.lines.map((l) => l.itemId)
      for (const id of [...(before ?? []), ...now]) moved.add(id)
      bookedItems.set(booking.localId, now)
    }
    if (unknownBefore) return forget()
    for (const { answer, waiting } of aside.values()) for (const id of itemsOfAnswer(answer)) if (moved.has(id)) waiting.add(id)
    // Asked again items first, scanned again sooner than the bundles holding them; and of each, the codes the clerk
    // scanned first, latest first: an item read ahead under its barcode and its code is scanned again as before.
    const gone: { items: [string, number][]; bundles: [string, number][] } = { items: [], bundles: [] }
    for (const [key, { answer, at, scanned }] of known) {
      const waiting = new Set(itemsOfAnswer(answer).filter((id) => moved.has(id)))
      if (waiting.size === 0) continue
      known.delete(key)
      aside.set(key, { answer, at, scanned, waiting })
      gone[answer.kind === 'item' ? 'items' : 'bundles'].push([key, scanned ?? -1])
    }
    const latestScannedFirst = (keys: [string, number][]) => keys.sort((a, b) => b[1] - a[1]).map(([key]) => key)
    // An answer on its way may predate the change; what was read ahead for the other items is still current.
    const current = readFor === generation
    generation++
    if (current) readFor = generation
    for (const key of [...latestScannedFirst(gone.items), ...latestScannedFirst(gone.bundles)])
      if (takenBySaves.size < ASK_AGAIN_AT_MOST) takenBySaves.add(key)
  }

  /** The items' new figures after a booking change, as a scan gives them: the answers set aside take theirs, and are kept again once they have all. */
  function takeMoved(items: readonly ScannedItem[]): void {
    const fresh = new Map(items.map((i) => [i.item.id, i]))
    for (const [key, entry] of aside) {
      if (![...entry.waiting].some((id) => fresh.has(id))) continue
      entry.answer = answerWithItems(entry.answer, fresh)
      for (const id of fresh.keys()) entry.waiting.delete(id)
      if (entry.waiting.size > 0) continue
      keep(key, deepFreeze(entry.answer), entry.scanned, entry.at)
      takenBySaves.delete(key)
    }
  }

  /** The codes whose answers bookings took and the core has not sent again yet: asked again at the next scan, the next booking often holds the same items. */
  const takenBySaves = new Set<string>()
  let askingAgain = false
  /** The answer being asked again for a code, null when it came too late (a change meanwhile) or not at all. */
  const askedAgain = new Map<string, Promise<Known | null>>()
  /**
   * Asks again for the answers bookings took (not at the change itself: a save costs nothing more), one after
   * another from the scan that found them gone. Not in idle time or after a timer: while a scanner types the next
   * code Chromium holds those back until a frame later (~40 ms, traced), and that next code (the booked item,
   * often) found its answer still on its way and asked the host itself. A scan of a code on its way waits for it.
   */
  function askAgain(): void {
    if (!warmed || askingAgain || takenBySaves.size === 0) return
    askingAgain = true
    void (async () => {
      for (const key of takenBySaves) {
        const asked = generation
        if (!warmed) break
        takenBySaves.delete(key)
        if (known.has(key)) continue
        const [kind, code] = key.split('\u0000') as [string, string]
        const answer = request('counter.scan', kind === '*' ? { code } : { code, kind: kind as 'item' | 'bundle' })
          .then((answer) => (answer.kind !== 'unknown' && asked === generation ? deepFreeze(answer) : null))
          .catch(() => null)
        askedAgain.set(key, answer)
        const current = await answer
        askedAgain.delete(key)
        if (current && !known.has(key)) keep(key, current)
      }
    })().finally(() => (askingAgain = false))
  }

  /** The counter is open (answers are read ahead); a read ahead waiting to start, or under way; what it last read (generation, when). */
  let warmed = false
  let waiting: ReturnType<typeof setTimeout> | undefined
  let running = false
  let readFor = -1
  let readAt = 0
  /** Reads answers ahead when the ones read last are gone (a change) or about to be too old; never twice at once. */
  function readAheadIfStale(afterMs: number): void {
    if (!warmed || waiting !== undefined || running) return
    if (readFor === generation && Date.now() - readAt < KEEP_ANSWER_MS - REREAD_BEFORE_MS) return
    waiting = setTimeout(() => {
      waiting = undefined
      running = true
      void readAhead().finally(() => (running = false))
    }, afterMs)
  }
  /** Every page of answers ahead, each in idle time; a change meanwhile drops the rest (the next scan reads them again). */
  async function readAhead(): Promise<void> {
    const asked = generation
    const at = Date.now()
    let offset: number | null = 0
    try {
      while (offset !== null) {
        await idle()
        if (!warmed || asked !== generation) return
        const page: { answers: ScanResult[]; next: number | null } = await request('counter.scanIndex', { offset, limit: WARM_PAGE })
        if (!warmed || asked !== generation) return
        for (const answer of page.answers)
          if (answer.kind !== 'unknown') keep(keyOf(answer.code, undefined), deepFreeze(answer), undefined, at)
        offset = page.next
      }
      readFor = asked
      readAt = at
    } catch {
      // Not read ahead this time (no company yet, the core busy): scans ask as they come, and the next one tries again.
    }
  }
  /** The counter is open: answers are read ahead shortly (after its first screen), and again after a change once scanning resumes. */
  function warm(): void {
    warmed = true
    readAheadIfStale(WARM_AFTER_MS)
  }
  /** The counter closed: no more reading ahead (what was read stays as long as any answer). */
  function cool(): void {
    warmed = false
    clearTimeout(waiting)
    waiting = undefined
  }

  onEvent('bookings.changed', (delta) => {
    if (delta.full || delta.removed.length > 0) forget()
    else if (delta.bookings.length > 0) forgetBooked(delta.bookings)
  })
  onEvent('counter.itemsMoved', ({ items }) => takeMoved(items))
  onEvent('catalogue.changed', forget)
  onEvent('catalogue.progress', forget)
  const anotherBook = () => {
    bookedItems.clear()
    forget()
  }
  onEvent('entity.changed', anotherBook)
  onEvent('session.changed', anotherBook)
  // This window's own catalogue edits (a bundle made inactive) are not announced by the core: the store's revision says so.
  const catalogue = useCatalogueStore()
  watch(() => catalogue.revision, forget, { flush: 'sync' })

  const keyOf = (code: string, kind: 'item' | 'bundle' | undefined) => `${kind ?? '*'}\u0000${code.trim()}`

  /** What the core answered for this code, when it did since the last change; undefined otherwise. */
  function lookup(code: string, kind?: 'item' | 'bundle'): Known | undefined {
    const key = keyOf(code, kind)
    const hit = known.get(key)
    if (!hit) return undefined
    if (Date.now() - hit.at > KEEP_ANSWER_MS) {
      known.delete(key)
      return undefined
    }
    hit.scanned = ++scans
    return hit.answer
  }

  /** The answer for a scanned code: the one kept when there is one (at once), else the core's (kept for next time). */
  function scan(code: string, kind?: 'item' | 'bundle'): Promise<ScanResult> {
    // Scanning again after a change (a booking saved): the answers ahead are read again, not at the change itself,
    // so a save costs nothing more while nobody scans.
    readAheadIfStale(0)
    const key = keyOf(code, kind)
    // This scan asks for its own code (or finds it): not asked again after it.
    takenBySaves.delete(key)
    askAgain()
    const hit = lookup(code, kind)
    if (hit) return Promise.resolve(hit)
    const ask = (): Promise<ScanResult> => {
      const asked = generation
      return request('counter.scan', kind ? { code, kind } : { code }).then((answer) => {
        if (answer.kind !== 'unknown' && asked === generation) keep(key, deepFreeze(answer), ++scans)
        return answer
      })
    }
    const onItsWay = askedAgain.get(key)
    return onItsWay ? onItsWay.then((answer) => (answer && lookup(code, kind)) ?? ask()) : ask()
  }

  return { scan, lookup, forget, warm, cool }
})

/** The next idle moment of the window (a scan or a key first); at once where there is no such thing (tests). */
function idle(): Promise<void> {
  return new Promise((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0),
  )
}
