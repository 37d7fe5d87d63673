import { computed, onMounted, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { BookingPicture } from '@shared/bookingPictures'
import { bookingLabel } from '@shared/bookingIdentity'
import { useNow } from '@renderer/composables/useNow'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useKeptPicturesStore } from '@renderer/stores/keptPictures'
import { shownPictures } from '../pictureRows'

/**
 * The Sync centre's pictures (issue 33): the list as the clerk needs it, each named by its booking, and
 * the refused one being dismissed (the confirmation's target).
 */
export function useSyncPictures() {
  const pictures = useKeptPicturesStore()
  const bookings = useBookingsStore()
  // A sent picture leaves the list after a week: read the clock now and then, not at every render.
  const now = useNow(60_000)
  const shown = computed(() => shownPictures(pictures.pictures, now.value))
  /** Something of the pictures is not on the service yet (the screen does not say "all clear"). */
  const outstanding = computed(() => shown.value.some((p) => p.state !== 'sent'))
  const dismissing = ref<BookingPicture | null>(null)
  const { t } = useI18n()

  function numberOf(p: BookingPicture): string {
    const booking = bookings.byLocalId.get(p.localId)
    return booking ? bookings.bookingNumber(booking) : bookingLabel({ localId: p.localId, serviceId: p.serviceId, origin: 'here' })
  }

  /** The confirmation's words: which picture of which booking goes. */
  const dismissText = computed(() => {
    const p = dismissing.value
    return p ? t('syncPictures.dismissBody', { step: t(`syncPictures.steps.${p.step}`), number: numberOf(p) }) : ''
  })

  async function dismiss(): Promise<void> {
    if (dismissing.value) await pictures.dismiss(dismissing.value.seq)
  }

  onMounted(() => void pictures.ensureLoaded())

  /** The list was read (then the events keep it): until then nothing is known of what waits. */
  const known = computed(() => pictures.loaded)

  return { shown, outstanding, known, dismissing, dismissText, numberOf, dismiss, listRead: pictures.listRead }
}
