import { ref, watch } from 'vue'
import type { NewBookingScreen } from './newBookingScreen'

/** A planned delivery that has passed (a request's, or one kept since) moves to the clerk's today, and the form says so. */
export function useDeliveryCatchUp(fields: { plannedDelivery: string | null }, screen: Pick<NewBookingScreen, 'today'>) {
  /** The planned delivery moved to today because it had passed, until the form is saved or emptied. */
  const deliveryMoved = ref<{ from: string; to: string } | null>(null)
  // Another day chosen since: the note no longer speaks of the date shown.
  watch(
    () => fields.plannedDelivery,
    (day) => {
      if (deliveryMoved.value && day !== deliveryMoved.value.to) deliveryMoved.value = null
    },
  )

  function catchUpDelivery(): { from: string; to: string } | null {
    const day = screen.today()
    if (!fields.plannedDelivery || fields.plannedDelivery >= day) return null
    deliveryMoved.value = { from: fields.plannedDelivery, to: day }
    fields.plannedDelivery = day
    return deliveryMoved.value
  }

  return { deliveryMoved, catchUpDelivery }
}
