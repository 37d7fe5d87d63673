import type { LocalBooking } from '@shared/bookings'
import type { ScanResult, ScannedItem } from '@shared/counter'
import { deepFreeze } from '@shared/deepFreeze'
import { answerWithItems, itemsOfAnswer } from '@shared/scanAnswerItems'

/**
 * How long an answer is taken as it is without a word from the core: a change no event names (another
 * window's bundle edit, a booking saved through the CLI) is seen again by then.
 */
export const KEEP_ANSWER_MS = 120_000
/** Bookings take the answers of their items and of the bundles holding them: at most these are asked again. */
export const ASK_AGAIN_AT_MOST = 50

export type Known = Extract<ScanResult, { kind: 'item' | 'bundle' | 'refused' }>
/** `scanned`: when a scan last took this answer (the order of scans), for asking again first what the clerk scans. */
interface Kept {
  answer: Known
  at: number
  scanned?: number
}

/** The key an answer is kept under: the kind asked for (any: `*`) and the code. */
export const keyOf = (code: string, kind: 'item' | 'bundle' | undefined): string => `${kind ?? '*'}\u0000${code.trim()}`

/**
 * The answers the core gave to scanned codes, for the current company (see stores/scanIndex.ts), and what
 * forgets them: a change that can move any (forget) or the change of some bookings (forgetBooked, takeMoved).
 */
export class ScanAnswerBook {
  private readonly known = new Map<string, Kept>()
  /** Answers whose items a booking moved, until the core's new figures for `waiting` (those items) arrive. */
  private readonly aside = new Map<string, Kept & { waiting: Set<number> }>()
  /** The items of each booking a change has named in this window: an edit moves the figures of the lines it dropped too. */
  private readonly bookedItems = new Map<string, readonly number[]>()
  private scans = 0
  /** The codes whose answers bookings took and the core has not sent again yet: asked again at the next scan, the next booking often holds the same items. */
  readonly takenBySaves = new Set<string>()
  /** Bumped by every forget: an answer asked for before it is not kept (it may predate the change). */
  generation = 0
  /** The generation the answers read ahead were all read for; a booking's change leaves the others' current. */
  readAheadFor = -1

  has(key: string): boolean {
    return this.known.has(key)
  }

  forget(): void {
    this.known.clear()
    this.aside.clear()
    this.takenBySaves.clear()
    this.generation++
  }

  /** Another company or session: its bookings are another book's too. */
  forgetBooks(): void {
    this.bookedItems.clear()
    this.forget()
  }

  /** Keeps an answer; one set aside for the same code is older. */
  keep(key: string, answer: Known, scanned?: number, at = Date.now()): void {
    this.known.set(key, { answer, at, scanned })
    this.aside.delete(key)
  }

  /** Keeps the answer a scan just had from the core, as the latest scanned. */
  keepScanned(key: string, answer: Known): void {
    this.keep(key, answer, ++this.scans)
  }

  /** What the core answered under this key, when it did since the last change; undefined otherwise. */
  lookup(key: string): Known | undefined {
    const hit = this.known.get(key)
    if (!hit) return undefined
    if (Date.now() - hit.at > KEEP_ANSWER_MS) {
      this.known.delete(key)
      return undefined
    }
    hit.scanned = ++this.scans
    return hit.answer
  }

  /**
   * The bookings a change names moved the availability of their items (net of this computer's unsent
   * bookings), before and after the change: the answers that speak of those items are set aside until the
   * core's new figures for them arrive (takeMoved), and asked again at the next scan if they have not by then.
   * A booking whose lines before the change this window cannot know (edited, and never named by a change
   * here) forgets everything.
   */
  forgetBooked(bookings: readonly LocalBooking[]): void {
    const moved = new Set<number>()
    let unknownBefore = false
    for (const booking of bookings) {
      const before = this.bookedItems.get(booking.localId)
      if (!before && booking.updatedAt !== booking.createdAt) unknownBefore = true
      const now = booking.lines.map((l) => l.itemId)
      for (const id of [...(before ?? []), ...now]) moved.add(id)
      this.bookedItems.set(booking.localId, now)
    }
    if (unknownBefore) return this.forget()
    for (const { answer, waiting } of this.aside.values()) for (const id of itemsOfAnswer(answer)) if (moved.has(id)) waiting.add(id)
    // Asked again items first, scanned again sooner than the bundles holding them; and of each, the codes the clerk
    // scanned first, latest first: an item read ahead under its barcode and its code is scanned again as before.
    const gone: { items: [string, number][]; bundles: [string, number][] } = { items: [], bundles: [] }
    for (const [key, { answer, at, scanned }] of this.known) {
      const waiting = new Set(itemsOfAnswer(answer).filter((id) => moved.has(id)))
      if (waiting.size === 0) continue
      this.known.delete(key)
      this.aside.set(key, { answer, at, scanned, waiting })
      gone[answer.kind === 'item' ? 'items' : 'bundles'].push([key, scanned ?? -1])
    }
    const latestScannedFirst = (keys: [string, number][]) => keys.sort((a, b) => b[1] - a[1]).map(([key]) => key)
    // An answer on its way may predate the change; what was read ahead for the other items is still current.
    const current = this.readAheadFor === this.generation
    this.generation++
    if (current) this.readAheadFor = this.generation
    for (const key of [...latestScannedFirst(gone.items), ...latestScannedFirst(gone.bundles)])
      if (this.takenBySaves.size < ASK_AGAIN_AT_MOST) this.takenBySaves.add(key)
  }

  /** The items' new figures after a booking change, as a scan gives them: the answers set aside take theirs, and are kept again once they have all. */
  takeMoved(items: readonly ScannedItem[]): void {
    const fresh = new Map(items.map((i) => [i.item.id, i]))
    for (const [key, entry] of this.aside) {
      if (![...entry.waiting].some((id) => fresh.has(id))) continue
      entry.answer = answerWithItems(entry.answer, fresh)
      for (const id of fresh.keys()) entry.waiting.delete(id)
      if (entry.waiting.size > 0) continue
      this.keep(key, deepFreeze(entry.answer), entry.scanned, entry.at)
      this.takenBySaves.delete(key)
    }
  }
}
