import { defineStore } from 'pinia'
import { computed } from 'vue'
import { onEvent } from '../api'
import { createLoader } from './loader'
import { useBookingCommands } from './bookingCommands'
import { useBookingsLists } from './bookingsLists'
import { useBookingsSetup } from './bookingsSetup'
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
  const listsRead = createLoader(lists.readWhole)
  const { setup, setupRead, loadSetup, forgetSetup } = useBookingsSetup()
  // The screen shows one failure: the lists' first, as without them it shows nothing.
  const loadError = computed(() => listsRead.error ?? setupRead.error)

  onEvent('sync.changed', (next) => lists.setSync(next))
  onEvent('bookings.changed', (delta) => apply(delta))
  // Another company's cache, or another session's (signed in or out, training data reset): nothing held
  // here is its, so the lists are read whole (no change names them), or emptied when signed out.
  // The setup (this station's agency, the company's agencies) is the company's too: Dispatch lists by that agency and
  // Settings offers those agencies' stock, so it is read again for the new one when it was asked for here.
  onEvent('entity.changed', () => {
    if (forgetSetup()) void loadSetup()
    if (loaded.value) void load()
  })
  onEvent('session.changed', (status) => {
    const wasLoaded = loaded.value
    lists.clear()
    forgetSetup()
    if (wasLoaded && status.state === 'signed_in') void load()
  })

  /** Reads the lists whole: once per window (a screen's first visit), or when the clerk asks after a failure. */
  let loading: Promise<void> | null = null
  function load(): Promise<void> {
    // The status bar and a screen opening together share one read.
    loading ??= listsRead.load().then(() => void (loading = null))
    return loading
  }

  /** What a screen calls when it opens: the lists are read the first time only. */
  async function ensureLoaded(): Promise<void> {
    if (!loaded.value) await load()
  }

  /** The screen's retry after a failure: whichever read failed is read again. */
  async function retryLoad(): Promise<void> {
    await Promise.all([setupRead.error ? loadSetup() : null, load()])
  }

  return {
    bookings: lists.bookings,
    outbox: lists.outbox,
    setup,
    sync,
    lastSyncAt,
    loadError,
    /** The lists' own failure, for a screen that shows only them (the Sync centre's outbox). */
    listsError: computed(() => listsRead.error),
    loaded,
    apply,
    load,
    ensureLoaded,
    loadSetup,
    retryLoad,
    ...useBookingsRefresh(lists, setup, { loadSetup, ensureLoaded }),
    ...useBookingsPush(lists),
    ...useOurBookings(lists.bookings, setup),
    ...useBookingCommands(apply),
  }
})
