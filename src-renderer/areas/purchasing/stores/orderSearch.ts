import { ref } from 'vue'
import { request } from '@renderer/api'
import type { PurchaseOrder } from '@shared/purchasing'
import { onCompanySwitch } from '@renderer/composables/companySwitch'

/** Purchase orders found for a reception. The query and its answer stay for coming back from an order. */
export function useOrderSearch() {
  const orderQuery = ref('')
  const orders = ref<PurchaseOrder[]>([])
  let asked = 0
  // Another company's orders: forgotten, and a search on its way is overtaken. The query stays as typed.
  onCompanySwitch(() => {
    asked += 1
    orders.value = []
  }, 'sync')

  /** Finds orders for the query now in `orderQuery`; a slow answer to an older query never replaces a newer one's. Null when overtaken. */
  async function searchOrders(): Promise<PurchaseOrder[] | null> {
    const mine = ++asked
    const found = await request('purchaseOrders.search', { query: orderQuery.value, limit: 100 })
    if (mine !== asked) return null
    return (orders.value = found)
  }

  return { orderQuery, orders, searchOrders }
}
