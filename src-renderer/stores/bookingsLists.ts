import { ref } from 'vue'
import { request } from '../api'
import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import type { SyncSummary } from '@shared/contract/entry'
import { useConnectionStore } from './connection'
import { createHeldReadings } from './heldReadings'

export type { SyncSummary }

const nothingWaits = (): SyncSummary => ({ waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 0 })

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
  const readings = createHeldReadings()
  /** Changes that arrive while the lists are being read: applied again over the read, which may be older. */
  let arrivedDuringLoad: BookingsDelta[] | null = null

  function setSync(next: SyncSummary): void {
    if (next.version < sync.value.version) return
    // A push that ended while the service was unreachable sent nothing: it is not a sync. One the clerk asked for
    // is judged by its own answer (pushNow), which says how the line was; the line's state may not have caught up yet.
    if (sync.value.pushing && !next.pushing && !pushingHere() && connection.state?.online !== false)
      lastSyncAt.value = new Date().toISOString()
    sync.value = next
  }

  /**
   * Applies what changed: the bookings named replace (or leave) the list, their open entries replace
   * the ones held for them, the counts replace the counts; a booking held from a later reading keeps
   * what it has. Applying the same change twice (a command's answer and its announcement) leaves the
   * same state.
   */
  function apply(delta: BookingsDelta): void {
    arrivedDuringLoad?.push(delta)
    setSync(delta.sync)
    const next = readings.applied({ bookings: bookings.value, outbox: outbox.value }, delta)
    if (!next) return
    bookings.value = next.bookings
    outbox.value = next.outbox
    if (delta.full) loaded.value = true
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
      if (summary.version >= sync.value.version) sync.value = summary
      // Every change that came meanwhile is applied over the lists read.
      readings.forget()
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
    readings.forget()
    loaded.value = false
  }

  const lists = { bookings, outbox, sync, lastSyncAt, loaded }
  const pushedFrom = (busy: () => boolean) => void (pushingHere = busy)
  return { ...lists, setSync, apply, readWhole, clear, pushedFrom }
}
