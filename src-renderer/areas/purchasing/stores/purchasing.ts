import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestInput, RequestOutput } from '@shared/contract'
import type { Consolidate, ConsolidateSummary, PurchaseOrder, Reception, ReceptionDraft, ReceptionResult } from '@shared/purchasing'
import { draftAfterReception } from '../receptionForm'
import { useEntityCurrencyStore } from '@renderer/stores/entityCurrency'

export type PurchasingContext = RequestOutput<'purchasing.context'>
/** What a scanned code names in the cached catalogue: an item (its id), a bundle, or nothing known. */
export type ScannedCode = { kind: 'item'; itemId: number; code: string; name: string } | { kind: 'bundle' | 'unknown'; code: string }

/**
 * Purchasing's one door to the service: consolidates, purchase orders and
 * receptions. Purchasing works online, so the store holds what the screens
 * show and applies what each command answers (the consolidate made, the
 * reception recorded and its order as it is now, the reception returned);
 * nothing is read again after a command of its own. Reads throw their
 * failure for the screen to show next to what it was doing.
 */
export const usePurchasingStore = defineStore('purchasing', () => {
  // --- Around the forms: the agencies (asked once, again only after a failure) and the entity's currency.
  const context = ref<PurchasingContext | null>(null)
  let contextAsked: Promise<PurchasingContext> | null = null
  const agencies = computed(() => context.value?.agencies ?? [])
  // The shell read it as whoami named the entity (stores/entityCurrency.ts); asked again only when that read failed.
  const shared = useEntityCurrencyStore()
  const entityCurrency = computed(() => shared.currency)

  function loadContext(): Promise<PurchasingContext> {
    if (contextAsked) return contextAsked
    if (shared.currency === null) void shared.load()
    contextAsked = request('purchasing.context').then(
      (ctx) => (context.value = ctx),
      (err: unknown) => {
        contextAsked = null
        throw err
      },
    )
    return contextAsked
  }

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return agencies.value.find((a) => a.id === id)?.name ?? `#${id}`
  }

  // --- Consolidates.
  const consolidates = ref<ConsolidateSummary[]>([])
  /** The consolidate open on its screen. */
  const consolidate = ref<Consolidate | null>(null)

  async function loadConsolidates(): Promise<void> {
    consolidates.value = await request('consolidates.list')
  }

  function candidates(special: boolean): Promise<PurchaseOrder[]> {
    return request('consolidates.candidates', { special })
  }

  async function loadConsolidate(id: number): Promise<Consolidate> {
    if (consolidate.value?.id !== id) consolidate.value = null
    return (consolidate.value = await request('consolidates.get', { id }))
  }

  const summaryOf = (c: Consolidate): ConsolidateSummary => ({
    id: c.id,
    name: c.name,
    idNumber: c.idNumber,
    createdAt: c.createdAt,
    orderCount: c.orders.length,
  })

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

  // --- Purchase orders, found for a reception. The query and its answer stay for coming back from an order.
  const orderQuery = ref('')
  const orders = ref<PurchaseOrder[]>([])
  let asked = 0

  /** Finds orders for the query now in `orderQuery`; a slow answer to an older query never replaces a newer one's. Null when overtaken. */
  async function searchOrders(): Promise<PurchaseOrder[] | null> {
    const mine = ++asked
    const found = await request('purchaseOrders.search', { query: orderQuery.value, limit: 100 })
    if (mine !== asked) return null
    return (orders.value = found)
  }

  // --- The reception screen of one order: what is still to receive, and the order's receptions so far.
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

  // --- One reception, and returning it.
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

  /** The answer is the reception voided, with its lots' stock now: applied here and in its order's list. */
  async function returnReception(id: number): Promise<Reception> {
    const returned = await request('receptions.return', { id })
    if (reception.value?.id === id) reception.value = returned
    receptionsOfOrder.value = receptionsOfOrder.value.map((r) => (r.id === id ? returned : r))
    return returned
  }

  // --- Counting by scanning: what a code names, from the catalogue cached on this computer.
  /**
   * Goods are received as items: a code is looked up as an item first (a
   * bundle's barcode may repeat an item's); only a code no item has is asked
   * as a bundle, to say why it cannot be counted.
   */
  async function identify(code: string, kind?: 'item' | 'bundle'): Promise<ScannedCode> {
    const found = await request('counter.scan', { code, kind: kind ?? 'item' })
    if (found.kind === 'item') return { kind: 'item', itemId: found.item.item.id, code: found.item.item.code, name: found.item.item.name }
    // Only a bundle answers "refused" (an inactive one): still a bundle, which receptions do not count.
    if (found.kind === 'bundle' || found.kind === 'refused' || kind) return { kind: found.kind === 'refused' ? 'bundle' : found.kind, code }
    const bundle = await request('counter.scan', { code, kind: 'bundle' })
    return { kind: bundle.kind === 'bundle' || bundle.kind === 'refused' ? 'bundle' : 'unknown', code }
  }

  return {
    context,
    agencies,
    entityCurrency,
    loadContext,
    agencyName,
    consolidates,
    consolidate,
    loadConsolidates,
    candidates,
    loadConsolidate,
    createConsolidate,
    updateConsolidate,
    deleteConsolidate,
    orderQuery,
    orders,
    searchOrders,
    draft,
    receptionsOfOrder,
    loadReceptionOrder,
    refreshReceptionsOfOrder,
    receive,
    reception,
    receptionOrder,
    loadReception,
    returnReception,
    identify,
  }
})
