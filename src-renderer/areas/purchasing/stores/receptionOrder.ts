import { ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestInput } from '@shared/contract'
import type { Reception, ReceptionDraft, ReceptionResult } from '@shared/purchasing'
import { draftAfterReception } from '../receptionForm'
import { onCompanySwitch } from '@renderer/composables/companySwitch'

/** The reception screen of one order: what is still to receive, and the order's receptions so far. */
export function useReceptionOrder() {
  const draft = ref<ReceptionDraft | null>(null)
  const receptionsOfOrder = ref<Reception[]>([])

  let shownOrderId: number | null = null
  // Another company's order: forgotten (its screen is left before a switch, useEntitySwitch.ts).
  onCompanySwitch(() => {
    shownOrderId = null
    draft.value = null
    receptionsOfOrder.value = []
  }, 'sync')

  async function loadReceptionOrder(orderId: number): Promise<void> {
    if (shownOrderId !== orderId) {
      shownOrderId = orderId
      draft.value = null
      receptionsOfOrder.value = []
    }
    const [d, list] = await Promise.all([request('receptions.draft', { orderId }), request('receptions.ofOrder', { orderId })])
    draft.value = d
    receptionsOfOrder.value = list
  }

  async function refreshReceptionsOfOrder(orderId: number): Promise<void> {
    receptionsOfOrder.value = await request('receptions.ofOrder', { orderId })
  }

  /**
   * Records a reception and applies its answer: the order's lines as they are
   * now become what is pending, the new reception heads the list. When the
   * service recorded it but the order could not be read back, what was pending
   * is no longer true and is forgotten (the screen reads the order again):
   * offered as the next reception, it would be received twice.
   */
  async function receive(input: RequestInput<'receptions.create'>): Promise<ReceptionResult> {
    const result = await request('receptions.create', input)
    if (result.reception)
      receptionsOfOrder.value = [result.reception, ...receptionsOfOrder.value.filter((r) => r.id !== result.reception!.id)]
    const current = draft.value?.order.id === input.orderId ? draft.value : null
    draft.value = result.order && current ? draftAfterReception(current, result.order) : null
    return result
  }

  return { draft, receptionsOfOrder, loadReceptionOrder, refreshReceptionsOfOrder, receive }
}
