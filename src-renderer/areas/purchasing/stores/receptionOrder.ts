import { ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestInput } from '@shared/contract'
import type { Reception, ReceptionDraft, ReceptionResult } from '@shared/purchasing'
import { draftAfterReception } from '../receptionForm'

/** The reception screen of one order: what is still to receive, and the order's receptions so far. */
export function useReceptionOrder() {
  const draft = ref<ReceptionDraft | null>(null)
  const receptionsOfOrder = ref<Reception[]>([])

  async function loadReceptionOrder(orderId: number): Promise<void> {
    if (draft.value?.order.id !== orderId) {
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
   * now become what is pending, the new reception heads the list. Only when
   * the service recorded it but the order could not be read back is the
   * draft asked for again.
   */
  async function receive(input: RequestInput<'receptions.create'>): Promise<ReceptionResult> {
    const result = await request('receptions.create', input)
    if (result.reception)
      receptionsOfOrder.value = [result.reception, ...receptionsOfOrder.value.filter((r) => r.id !== result.reception!.id)]
    if (result.order && draft.value?.order.id === input.orderId) draft.value = draftAfterReception(draft.value, result.order)
    else await loadReceptionOrder(input.orderId).catch(() => undefined)
    return result
  }

  return { draft, receptionsOfOrder, loadReceptionOrder, refreshReceptionsOfOrder, receive }
}
