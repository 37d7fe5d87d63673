import { nextTick, ref, watch } from 'vue'
import { validQuantity } from '@renderer/stores/bookingFormLines'
import type { RequiredField } from '../components/BookingHeaderFields.vue'
import type { BookingFields } from './bookingFields'
import type { NewBookingScreen } from './newBookingScreen'

/** What Ctrl+Enter found missing before a save: outlined, said beside each, and the first brought into view. */
export function useMissingFields(fields: BookingFields, screen: Pick<NewBookingScreen, 'focusScan' | 'focusField' | 'revealMissing'>) {
  /** What Ctrl+Enter found missing, in the form's order: each is outlined and says so beside it. */
  const missing = ref<(RequiredField | 'lines')[]>([])

  /** What is missing to save; a draft may wait for its destination (the clerk may not know it yet). */
  function gaps(asDraft = false): (RequiredField | 'lines')[] {
    const found: (RequiredField | 'lines')[] = []
    if (fields.destination === null && !asDraft) found.push('destination')
    if (!fields.plannedDelivery) found.push('plannedDelivery')
    if (fields.lines.length === 0) found.push('lines')
    return found
  }

  /** Ready to save? If not, the first missing field takes the focus, in view, outlined with its message beside it. */
  function check(asDraft: boolean): boolean {
    missing.value = gaps(asDraft)
    const first = missing.value[0]
    if (first) {
      void nextTick(() => {
        if (first === 'lines') screen.focusScan()
        else screen.focusField(first)
        screen.revealMissing()
      })
      return false
    }
    return fields.lines.every((l) => validQuantity(l.quantity))
  }
  // A field filled in loses its outline at once; nothing new is outlined before the next Ctrl+Enter.
  watch(
    () => [fields.destination, fields.plannedDelivery, fields.lines.length],
    () => {
      if (missing.value.length) missing.value = missing.value.filter((f) => gaps().includes(f))
    },
  )

  return { missing, check }
}
