import type { CoreHarness } from './coreHarness'

/** What many one-unit bookings need: the origin, a destination and the item of each booking. */
export interface OneUnitPlan {
  origin: number
  destination: number
  /** The item of booking n, spread over the active items in stock at the origin so none is refused for stock. */
  items: number[]
}

/**
 * Plans `count` one-unit bookings from the user's agency, read from the
 * service through a signed-in core. Fewer items than asked means the seed
 * has not that much stock: the caller checks the length.
 */
export async function planOneUnitBookings(h: CoreHarness, count: number): Promise<OneUnitPlan> {
  const origin = (await h.call('profile.whoami')).agency!.id
  const res = await h.call('graphql.query', {
    query: `query($a: Int!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 1}}, order_by: [{id: asc}]) { available lot { item_id item { active } } }
      agencies(order_by: [{id: asc}]) { id } }`,
    variables: { a: origin },
  })
  const data = res.data as { lot_stocks: { available: number; lot: { item_id: number; item: { active: boolean } } }[]; agencies: { id: number }[] }
  const capacity = new Map<number, number>()
  for (const s of data.lot_stocks) if (s.lot.item.active) capacity.set(s.lot.item_id, (capacity.get(s.lot.item_id) ?? 0) + Math.floor(s.available))
  const items: number[] = []
  for (const [item, units] of capacity) for (let i = 0; i < units && items.length < count; i++) items.push(item)
  return { origin, destination: data.agencies.find((a) => a.id !== origin)!.id, items }
}
