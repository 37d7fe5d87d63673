import type { LocalBooking } from '@shared/bookings'

/**
 * Which bookings the warehouse sees on each tab of the dispatch screen, from
 * the point of view of one agency, and the filters over them. Pure, so the
 * rules are tested without a screen.
 */
export const dispatchTabs = ['toShip', 'inTransitOut', 'inTransitIn', 'delivered'] as const
export type DispatchTab = (typeof dispatchTabs)[number]

export interface DispatchFilters {
  /** The other end: the destination of outgoing bookings, the origin of incoming ones. */
  agencyId: number | null
  /** A planned-delivery day, YYYY-MM-DD. */
  plannedDelivery: string | null
}

/** Delivered bookings stay on the screen this long (the service is read for the same window). */
export const deliveredWindowMs = 24 * 3600_000

export function tabOf(b: LocalBooking, agencyId: number, now: Date): DispatchTab | null {
  // A draft is still the counter's: the warehouse sees it once it is submitted.
  if (b.deleted || b.state === 'draft') return null
  const outgoing = b.agencyFromId === agencyId
  const incoming = b.agencyToId === agencyId
  if (!outgoing && !incoming) return null
  if (b.delivered) {
    const at = b.deliveredAt ? Date.parse(b.deliveredAt) : NaN
    // A delivery without a known time was just done here.
    return Number.isNaN(at) || now.getTime() - at <= deliveredWindowMs ? 'delivered' : null
  }
  if (b.shipped) return outgoing ? 'inTransitOut' : 'inTransitIn'
  return outgoing ? 'toShip' : null
}

export function dispatchLists(bookings: readonly LocalBooking[], agencyId: number, now: Date): Record<DispatchTab, LocalBooking[]> {
  const lists: Record<DispatchTab, LocalBooking[]> = { toShip: [], inTransitOut: [], inTransitIn: [], delivered: [] }
  for (const b of bookings) {
    const tab = tabOf(b, agencyId, now)
    if (tab) lists[tab].push(b)
  }
  const byPlan = (a: LocalBooking, b: LocalBooking) =>
    a.plannedDelivery.localeCompare(b.plannedDelivery) || a.createdAt.localeCompare(b.createdAt)
  lists.toShip.sort(byPlan)
  lists.inTransitOut.sort(byPlan)
  lists.inTransitIn.sort(byPlan)
  // The latest delivery first: that is the one the warehouse asks about.
  lists.delivered.sort((a, b) => (b.deliveredAt ?? '').localeCompare(a.deliveredAt ?? ''))
  return lists
}

/** The agency at the other end of the booking, as seen from `agencyId` (null: a draft's destination not chosen yet). */
export function otherAgencyOf(b: LocalBooking, agencyId: number): number | null {
  return b.agencyFromId === agencyId ? b.agencyToId : b.agencyFromId
}

export function applyFilters(list: readonly LocalBooking[], agencyId: number, filters: DispatchFilters): LocalBooking[] {
  return list.filter(
    (b) =>
      (filters.agencyId === null || otherAgencyOf(b, agencyId) === filters.agencyId) &&
      (filters.plannedDelivery === null || b.plannedDelivery === filters.plannedDelivery),
  )
}

/** Incoming in-transit bookings are delivered here; our own only when they travel without transport. */
export function canDeliver(b: LocalBooking, agencyId: number): boolean {
  if (b.delivered || b.deleted) return false
  if (b.agencyToId === agencyId) return b.shipped
  return b.agencyFromId === agencyId && !b.needsTransport
}

export function canShip(b: LocalBooking, agencyId: number): boolean {
  return b.agencyFromId === agencyId && !b.shipped && !b.delivered && !b.deleted
}

/**
 * Which step a picture of the booking proves from here: its delivery once it can be (or was) delivered here,
 * else its shipping while it is ours to ship or on its way out; null for one only passing through.
 */
export function pictureStepOf(b: LocalBooking, agencyId: number): 'shipping' | 'delivery' | null {
  if (b.delivered || canDeliver(b, agencyId)) return 'delivery'
  if (b.agencyFromId === agencyId && !b.deleted) return 'shipping'
  return null
}

/** The receiver signs for a booking delivered here, or about to be. */
export function canSign(b: LocalBooking, agencyId: number): boolean {
  return b.delivered || canDeliver(b, agencyId)
}
