import { ref, type Ref } from 'vue'
import { request } from '@renderer/api'
import type { PurchaseOrder, Reception } from '@shared/purchasing'
import { createLoader } from '@renderer/stores/loader'
import { onCompanySwitch } from '@renderer/composables/companySwitch'

/** One reception, and returning it: the answer is applied here and in its order's list (`receptionsOfOrder`). */
export function useReception(receptionsOfOrder: Ref<Reception[]>) {
  const reception = ref<Reception | null>(null)
  /** The reception's order, for naming its items and its supplier; null when it could not be read. */
  const receptionOrder = ref<PurchaseOrder | null>(null)
  /** The order's read: when it fails the reception shows without it (its items by number), and says so. */
  const orderRead = createLoader(
    async () => (reception.value ? request('purchaseOrders.get', { id: reception.value.purchaseOrderId }) : null),
    (order) => (receptionOrder.value = order),
  )

  // Another company's reception: forgotten (its screen is left before a switch, useEntitySwitch.ts).
  onCompanySwitch(() => {
    reception.value = null
    receptionOrder.value = null
    orderRead.reset()
  }, 'sync')

  async function loadReception(id: number): Promise<void> {
    if (reception.value?.id !== id) {
      reception.value = null
      receptionOrder.value = null
      orderRead.reset()
    }
    reception.value = await request('receptions.get', { id })
    await orderRead.load()
  }

  /** The answer is the reception voided, with its lots' stock now. */
  async function returnReception(id: number): Promise<Reception> {
    const returned = await request('receptions.return', { id })
    if (reception.value?.id === id) reception.value = returned
    receptionsOfOrder.value = receptionsOfOrder.value.map((r) => (r.id === id ? returned : r))
    return returned
  }

  return { reception, receptionOrder, orderRead, loadReception, returnReception }
}
