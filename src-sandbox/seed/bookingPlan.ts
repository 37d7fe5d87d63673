/**
 * The fixed part of the bookings seed: per entity, the demo user's agency and
 * its neighbours, the items whose stock at that agency the seed sets to known
 * values, and the slots of the transfer requests and bookings tests and demos
 * rely on (bookingFacts.ts names them). Ids come from the slot, never from a
 * draw, so they are the same at every seed and scale.
 */
export interface EntityBookingPlan {
  entityId: number
  /** The demo user's agency (the origin of their bookings). */
  origin: number
  /** Active agencies of the origin's category, then one of another category. */
  sameCategory: readonly [number, number]
  otherCategory: number
  /** An inactive agency of the entity (refused as a destination), when it has one. */
  inactive: number | null
  /** Items (by zid) whose stock at the origin is set: a well-stocked one, the last unit, one with several lots. */
  stockedZid: number
  lastUnitZid: number
  multiLotZid: number
}

export const entityBookingPlans: readonly EntityBookingPlan[] = [
  {
    entityId: 101,
    origin: 302,
    sameCategory: [303, 304],
    otherCategory: 301,
    inactive: 305,
    stockedZid: 8,
    lastUnitZid: 9,
    multiLotZid: 12,
  },
  {
    entityId: 102,
    origin: 306,
    sameCategory: [307, 307],
    otherCategory: 308,
    inactive: null,
    stockedZid: 10,
    lastUnitZid: 5,
    multiLotZid: 14,
  },
]

/** What the seed sets at the origin: the stocked item's first lot, the last unit, and the multi-lot item's lots in expiry order (later lots 0). */
export const plannedStock = { stocked: 120, lastUnit: 1, multiLot: [6, 30] } as const

/** The pending request's lines (stocked and multi-lot items, well within their stock). */
export const pendingRequestQuantities = { stocked: '4.0', multiLot: '2.0' } as const

/** Slots of the transfer requests: id = base + 100 × entity index + slot. */
export const requestSlots = {
  /** origin → first agency of its category, lines of the stocked and multi-lot items. */
  pending: 0,
  /** origin → an agency of another category (refused while the category setting is on). */
  pendingToOtherCategory: 1,
  /** origin → second agency of its category; the open booking was made from it. */
  booked: 2,
  voided: 3,
  /** another category's agency → origin: goods the demo agency asked for. */
  incoming: 4,
} as const

/** Further requests between random agencies, after the fixed slots. */
export const randomRequestsPerEntity = 4

/** Slots of the seeded bookings: id = base + 100 × entity index + slot. */
export const bookingSlots = {
  /** Open, origin → second agency of its category, made from the booked request. */
  open: 0,
  /** Open, without transport: may be delivered directly. */
  noTransport: 1,
  /** Open, to another category's agency, with lines expanded from a bundle (when a bundle's components are in stock). */
  withBundle: 2,
  /** Shipped from another category's agency towards the origin. */
  inTransitIncoming: 3,
  /** Shipped from an agency of the origin's category towards the origin. */
  inTransitFromSameCategory: 4,
  /** Shipped from the origin. */
  inTransitOutgoing: 5,
  voided: 6,
  /** Open at another agency (the other category's): not in the demo user's list. */
  otherAgencyOpen: 7,
} as const

export const transferRequestIdBase = 20_001
export const transferRequestLineIdBase = 800_001
export const bookingIdBase = 61_001
export const bookingMovementIdBase = 51_000_001

export function requestId(entityIndex: number, slot: number): number {
  return transferRequestIdBase + 100 * entityIndex + slot
}

export function bookingId(entityIndex: number, slot: number): number {
  return bookingIdBase + 100 * entityIndex + slot
}
