import { ref, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import type { DeliverySignature } from '@shared/bookingPictures'
import { useKeys } from '@renderer/composables/useKeys'
import { useBookingsStore } from '@renderer/stores/bookings'
import { canSign } from '../dispatchLists'

export interface DispatchSignatureScreen {
  agencyId: Ref<number | null>
  /** The booking whose delivery is being confirmed, if any. */
  delivering: Ref<LocalBooking | null>
  /** The booking opened by scanning its slip, if any. */
  active: Ref<LocalBooking | null>
  /** A picture is being taken: one dialog over the delivery at a time. */
  picturing: Ref<unknown>
  say: (kind: 'success', text: string) => void
  t: (key: string, values?: Record<string, unknown>) => string
}

/**
 * The receiver's signature on Dispatch (issue 33): which booking the signature dialog is open for, opened by
 * the card's button or F9 (over the delivery's question, else on the booking opened by a scan). Like the
 * picture, it is apart from the delivery: signing, or closing the dialog, never holds the delivery up.
 */
export function useDispatchSignature(screen: DispatchSignatureScreen) {
  const bookings = useBookingsStore()
  const asking = ref<LocalBooking | null>(null)

  function target(): LocalBooking | null {
    const active = screen.active.value
    const own = screen.agencyId.value
    return screen.delivering.value ?? (active && own !== null && canSign(active, own) ? active : null)
  }

  useKeys('keys.groups.screen', [
    {
      keys: 'F9',
      label: 'keys.signDelivery',
      // Over the delivery's question, and no other dialog.
      inDialogs: () => screen.delivering.value !== null,
      when: () => asking.value === null && screen.picturing.value === null && target() !== null,
      run: () => {
        asking.value = target()
      },
    },
  ])

  function signed(signature: DeliverySignature): void {
    const b = asking.value
    asking.value = null
    if (b) screen.say('success', screen.t('dispatch.signing.signed', { name: signature.receiver, number: bookings.bookingNumber(b) }))
  }

  return {
    asking,
    ask: (b: LocalBooking) => void (asking.value = b),
    signed,
    cancel: () => void (asking.value = null),
  }
}
