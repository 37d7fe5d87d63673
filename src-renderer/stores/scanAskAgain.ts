import { request } from '../api'
import { deepFreeze } from '@shared/deepFreeze'
import type { Known, ScanAnswerBook } from './scanAnswerBook'

/**
 * Asks again for the answers bookings took (not at the change itself: a save costs nothing more), one after
 * another from the scan that found them gone. Not in idle time or after a timer: while a scanner types the next
 * code Chromium holds those back until a frame later (~40 ms, traced), and that next code (the booked item,
 * often) found its answer still on its way and asked the host itself. A scan of a code on its way waits for it.
 */
export function createAskAgain(book: ScanAnswerBook, counterOpen: () => boolean) {
  let asking = false
  /** The answer being asked again for a code, null when it came too late (a change meanwhile) or not at all. */
  const onItsWay = new Map<string, Promise<Known | null>>()

  function askAgain(): void {
    if (!counterOpen() || asking || book.takenBySaves.size === 0) return
    asking = true
    void (async () => {
      for (const key of book.takenBySaves) {
        const asked = book.generation
        if (!counterOpen()) break
        book.takenBySaves.delete(key)
        if (book.has(key)) continue
        const [kind, code] = key.split('\u0000') as [string, string]
        const answer = request('counter.scan', kind === '*' ? { code } : { code, kind: kind as 'item' | 'bundle' })
          .then((answer) => (answer.kind !== 'unknown' && asked === book.generation ? deepFreeze(answer) : null))
          .catch(() => null)
        onItsWay.set(key, answer)
        const current = await answer
        onItsWay.delete(key)
        if (current && !book.has(key)) book.keep(key, current)
      }
    })().finally(() => (asking = false))
  }

  return { askAgain, onItsWay: (key: string) => onItsWay.get(key) }
}
