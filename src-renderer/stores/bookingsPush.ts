import { computed } from 'vue'
import { request } from '../api'
import type { RequestOutput } from '@shared/contract'
import { useConnectionStore } from './connection'
import { useSubmit } from './useSubmit'
import type { useBookingsLists } from './bookingsLists'

type PushReport = RequestOutput<'sync.push'>

/** The engine's push as this window sees it: whether one runs, and the clerk's "sync now". */
export function useBookingsPush(lists: ReturnType<typeof useBookingsLists>) {
  const { sync, lastSyncAt } = lists
  const connection = useConnectionStore()

  async function loadSync(): Promise<void> {
    try {
      lists.setSync(await request('sync.status'))
    } catch {
      // Signed out or no entity yet: nothing waits.
    }
  }

  /**
   * The clerk asked to sync now (waiting entries go at once, backoff or not). The core asks the service
   * even with nothing to send, and only a push that found the service answering is a sync. Undefined when
   * it failed (its error is kept, for every screen) or one asked from this window still runs.
   */
  const asked = useSubmit(async (): Promise<PushReport> => {
    const report = await request('sync.push')
    connection.apply(report.connection)
    if (report.connection.online) lastSyncAt.value = new Date().toISOString()
    lists.apply(report.changes)
    return report
  })
  lists.pushedFrom(() => asked.busy.value)
  const pushing = computed(() => sync.value.pushing || asked.busy.value)

  return { pushing, loadSync, pushNow: asked.run, pushError: computed(() => asked.error.value) }
}
