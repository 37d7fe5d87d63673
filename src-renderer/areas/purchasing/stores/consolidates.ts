import { ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestInput } from '@shared/contract'
import type { Consolidate, ConsolidateSummary, PurchaseOrder } from '@shared/purchasing'
import { onCompanySwitch } from '@renderer/composables/companySwitch'

const summaryOf = (c: Consolidate): ConsolidateSummary => ({
  id: c.id,
  name: c.name,
  idNumber: c.idNumber,
  createdAt: c.createdAt,
  orderCount: c.orders.length,
})

/** The consolidates listed, the one open on its screen, and the commands on them, each answer applied to both. */
export function useConsolidates() {
  const consolidates = ref<ConsolidateSummary[]>([])
  /** The consolidate open on its screen. */
  const consolidate = ref<Consolidate | null>(null)
  // Another company's consolidates: forgotten, and a list still on its way (the company left behind's) is dropped.
  let company = 0
  onCompanySwitch(() => {
    company += 1
    consolidates.value = []
    consolidate.value = null
  }, 'sync')

  async function loadConsolidates(): Promise<void> {
    const mine = company
    const list = await request('consolidates.list')
    if (mine === company) consolidates.value = list
  }

  function candidates(special: boolean): Promise<PurchaseOrder[]> {
    return request('consolidates.candidates', { special })
  }

  async function loadConsolidate(id: number): Promise<Consolidate> {
    if (consolidate.value?.id !== id) consolidate.value = null
    return (consolidate.value = await request('consolidates.get', { id }))
  }

  async function createConsolidate(input: RequestInput<'consolidates.create'>): Promise<Consolidate> {
    const created = await request('consolidates.create', input)
    consolidate.value = created
    // The list is newest first, as the service orders it.
    consolidates.value = [summaryOf(created), ...consolidates.value.filter((c) => c.id !== created.id)]
    return created
  }

  async function updateConsolidate(id: number, changes: RequestInput<'consolidates.update'>['changes']): Promise<Consolidate> {
    const updated = await request('consolidates.update', { id, changes })
    consolidate.value = updated
    consolidates.value = consolidates.value.map((c) => (c.id === id ? summaryOf(updated) : c))
    return updated
  }

  async function deleteConsolidate(id: number): Promise<void> {
    await request('consolidates.delete', { id })
    consolidates.value = consolidates.value.filter((c) => c.id !== id)
    if (consolidate.value?.id === id) consolidate.value = null
  }

  return {
    consolidates,
    consolidate,
    loadConsolidates,
    candidates,
    loadConsolidate,
    createConsolidate,
    updateConsolidate,
    deleteConsolidate,
  }
}
