import { useI18n } from 'vue-i18n'
import { useSubmit } from '@renderer/composables/useSubmit'
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
 * Busy and error as every command's (useSubmit); the note is what the screen shows as a message.
 */
export function useSyncNow() {
  const store = useBookingsStore()
  const words = useConnectionWords()
  const { t } = useI18n()
  const submit = useSubmit(async (): Promise<SyncNowNote> => {
    const report = await store.pushNow()
    if (!report.connection.online) return { kind: 'warning', text: t('syncCentre.notReached', { state: words.sentence.value }) }
    return { kind: 'info', text: t('syncCentre.pushed', report) }
  })
  return { syncNow: submit.run, error: submit.error, busy: submit.busy }
}
