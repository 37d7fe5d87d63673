import { h, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'
import { useMessage } from 'naive-ui'
import { bookingLabel } from '@shared/bookingIdentity'
import { useBookingsStore } from '../areas/counter/stores/bookings'
import { useConnectionStore } from '../stores/connection'

/**
 * Toasts for what the outbox did out of sight: bookings sent once the line
 * came back after an outage ("3 bookings sent"), and bookings the service
 * refused, with the way to the sync centre where they can be fixed.
 */
export function useSyncNotices(): void {
  const bookings = useBookingsStore()
  const connection = useConnectionStore()
  const message = useMessage()
  const router = useRouter()
  const { t } = useI18n()
  const online = () => connection.state?.link === 'online'
  /** Bookings waited here while the service did not answer well. */
  let outage = false
  let sent = 0
  /** Bookings already named as refused: a toast names each once (the same label as the list and the sync centre). */
  const named = new Set(bookings.bookings.filter(refusedNow).map((b) => b.localId))
  function refusedNow(b: { state: string }): boolean {
    return b.state === 'failed' || b.state === 'conflict'
  }
  /** The text for `refused` newly refused entries: by name when the bookings are known here (a few), else the count. */
  function refusedText(refused: number): string {
    const fresh = bookings.bookings.filter((b) => refusedNow(b) && !named.has(b.localId))
    if (fresh.length === 0 || fresh.length > 3) return t('connection.refused', { count: refused }, refused)
    return t('connection.refusedNamed', { names: fresh.map(bookingLabel).join(', ') }, fresh.length)
  }

  watch(
    () => connection.state?.link,
    () => {
      if (!online() && bookings.sync.waiting > 0) outage = true
    },
  )

  const openSyncCentre = () => void router.push({ name: 'syncCentre' })
  const withLink = (text: string) => () =>
    h('span', [
      text,
      ' ',
      h('a', { href: '#', 'data-testid': 'sync-notice-open', onClick: (e: Event) => (e.preventDefault(), openSyncCentre()) }, t('connection.openSyncCentre')),
    ])

  watch(
    () => bookings.sync,
    (next, previous) => {
      if (!online() && next.waiting > 0) outage = true
      const refused = Math.max(0, next.failed + next.conflicts - (previous.failed + previous.conflicts))
      if (refused > 0) message.warning(withLink(refusedText(refused)), { duration: 8000 })
      // Refused now, and only those: one settled and refused again is named again.
      named.clear()
      for (const b of bookings.bookings) if (refusedNow(b)) named.add(b.localId)
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
