import { computed, ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useKeptPicturesStore } from '@renderer/stores/keptPictures'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * The picture of a booking just saved on New booking (issue 33, step 'booking'): once the save is done
 * (offline too), the screen offers it for that booking until the next save or until the clerk closes the offer.
 * Nothing of it is on the save's path: the offer comes after the booking is kept, and the picture goes on
 * its own queue behind it.
 */
export function useSavedBookingPicture(screen: Pick<NewBookingScreen, 'say' | 't'>) {
  const bookings = useBookingsStore()
  const pictures = useKeptPicturesStore()
  /** The booking the offer is for: the last one saved on this screen. */
  const saved = ref<LocalBooking | null>(null)
  /** The booking the capture dialog is open for. */
  const asking = ref<LocalBooking | null>(null)
  const number = computed(() => (saved.value ? bookings.bookingNumber(saved.value) : ''))
  /** Its picture, if one was attached, with its state as the core announces it. */
  const picture = computed(() => (saved.value ? pictures.latest(saved.value.localId, 'booking') : null))

  function offer(booking: LocalBooking): void {
    // No read of the pictures kept here: a booking just created has none, and the one attached next is added by
    // the store itself (the save costs its one request, and nothing more).
    saved.value = booking
    asking.value = null
  }
  function ask(): void {
    if (saved.value && !asking.value) asking.value = saved.value
  }
  function attached(): void {
    const b = asking.value
    asking.value = null
    if (b) screen.say('success', screen.t('pictures.attached', { number: bookings.bookingNumber(b) }))
  }
  function dismiss(): void {
    saved.value = null
    asking.value = null
  }

  return { saved, asking, number, picture, offer, ask, attached, cancel: () => void (asking.value = null), dismiss }
}
