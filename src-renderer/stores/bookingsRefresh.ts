import { computed, type Ref } from 'vue'
import { request } from '../api'
import type { CounterSetup } from '@shared/counter'
import { createLoader } from './loader'
import type { useBookingsLists } from './bookingsLists'

/** What the refresh falls back on when the service does not answer: the counter's setup and the cached lists. */
interface Fallback {
  loadSetup: () => Promise<void>
  ensureLoaded: () => Promise<void>
}

/** Reads the agency's bookings from the service; offline, the cached ones stay and the failure is kept for the screen. */
export function useBookingsRefresh(lists: ReturnType<typeof useBookingsLists>, setup: Ref<CounterSetup | null>, fallback: Fallback) {
  const refresher = createLoader(async () => {
    try {
      const answer = await request('counter.refresh')
      setup.value = answer.setup
      // When the core's announcement of the same list came first, a push may have changed a booking since:
      // applying keeps what is held from a later reading.
      lists.apply(answer.changes)
    } catch (err) {
      if (!setup.value) await fallback.loadSetup()
      // Offline: what this computer has is still worth showing.
      await fallback.ensureLoaded()
      throw err
    }
  })

  async function refresh(): Promise<void> {
    if (!refresher.loading) await refresher.load()
  }

  return { refreshError: computed(() => refresher.error), refreshing: computed(() => refresher.loading), refresh }
}
