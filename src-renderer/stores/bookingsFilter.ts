import type { LocalBooking } from '@shared/bookings'
import { bookingLabel } from '@shared/bookingIdentity'

/**
 * The bookings list's search and filters, kept out of the view so they can be
 * measured and tested: a few thousand bookings are looked through on every
 * keystroke, so each booking's searchable text is built once (per booking
 * object: a change replaces the object) and a search is one pass of
 * `includes` over those strings.
 */

/** What the state filter offers: the sync states, and where the goods are. */
export const listStates = ['draft', 'pending', 'synced', 'failed', 'conflict', 'shipped', 'delivered'] as const
export type ListState = (typeof listStates)[number]

export interface BookingsFilter {
  /** Words to find (all of them) in the number, local reference, reference, destination, or a line's item code or name. */
  text: string
  state: ListState | null
  /** Planned delivery from and to (ISO dates, both included); null is open. */
  from: string | null
  to: string | null
}

export const noFilter: BookingsFilter = { text: '', state: null, from: null, to: null }

/** Lower case without accents, so "bodega" finds "Bódega" and "cafe" finds "Café". */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Whether a booking is in a state: shipped and delivered are where the goods are; the others are its sync state. */
export function inState(b: LocalBooking, state: ListState): boolean {
  if (state === 'delivered') return b.delivered
  if (state === 'shipped') return b.shipped && !b.delivered
  return b.state === state
}

/** Builds a search over bookings whose destination names come from `agencyName` (a new search when the names change). */
export function bookingSearch(
  agencyName: (id: number) => string,
): (list: readonly LocalBooking[], filter: BookingsFilter) => LocalBooking[] {
  const texts = new WeakMap<LocalBooking, string>()
  const textOf = (b: LocalBooking): string => {
    let found = texts.get(b)
    if (found === undefined) {
      const parts = [bookingLabel(b), b.reference ?? '', b.agencyToId === null ? '' : agencyName(b.agencyToId)]
      for (const l of b.lines) parts.push(l.itemCode ?? '', l.itemName ?? '')
      found = foldText(parts.join('\n'))
      texts.set(b, found)
    }
    return found
  }
  /** The last answer: a search that only adds letters looks through it instead of the whole list (typing narrows). */
  let last: {
    list: readonly LocalBooking[]
    text: string
    state: ListState | null
    from: string | null
    to: string | null
    found: LocalBooking[]
  } | null = null
  return (list, filter) => {
    const text = foldText(filter.text)
    const words = text.split(/\s+/).filter(Boolean)
    const { state, from, to } = filter
    if (words.length === 0 && !state && !from && !to) return [...list]
    // Every word of the shorter text is part of a word of the longer one: what the longer finds, the shorter found.
    const narrows =
      last !== null && last.list === list && last.state === state && last.from === from && last.to === to && text.startsWith(last.text)
    const pool = narrows && last ? last.found : list
    const found = pool.filter((b) => {
      if (state && !inState(b, state)) return false
      if (from && b.plannedDelivery < from) return false
      if (to && b.plannedDelivery > to) return false
      if (words.length === 0) return true
      const haystack = textOf(b)
      return words.every((w) => haystack.includes(w))
    })
    last = { list, text, state, from, to, found }
    return found
  }
}

/** Whether a booking may still be changed from the list (edited, submitted, deleted, shipped). */
export function isOpen(b: LocalBooking): boolean {
  return !b.shipped && !b.delivered && !b.deleted
}
