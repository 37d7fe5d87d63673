import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '@renderer/api'
import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import type { CounterSetup } from '@shared/counter'
import type { EventPayload, RequestOutput } from '@shared/contract'
import { AppError } from '@shared/errors'
import { useConnectionStore } from '@renderer/stores/connection'

export type SyncSummary = EventPayload<'sync.changed'>
type PushReport = RequestOutput<'sync.push'>

/**
 * The bookings the counter, dispatch and sync screens share: the cached list
 * (ours and the agency's), the outbox, and the engine's state. Every change
 * arrives as an event from the core; the screens only read from here.
 */
export const useBookingsStore = defineStore('bookings', () => {
  const bookings = ref<LocalBooking[]>([])
  const outbox = ref<OutboxEntry[]>([])
  const setup = ref<CounterSetup | null>(null)
  const sync = ref<SyncSummary>({ waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false })
  /** When a push last ended in this window (the engine also pushes in the background). */
  const lastSyncAt = ref<string | null>(null)
  const loadError = ref<AppError | null>(null)
  const refreshError = ref<AppError | null>(null)
  const refreshing = ref(false)
  /** A push asked for from this window is under way (the events say the same a moment later). */
  const pushingHere = ref(false)
  const pushing = computed(() => sync.value.pushing || pushingHere.value)

  const connection = useConnectionStore()
  const agencyId = computed(() => setup.value?.agency?.id ?? null)
  const byLocalId = computed(() => new Map(bookings.value.map((b) => [b.localId, b])))

  onEvent('sync.changed', (next) => {
    // A push that ended while the service was unreachable sent nothing: it is not a sync.
    if (sync.value.pushing && !next.pushing && connection.state?.online !== false) lastSyncAt.value = new Date().toISOString()
    sync.value = next
    void reload()
  })
  onEvent('bookings.changed', () => void reload())

  async function reload(): Promise<void> {
    try {
      const [list, entries, summary] = await Promise.all([request('bookings.list'), request('outbox.list'), request('sync.status')])
      bookings.value = list
      outbox.value = entries
      sync.value = summary
      loadError.value = null
    } catch (err) {
      loadError.value = AppError.from(err)
    }
  }

  async function loadSync(): Promise<void> {
    try {
      sync.value = await request('sync.status')
    } catch {
      // Signed out or no entity yet: nothing waits.
    }
  }

  async function loadSetup(): Promise<void> {
    try {
      setup.value = await request('counter.setup')
    } catch (err) {
      loadError.value = AppError.from(err)
    }
  }

  /** Reads the agency's bookings from the service; offline, the cached ones stay and the failure is kept for the screen. */
  async function refresh(): Promise<void> {
    if (refreshing.value) return
    refreshing.value = true
    try {
      setup.value = await request('counter.refresh')
      refreshError.value = null
    } catch (err) {
      refreshError.value = AppError.from(err)
      if (!setup.value) await loadSetup()
    } finally {
      refreshing.value = false
      await reload()
    }
  }

  /** The clerk asked to sync now (waiting entries go at once, backoff or not). */
  async function pushNow(): Promise<PushReport> {
    pushingHere.value = true
    try {
      const report = await request('sync.push')
      lastSyncAt.value = new Date().toISOString()
      return report
    } finally {
      pushingHere.value = false
      await reload()
    }
  }

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return setup.value?.agencies.find((a) => a.id === id)?.name ?? `#${id}`
  }

  /** The number a clerk reads: the service's once confirmed, else the start of the local id. */
  function bookingNumber(b: LocalBooking): string {
    return b.serviceId !== null ? String(b.serviceId) : b.localId.slice(0, 8).toUpperCase()
  }

  return {
    bookings,
    outbox,
    setup,
    sync,
    lastSyncAt,
    loadError,
    refreshError,
    refreshing,
    pushing,
    agencyId,
    byLocalId,
    reload,
    loadSync,
    loadSetup,
    refresh,
    pushNow,
    agencyName,
    bookingNumber,
  }
})
