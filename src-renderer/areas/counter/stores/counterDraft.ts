import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DraftLine } from '../bookingDraft'

/**
 * The booking being typed at the counter. It lives here, not in the view, so
 * answering the phone on another screen and coming back finds it as it was.
 */
export const useCounterDraftStore = defineStore('counterDraft', () => {
  const destination = ref<number | null>(null)
  const plannedDelivery = ref<string | null>(null)
  const reference = ref('')
  const needsTransport = ref(true)
  const transferRequestId = ref<number | null>(null)
  const lines = ref<DraftLine[]>([])

  function reset(today: string | null): void {
    destination.value = null
    plannedDelivery.value = today
    reference.value = ''
    needsTransport.value = true
    transferRequestId.value = null
    lines.value = []
  }

  const empty = () => lines.value.length === 0 && destination.value === null && reference.value === ''

  return { destination, plannedDelivery, reference, needsTransport, transferRequestId, lines, reset, empty }
})
