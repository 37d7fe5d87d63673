import type { DemoUser, RunningSandbox } from '@sandbox'
import { control, gqlData, graphqlToken, rest } from './sandboxClient'

/** Helpers for the purchasing tests: the REST calls a purchasing clerk makes, stock read back through GraphQL. */
export type Json = Record<string, unknown>
export type Order = Json & { id: number | string; consolidate_id: number | string | null; received: boolean }
export type Consolidate = Json & { id: number | string; purchase_orders: Order[] }

export function purchasingClient(sandbox: RunningSandbox, user: () => Pick<DemoUser, 'email' | 'token'>) {
  let jwt: string | undefined
  const token = async () => (jwt ??= await graphqlToken(sandbox, user() as DemoUser))
  const call = <T>(method: string, path: string, body?: unknown) => rest<T>(sandbox, user(), method, path, body)
  const ordersBody = (name: string, ids: (number | string)[], description?: string) => ({
    consolidate: {
      name,
      description,
      purchase_orders_attributes: Object.fromEntries(ids.map((id, i) => [String(i), { id, consolidated: '1' }])),
    },
  })
  return {
    candidates: () => call<Order[]>('GET', '/purchases/consolidates/new.json'),
    specialCandidates: () => call<Order[]>('GET', '/purchases/consolidates/new_for_special_invoice.json'),
    createConsolidate: (name: string, ids: (number | string)[], description?: string) =>
      call<Consolidate & Record<string, string[]>>('POST', '/purchases/consolidates.json', ordersBody(name, ids, description)),
    createSpecial: (name: string, ids: (number | string)[]) =>
      call<Consolidate & Record<string, string[]>>(
        'POST',
        '/purchases/consolidates/create_for_special_invoice.json',
        ordersBody(name, ids),
      ),
    showConsolidate: (id: number | string) => call<Consolidate>('GET', `/purchases/consolidates/${id}.json`),
    editConsolidate: (id: number | string) => call<Consolidate>('GET', `/purchases/consolidates/${id}/edit.json`),
    updateConsolidate: (id: number | string, consolidate: Json) =>
      call<Consolidate & Record<string, string[]>>('PUT', `/purchases/consolidates/${id}.json`, { consolidate }),
    deleteConsolidate: (id: number | string) => call<Json | undefined>('DELETE', `/purchases/consolidates/${id}.json`),
    newReception: (orderId: number | string) =>
      call<Json & { reception_details: Json[] }>('GET', `/purchases/purchase_orders/${orderId}/receptions/new.json`),
    createReception: (orderId: number | string, reception: Json) =>
      call<Order & { purchase_order_details: Json[] } & Record<string, string[]>>(
        'POST',
        `/purchases/purchase_orders/${orderId}/receptions.json`,
        { reception },
      ),
    showReception: (id: number | string) => call<Json & { reception_details: Json[] }>('GET', `/purchases/receptions/${id}.json`),
    deleteReception: (id: number | string) => call<Json>('DELETE', `/purchases/receptions/${id}.json`),
    rebound: (id: number | string, orderId: number | string) =>
      call<Json>('GET', `/purchases/receptions/${id}/rebound.json?purchase_order_id=${orderId}`),
    settings: (change: Json) => control(sandbox, 'PUT', '/settings', change),
    gql: async <D>(query: string, variables?: Record<string, unknown>) => gqlData<D>(sandbox, await token(), query, variables),
    /** Available of one lot at one agency (0 without a row). */
    available: async (lotId: number, agencyId: number) => {
      const { lot_stocks } = await gqlData<{ lot_stocks: { available: number }[] }>(
        sandbox,
        await token(),
        'query ($lot: bigint!, $agency: bigint!) { lot_stocks(where: {lot_id: {_eq: $lot}, agency_id: {_eq: $agency}}) { available } }',
        { lot: lotId, agency: agencyId },
      )
      return lot_stocks[0]?.available ?? 0
    },
    /** The newest reception of an order, through GraphQL (the create answers with the order, not the reception). */
    lastReception: async (orderId: number) => {
      const { receptions } = await gqlData<{
        receptions: { id: number; voided: boolean; reception_details: { lot_id: number; quantity: string; item_id: number }[] }[]
      }>(
        sandbox,
        await token(),
        'query ($o: bigint!) { receptions(where: {purchase_order_id: {_eq: $o}}, order_by: {id: desc}, limit: 1) { id voided reception_details { lot_id quantity item_id } } }',
        { o: orderId },
      )
      return receptions[0]
    },
  }
}
