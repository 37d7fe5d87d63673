import { defineStore } from 'pinia'
import { ref } from 'vue'
import { onEvent, request } from '../api'
import type { CounterSetup } from '@shared/counter'
import { AppError } from '@shared/errors'
import { useBookingCommands } from './bookingCommands'
import { useBookingsLists } from './bookingsLists'
import { useBookingsPush } from './bookingsPush'
import { useBookingsRefresh } from './bookingsRefresh'
import { useOurBookings } from './ourBookings'

export type { SyncSummary } from './bookingsLists'

/**
 * The bookings the counter, dispatch and sync screens share: the cached list
 * (ours and the agency's), the outbox, and the engine's state. The screens ask
 * for changes through here; every command answers with what it changed and the
 * core announces the same (bookings.changed), so the store applies it and reads
 * nothing again. The lists are read whole once, when a screen first needs them
 * (and whole again only from the service, by a refresh).
 */
export const useBookingsStore = defineStore('bookings', () => {
  const lists = useBookingsLists()
  const { sync, lastSyncAt, loaded, apply } = lists
  const setup = ref<CounterSetup | null>(null)
  const loadError = ref<AppError | null>(null)

  onEvent('sync.changed', (next) => lists.setSync(next))
  onEvent('bookings.changed', (delta) => apply(delta))
  // Another company's cache, or another session's (signed in or out, training data reset): nothing held
  // here is its, so the lists are read whole (no change names them), or emptied when signed out.
  onEvent('entity.changed', () => {
    if (loaded.value) void load()
  })
  onEvent('session.changed', (status) => {
    const wasLoaded = loaded.value
    lists.clear()
    setup.value = null
    if (wasLoaded && status.state === 'signed_in') void load()
  })

  /** Reads the lists whole: once per window (a screen's first visit), or when the clerk asks after a failure. */
  let loading: Promise<void> | null = null
  function load(): Promise<void> {
    // The status bar and a screen opening together share one read.
    loading ??= lists
      .readWhole(() => (loadError.value = null))
      .catch((err: unknown) => void (loadError.value = AppError.from(err)))
      .finally(() => (loading = null))
    return loading
  }

  /** What a screen calls when it opens: the lists are read the first time only. */
  async function ensureLoaded(): Promise<void> {
    if (!loaded.value) await load()
  }

  async function loadSetup(): Promise<void> {
    try {
      setup.value = await request('counter.setup')
    } catch (err) {
      loadError.value = AppError.from(err)
    }
  }

  return {
    bookings: lists.bookings,
    outbox: lists.outbox,
    setup,
    sync,
    lastSyncAt,
    loadError,
    loaded,
    apply,
    load,
    ensureLoaded,
    loadSetup,
    ...useBookingsRefresh(lists, setup, { loadSetup, ensureLoaded }),
    ...useBookingsPush(lists),
    ...useOurBookings(lists.bookings, setup),
    ...useBookingCommands(apply),
  }
})
