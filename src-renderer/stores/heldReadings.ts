import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'

/** What a window holds of the counter's bookings. */
export interface HeldLists {
  bookings: LocalBooking[]
  outbox: OutboxEntry[]
}

type Change = Pick<BookingsDelta, 'bookings' | 'removed' | 'entries'>

/** What a change says of the bookings `keep` admits. */
function restricted(change: Change, keep: (localId: string) => boolean): Change {
  return {
    bookings: change.bookings.filter((b) => keep(b.localId)),
    removed: change.removed.filter(keep),
    entries: change.entries.filter((e) => keep(e.localId)),
  }
}

/** The bookings named by a change replace (or leave) the list, their open entries replace the ones held for them. */
function merged(held: HeldLists, change: Change, named: Set<string>): HeldLists {
  const fresh = new Map(change.bookings.map((b) => [b.localId, b]))
  const kept = held.bookings.filter((b) => !change.removed.includes(b.localId)).map((b) => fresh.get(b.localId) ?? b)
  const known = new Set(kept.map((b) => b.localId))
  return {
    // New ones first, as the list is ordered (newest first).
    bookings: [...change.bookings.filter((b) => !known.has(b.localId)), ...kept],
    outbox: [...held.outbox.filter((e) => !named.has(e.localId)), ...change.entries].sort((a, b) => a.seq - b.seq),
  }
}

/**
 * Which of the core's readings (SyncSummary.version) each booking a window holds was taken from, and the
 * last whole list's. A command's answer travels apart from the core's announcements and may arrive after
 * a later change of its booking (a push that confirmed it): what is held from a later reading stays.
 */
export function createHeldReadings() {
  const heldAt = new Map<string, number>()
  let wholeAt = 0

  /** The lists after `delta`, or null when it changes nothing held. */
  function applied(held: HeldLists, delta: BookingsDelta): HeldLists | null {
    const at = delta.sync.version
    if (delta.full) {
      if (at < wholeAt) return null
      // The whole list replaces what is held, but for the bookings held from a later reading.
      const later = new Set([...heldAt].filter(([, when]) => when > at).map(([id]) => id))
      const listed = restricted(delta, (id) => !later.has(id))
      const next = merged(
        { bookings: listed.bookings, outbox: listed.entries },
        restricted({ bookings: held.bookings, removed: [], entries: held.outbox }, (id) => later.has(id)),
        later,
      )
      for (const id of heldAt.keys()) if (!later.has(id)) heldAt.delete(id)
      wholeAt = at
      return next
    }
    const named = new Set([...delta.bookings.map((b) => b.localId), ...delta.removed].filter((id) => (heldAt.get(id) ?? wholeAt) <= at))
    if (named.size === 0) return null
    for (const id of named) heldAt.set(id, at)
    return merged(
      held,
      restricted(delta, (id) => named.has(id)),
      named,
    )
  }

  /** The lists were read whole at no one reading (or emptied): every change from now on applies. */
  function forget(): void {
    heldAt.clear()
    wholeAt = 0
  }

  return { applied, forget }
}
