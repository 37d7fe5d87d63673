import { watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useMessage } from 'naive-ui'
import { bookingLabel } from '@shared/bookingIdentity'
import { useBookingsStore } from '../stores/bookings'
import { useSyncNoticeLink } from './syncNoticeLink'

type BookingsStore = ReturnType<typeof useBookingsStore>
type Booking = BookingsStore['bookings'][number]

const refusedNow = (b: { state: string }) => b.state === 'failed' || b.state === 'conflict'

/**
 * The toast for bookings the service refused (and creates held for the clerk), with the way to the sync centre.
 * Each booking is named once, by the label the list and the sync centre show.
 */
export function useRefusalNotice(): { refused: (count: number) => void } {
  const bookings = useBookingsStore()
  const message = useMessage()
  const { t } = useI18n()
  const withLink = useSyncNoticeLink()
  const named = new Set<string>()
  const freshRefusals = () => bookings.bookings.filter((b) => refusedNow(b) && !named.has(b.localId))

  function show(refused: number): void {
    const fresh = freshRefusals()
    for (const b of fresh) named.add(b.localId)
    // A create held for the clerk was not refused: the service may have it, and the clerk decides.
    const held = fresh.filter((b) => b.problem?.code === 'needs_decision')
    if (held.length > 0)
      message.warning(withLink(t('connection.heldNamed', { names: held.map(bookingLabel).join(', ') }, held.length)), {
        duration: 8000,
      })
    const count = refused - held.length
    if (count > 0)
      message.warning(
        withLink(
          refusedText(
            fresh.filter((b) => !held.includes(b)),
            count,
          ),
        ),
        { duration: 8000 },
      )
  }

  /** A few by name, many by count. */
  function refusedText(others: Booking[], count: number): string {
    return others.length === 0 || others.length > 3
      ? t('connection.refused', { count }, count)
      : t('connection.refusedNamed', { names: others.map(bookingLabel).join(', ') }, others.length)
  }

  /**
   * The counts change (sync.changed) a moment before the bookings do (bookings.changed): the toast waits
   * for the refused bookings to arrive, briefly, so it can name them.
   */
  function refused(count: number): void {
    // One settled since (retried, discarded) and refused again is named again.
    for (const id of named) if (!bookings.byLocalId.get(id) || !refusedNow(bookings.byLocalId.get(id)!)) named.delete(id)
    if (count <= 0) return
    let done = false
    const once = () => {
      if (done) return
      done = true
      stop()
      clearTimeout(timer)
      show(count)
    }
    const stop = watch(
      () => bookings.bookings,
      () => {
        if (freshRefusals().length > 0) once()
      },
    )
    const timer = setTimeout(once, 500)
    if (freshRefusals().length > 0) once()
  }

  return { refused }
}
