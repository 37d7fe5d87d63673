import { ref, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { useKeys } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { canDeliver } from '../dispatchLists'

export interface DispatchPictureScreen {
  agencyId: Ref<number | null>
  /** The booking whose delivery is being confirmed, if any. */
  delivering: Ref<LocalBooking | null>
  /** The booking opened by scanning its slip, if any. */
  active: Ref<LocalBooking | null>
  say: (kind: 'success', text: string) => void
  t: (key: string, values?: Record<string, unknown>) => string
}

/**
 * The picture of a delivery on Dispatch (issue 33): which booking the capture dialog is open for, opened by
 * the card's button or F8 (on the booking being delivered, else the one opened by a scan). It is apart from
 * the delivery on purpose: a picture is taken before, during or after it, and never holds it up.
 */
export function useDispatchPicture(screen: DispatchPictureScreen) {
  const bookings = useBookingsStore()
  const asking = ref<LocalBooking | null>(null)

  /** A booking on its way to this agency, or delivered: what a delivery picture belongs to. */
  function pictured(b: LocalBooking): boolean {
    const own = screen.agencyId.value
    return b.delivered || (own !== null && canDeliver(b, own))
  }
  function target(): LocalBooking | null {
    const active = screen.active.value
    return screen.delivering.value ?? (active && pictured(active) ? active : null)
  }
  function ask(b: LocalBooking): void {
    asking.value = b
  }

  useKeys('keys.groups.screen', [
    {
      keys: 'F8',
      label: 'keys.takePicture',
      // Also over the delivery's question: the picture is taken as the goods are handed over.
      inDialogs: true,
      when: () => asking.value === null && target() !== null,
      run: () => {
        const b = target()
        if (b) ask(b)
      },
    },
  ])

  function attached(): void {
    const b = asking.value
    asking.value = null
    if (!b) return
    screen.say('success', screen.t('pictures.attached', { number: bookings.bookingNumber(b) }))
  }

  return { asking, ask, attached, cancel: () => (asking.value = null) }
}
