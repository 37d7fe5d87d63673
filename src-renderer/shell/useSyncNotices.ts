import { h, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'
import { useMessage } from 'naive-ui'
import { bookingLabel } from '@shared/bookingIdentity'
import { useBookingsStore } from '../stores/bookings'
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
  /** Bookings already named in a refusal toast: each is named once (by the label the list and the sync centre show). */
  const named = new Set<string>()
  const refusedNow = (b: { state: string }) => b.state === 'failed' || b.state === 'conflict'
  const freshRefusals = () => bookings.bookings.filter((b) => refusedNow(b) && !named.has(b.localId))

  /**
   * The counts change (sync.changed) a moment before the bookings do (bookings.changed): the toast waits
   * for the refused bookings to arrive, briefly, so it can name them; a few by name, many by count.
   */
  function toastRefused(refused: number): void {
    let done = false
    const show = () => {
      if (done) return
      done = true
      stop()
      clearTimeout(timer)
      const fresh = freshRefusals()
      for (const b of fresh) named.add(b.localId)
      // A create held for the clerk was not refused: the service may have it, and the clerk decides.
      const held = fresh.filter((b) => b.problem?.code === 'needs_decision')
      if (held.length > 0)
        message.warning(withLink(t('connection.heldNamed', { names: held.map(bookingLabel).join(', ') }, held.length)), {
          duration: 8000,
        })
      const others = fresh.filter((b) => !held.includes(b))
      const count = refused - held.length
      if (count <= 0) return
      const text =
        others.length === 0 || others.length > 3
          ? t('connection.refused', { count }, count)
          : t('connection.refusedNamed', { names: others.map(bookingLabel).join(', ') }, others.length)
      message.warning(withLink(text), { duration: 8000 })
    }
    const stop = watch(
      () => bookings.bookings,
      () => {
        if (freshRefusals().length > 0) show()
      },
    )
    const timer = setTimeout(show, 500)
    if (freshRefusals().length > 0) show()
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
      h(
        'a',
        { href: '#', 'data-testid': 'sync-notice-open', onClick: (e: Event) => (e.preventDefault(), openSyncCentre()) },
        t('connection.openSyncCentre'),
      ),
    ])

  watch(
    () => bookings.sync,
    (next, previous) => {
      if (!online() && next.waiting > 0) outage = true
      const refused = Math.max(0, next.failed + next.conflicts - (previous.failed + previous.conflicts))
      // One settled since (retried, discarded) and refused again is named again.
      for (const id of named) if (!bookings.byLocalId.get(id) || !refusedNow(bookings.byLocalId.get(id)!)) named.delete(id)
      if (refused > 0) toastRefused(refused)
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
