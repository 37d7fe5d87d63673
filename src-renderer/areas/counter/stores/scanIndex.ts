import { defineStore } from 'pinia'
import { watch } from 'vue'
import { onEvent, request } from '@renderer/api'
import type { ScanResult } from '@shared/counter'
import { useCatalogueStore } from '../../catalogue/stores/catalogue'

/**
 * How long an answer is taken as it is without a word from the core: a change no event names (another
 * window's bundle edit, a booking saved through the CLI) is seen again by then.
 */
export const KEEP_ANSWER_MS = 120_000

type Known = Extract<ScanResult, { kind: 'item' | 'bundle' | 'refused' }>

/**
 * The counter's answers to scanned codes, kept in the window for the current company, so that a code the
 * core already answered is a line in the first frame after Enter (test/bench/counter/scanner.bench.ts):
 * no round trip to the host, which alone can take longer than a frame. The core stays the one that knows
 * (lookup, lots at the agency, the availability net of unsent bookings, the inactive refusal); this keeps
 * its answers and forgets them whenever the core announces a change that can move one: a booking changed
 * (the net figure), the catalogue pulled or edited (stock, lots, bundles), another company or session.
 * Unknown codes are never kept: the host is asked each time (a pull may have brought them).
 * Answers are frozen: a draft line holds the answer's lots as they are, and Vue leaves them plain.
 */
export const useScanIndexStore = defineStore('scanIndex', () => {
  const known = new Map<string, { answer: Known; at: number }>()
  /** Bumped by every forget: an answer asked for before it is not kept (it may predate the change). */
  let generation = 0

  function forget(): void {
    known.clear()
    generation++
  }

  onEvent('bookings.changed', (delta) => {
    if (delta.full || delta.bookings.length > 0 || delta.removed.length > 0) forget()
  })
  onEvent('catalogue.changed', forget)
  onEvent('catalogue.progress', forget)
  onEvent('entity.changed', forget)
  onEvent('session.changed', forget)
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
    return hit.answer
  }

  /** The answer for a scanned code: the one kept when there is one (at once), else the core's (kept for next time). */
  function scan(code: string, kind?: 'item' | 'bundle'): Promise<ScanResult> {
    const hit = lookup(code, kind)
    if (hit) return Promise.resolve(hit)
    const asked = generation
    return request('counter.scan', kind ? { code, kind } : { code }).then((answer) => {
      if (answer.kind !== 'unknown' && asked === generation) known.set(keyOf(code, kind), { answer: deepFreeze(answer), at: Date.now() })
      return answer
    })
  }

  return { scan, lookup, forget }
})

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
