import type { CoreHarness } from './coreHarness'

export interface AgencyStock {
  /** Lots with at least the asked quantity at the agency, of active items, in lot-stock id order. */
  stocks: { item: number; available: number }[]
  /** Every agency of the entity, by id. */
  agencies: number[]
}

/**
 * Stock of active items at an agency, read through the signed-in core with
 * only what the real service's GraphQL offers (lots carry no item relation
 * there), so it works with the sandbox's extensions on and off.
 */
export async function agencyStock(h: CoreHarness, agency: number, atLeast: number): Promise<AgencyStock> {
  const res = await h.call('graphql.query', {
    query: `query($a: bigint!, $min: numeric!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: $min}}, order_by: [{id: asc}]) { available lot { item_id } }
      agencies(order_by: [{id: asc}]) { id } }`,
    variables: { a: agency, min: atLeast },
  })
  const data = res.data as { lot_stocks: { available: number | string; lot: { item_id: number } }[]; agencies: { id: number }[] }
  const itemIds = [...new Set(data.lot_stocks.map((s) => s.lot.item_id))]
  const active = await h.call('graphql.query', {
    query: 'query($ids: [bigint!]!) { items(where: {id: {_in: $ids}, active: {_eq: true}}) { id } }',
    variables: { ids: itemIds },
  })
  const activeIds = new Set((active.data as { items: { id: number }[] }).items.map((i) => i.id))
  return {
    stocks: data.lot_stocks
      .filter((s) => activeIds.has(s.lot.item_id))
      .map((s) => ({ item: s.lot.item_id, available: Number(s.available) })),
    agencies: data.agencies.map((a) => a.id),
  }
}
