import { ref, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { PictureStep } from '@shared/bookingPictures'
import { useKeys } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { pictureStepOf } from '../dispatchLists'

export interface DispatchPictureScreen {
  agencyId: Ref<number | null>
  /** The booking whose delivery is being confirmed, if any. */
  delivering: Ref<LocalBooking | null>
  /** The bookings whose shipping is being confirmed, if any. */
  shipping: Ref<LocalBooking[] | null>
  /** The booking opened by scanning its slip, if any. */
  active: Ref<LocalBooking | null>
  /** Another dialog of the booking's proof is open (the signature): F8 waits for it. */
  blocked: () => boolean
  say: (kind: 'success', text: string) => void
  t: (key: string, values?: Record<string, unknown>) => string
}

/** A booking and the step its picture proves. */
export interface PictureAsked {
  booking: LocalBooking
  step: PictureStep
}

/**
 * The pictures of Dispatch (issue 33): which booking and step the capture dialog is open for, opened by the
 * card's button or F8: the delivery being confirmed, else the one booking being shipped, else the booking
 * opened by a scan (its delivery, or its shipping while it is ours to send). It is apart from the ship and
 * the delivery on purpose: a picture is taken before, during or after them, and never holds them up.
 */
export function useDispatchPicture(screen: DispatchPictureScreen) {
  const bookings = useBookingsStore()
  const asking = ref<PictureAsked | null>(null)

  function target(): PictureAsked | null {
    const delivering = screen.delivering.value
    if (delivering) return { booking: delivering, step: 'delivery' }
    const shipping = screen.shipping.value
    if (shipping?.length === 1) return { booking: shipping[0]!, step: 'shipping' }
    if (shipping) return null
    const active = screen.active.value
    const own = screen.agencyId.value
    const step = active && own !== null ? pictureStepOf(active, own) : null
    return active && step ? { booking: active, step } : null
  }
  function ask(booking: LocalBooking, step: PictureStep): void {
    asking.value = { booking, step }
  }

  useKeys('keys.groups.screen', [
    {
      keys: 'F8',
      label: 'keys.takePicture',
      // Also over the ship's or the delivery's question (the picture is taken as the goods change hands), and
      // over no other dialog.
      inDialogs: () => screen.delivering.value !== null || screen.shipping.value !== null,
      when: () => asking.value === null && !screen.blocked() && target() !== null,
      run: () => {
        asking.value = target()
      },
    },
  ])

  function attached(): void {
    const asked = asking.value
    asking.value = null
    if (!asked) return
    screen.say('success', screen.t('pictures.attached', { number: bookings.bookingNumber(asked.booking) }))
  }

  return { asking, ask, attached, cancel: () => (asking.value = null) }
}
