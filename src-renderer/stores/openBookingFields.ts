import { ref, shallowRef, watch } from 'vue'
import type { OpenBookingForm } from '@shared/openBooking'
import type { FormLine } from './bookingFormLines'

/** Restored lines get keys below zero: bookingFormLines numbers new lines from 1 in every page load. */
let restoredKey = 0

export const blankForm = (today: string | null): OpenBookingForm => ({
  destination: null,
  plannedDelivery: today,
  reference: '',
  needsTransport: true,
  transferRequestId: null,
  lines: [],
})

/**
 * The fields of the booking being typed at the counter. `typed` is told of every change the clerk makes
 * (`atOnce` when a line was added); filling the form from the cache or emptying it is not typing.
 */
export function useOpenBookingFields(typed: (atOnce: boolean) => void) {
  const destination = ref<number | null>(null)
  const plannedDelivery = ref<string | null>(null)
  const reference = ref('')
  const needsTransport = ref(true)
  const transferRequestId = ref<number | null>(null)
  // Replaced at every change, never changed in place (a line's lots are the scan's frozen answer): the lines stay
  // plain objects, so the figures worked out from them at each scan (over stock, expired lots) read no proxies.
  const lines = shallowRef<FormLine[]>([])
  /** The planned-delivery day the restored form had when that day had passed (it was moved to today); null otherwise. */
  const movedDelivery = ref<string | null>(null)

  const empty = () =>
    lines.value.length === 0 && destination.value === null && reference.value.trim() === '' && transferRequestId.value === null

  function form(): OpenBookingForm {
    return {
      destination: destination.value,
      plannedDelivery: plannedDelivery.value,
      reference: reference.value,
      needsTransport: needsTransport.value,
      transferRequestId: transferRequestId.value,
      // Plain copies: a proxy does not travel over IPC.
      lines: lines.value.map((l) => ({ ...l, lots: l.lots.map((lot) => ({ ...lot })) })),
    }
  }

  let quiet = false
  function fill(next: OpenBookingForm): void {
    quiet = true
    try {
      destination.value = next.destination
      plannedDelivery.value = next.plannedDelivery
      reference.value = next.reference
      needsTransport.value = next.needsTransport
      transferRequestId.value = next.transferRequestId
      lines.value = next.lines.map((l) => ({ ...l, key: --restoredKey }))
      movedDelivery.value = null
    } finally {
      quiet = false
    }
  }

  const fields = [destination, plannedDelivery, reference, needsTransport, transferRequestId]
  watch(fields, () => !quiet && typed(false), { flush: 'sync' })
  watch(lines, (now, before) => !quiet && typed(now.length > before.length), { flush: 'sync' })

  return { destination, plannedDelivery, reference, needsTransport, transferRequestId, lines, movedDelivery, empty, form, fill }
}
