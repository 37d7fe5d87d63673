import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useConnectionWords } from '@renderer/composables/useConnectionWords'
import { useBookingsStore } from '@renderer/stores/bookings'

/** What the clerk is told after "sync now": the counts, or that the service did not answer well (nothing is called synced). */
export interface SyncNowNote {
  kind: 'info' | 'warning'
  text: string
}

/**
 * The Sync centre's "sync now" (F5): sends what waits, and with nothing waiting still asks the service
 * (the core does), so "Última sincronización" and "Sincronizado" are said only on the service's word.
 * Its busy flag and error are the store's (useSubmit there: every screen sees a push under way); the note is
 * what the screen shows as a message.
 */
export function useSyncNow() {
  const store = useBookingsStore()
  const words = useConnectionWords()
  const { t } = useI18n()
  async function syncNow(): Promise<SyncNowNote | undefined> {
    const report = await store.pushNow()
    if (!report) return undefined
    if (!report.connection.online) return { kind: 'warning', text: t('syncCentre.notReached', { state: words.sentence.value }) }
    return { kind: 'info', text: t('syncCentre.pushed', report) }
  }
  return { syncNow, error: computed(() => store.pushError) }
}
