import { ref, type Ref } from 'vue'
import { request } from '@renderer/api'
import type { PurchaseOrder, Reception } from '@shared/purchasing'

/** One reception, and returning it: the answer is applied here and in its order's list (`receptionsOfOrder`). */
export function useReception(receptionsOfOrder: Ref<Reception[]>) {
  const reception = ref<Reception | null>(null)
  /** The reception's order, for naming its items; null when it could not be read. */
  const receptionOrder = ref<PurchaseOrder | null>(null)

  async function loadReception(id: number): Promise<void> {
    if (reception.value?.id !== id) {
      reception.value = null
      receptionOrder.value = null
    }
    const r = await request('receptions.get', { id })
    reception.value = r
    receptionOrder.value = await request('purchaseOrders.get', { id: r.purchaseOrderId }).catch(() => null)
  }

  /** The answer is the reception voided, with its lots' stock now. */
  async function returnReception(id: number): Promise<Reception> {
    const returned = await request('receptions.return', { id })
    if (reception.value?.id === id) reception.value = returned
    receptionsOfOrder.value = receptionsOfOrder.value.map((r) => (r.id === id ? returned : r))
    return returned
  }

  return { reception, receptionOrder, loadReception, returnReception }
}
