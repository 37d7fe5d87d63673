import { ref } from 'vue'
import { request } from '../api'
import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import type { EventPayload } from '@shared/contract'
import { useConnectionStore } from './connection'

export type SyncSummary = EventPayload<'sync.changed'>

const nothingWaits = (): SyncSummary => ({ waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false })

/** The bookings named by a change replace (or leave) the list, their open entries replace the ones held for them. */
function merged(bookings: LocalBooking[], outbox: OutboxEntry[], delta: BookingsDelta, named: Set<string>) {
  const fresh = new Map(delta.bookings.map((b) => [b.localId, b]))
  const kept = bookings.filter((b) => !delta.removed.includes(b.localId)).map((b) => fresh.get(b.localId) ?? b)
  const known = new Set(kept.map((b) => b.localId))
  return {
    // New ones first, as the list is ordered (newest first).
    bookings: [...delta.bookings.filter((b) => !known.has(b.localId)), ...kept],
    outbox: [...outbox.filter((e) => !named.has(e.localId)), ...delta.entries].sort((a, b) => a.seq - b.seq),
  }
}

/** The cached bookings, the outbox and the engine's state, as read whole once and kept current by each change. */
export function useBookingsLists() {
  const bookings = ref<LocalBooking[]>([])
  const outbox = ref<OutboxEntry[]>([])
  const sync = ref<SyncSummary>(nothingWaits())
  /** When a push last ended in this window (the engine also pushes in the background). */
  const lastSyncAt = ref<string | null>(null)
  /** A push asked for from this window is under way (the events say the same a moment later): told by bookingsPush. */
  let pushingHere = () => false
  /** The lists were read once in this window: from then on the changes keep them current. */
  const loaded = ref(false)
  const connection = useConnectionStore()
  /** How many whole lists were applied: a refresh's answer is not applied over a newer one already here. */
  let wholeLists = 0
  /** Changes that arrive while the lists are being read: applied again over the read, which may be older. */
  let arrivedDuringLoad: BookingsDelta[] | null = null

  function setSync(next: SyncSummary): void {
    // A push that ended while the service was unreachable sent nothing: it is not a sync. One the clerk asked for
    // is judged by its own answer (pushNow), which says how the line was; the line's state may not have caught up yet.
    if (sync.value.pushing && !next.pushing && !pushingHere() && connection.state?.online !== false)
      lastSyncAt.value = new Date().toISOString()
    sync.value = next
  }

  /**
   * Applies what changed: the bookings named replace (or leave) the list, their open entries replace
   * the ones held for them, the counts replace the counts. Applying the same change twice (a command's
   * answer and its announcement) leaves the same state.
   */
  function apply(delta: BookingsDelta): void {
    arrivedDuringLoad?.push(delta)
    setSync(delta.sync)
    if (delta.full) {
      wholeLists++
      bookings.value = delta.bookings
      outbox.value = delta.entries
      loaded.value = true
      return
    }
    const named = new Set([...delta.bookings.map((b) => b.localId), ...delta.removed])
    if (named.size === 0) return
    const next = merged(bookings.value, outbox.value, delta, named)
    bookings.value = next.bookings
    outbox.value = next.outbox
  }

  /** Reads the lists whole, then applies over them the changes that came meanwhile. Throws its failure. */
  async function readWhole(): Promise<void> {
    arrivedDuringLoad = []
    try {
      const [list, entries, summary] = await Promise.all([request('bookings.list'), request('outbox.list'), request('sync.status')])
      const later = arrivedDuringLoad ?? []
      arrivedDuringLoad = null
      bookings.value = list
      outbox.value = entries
      sync.value = summary
      loaded.value = true
      for (const delta of later) apply(delta)
    } finally {
      arrivedDuringLoad = null
    }
  }

  /** Signed in or out: nothing held here is the new session's. */
  function clear(): void {
    bookings.value = []
    outbox.value = []
    sync.value = nothingWaits()
    loaded.value = false
  }

  const lists = { bookings, outbox, sync, lastSyncAt, loaded }
  const pushedFrom = (busy: () => boolean) => void (pushingHere = busy)
  return { ...lists, setSync, apply, readWhole, clear, pushedFrom, wholeLists: () => wholeLists }
}
