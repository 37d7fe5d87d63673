import { watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useMessage } from 'naive-ui'
import { useBookingsStore } from '../stores/bookings'
import { useConnectionStore } from '../stores/connection'
import { useRefusalNotice } from './useRefusalNotice'

/**
 * Toasts for what the outbox did out of sight: bookings sent once the line
 * came back after an outage ("3 bookings sent"), and bookings the service
 * refused, with the way to the sync centre where they can be fixed.
 */
export function useSyncNotices(): void {
  const bookings = useBookingsStore()
  const connection = useConnectionStore()
  const message = useMessage()
  const { t } = useI18n()
  const refusals = useRefusalNotice()
  const online = () => connection.state?.link === 'online'
  /** Bookings waited here while the service did not answer well. */
  let outage = false
  let sent = 0

  watch(
    () => connection.state?.link,
    () => {
      if (!online() && bookings.sync.waiting > 0) outage = true
    },
  )

  watch(
    () => bookings.sync,
    (next, previous) => {
      if (!online() && next.waiting > 0) outage = true
      const refused = Math.max(0, next.failed + next.conflicts - (previous.failed + previous.conflicts))
      refusals.refused(refused)
      if (!outage) return
      sent += Math.max(0, previous.waiting - next.waiting - refused)
      // One toast when the push that emptied the backlog ends, not one per booking.
      if (sent > 0 && online() && (!next.pushing || next.waiting === 0)) {
        message.success(t('connection.sentAfterOutage', { count: sent }, sent), { duration: 6000 })
        sent = 0
        outage = next.waiting > 0
      }
    },
  )
}
