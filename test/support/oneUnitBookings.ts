import { agencyStock } from './agencyStock'
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
  const { stocks, agencies } = await agencyStock(h, origin, 1)
  const capacity = new Map<number, number>()
  for (const s of stocks) capacity.set(s.item, (capacity.get(s.item) ?? 0) + Math.floor(s.available))
  const items: number[] = []
  for (const [item, units] of capacity) for (let i = 0; i < units && items.length < count; i++) items.push(item)
  return { origin, destination: agencies.find((a) => a !== origin)!, items }
}
