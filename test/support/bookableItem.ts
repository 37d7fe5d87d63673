import type { CoreHarness } from './coreHarness'

/** An active item with stock to spare at the user's agency, and another agency to send it to. */
export async function bookableItem(h: CoreHarness): Promise<{ item: number; destination: number }> {
  const origin = (await h.call('profile.whoami')).agency!.id
  const res = await h.call('graphql.query', {
    query: 'query($a: Int!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 30}}, order_by: [{id: asc}]) { lot { item_id item { active } } } agencies { id } }',
    variables: { a: origin },
  })
  const data = res.data as { lot_stocks: { lot: { item_id: number; item: { active: boolean } } }[]; agencies: { id: number }[] }
  return { item: data.lot_stocks.find((s) => s.lot.item.active)!.lot.item_id, destination: data.agencies.find((a) => a.id !== origin)!.id }
}
