import { bookingId, bookingSlots, entityBookingPlans, plannedStock, pendingRequestQuantities, requestId, requestSlots } from './bookingPlan'
import { agencySeeds, entitySeeds } from './organisationData'
import { itemIdBase } from './seedCatalogue'

/**
 * Facts about the seeded bookings area that client tests and demos may rely
 * on. Ids of agencies, items, transfer requests and bookings and the stock
 * figures hold at every seed and scale (the seed sets them, see
 * bookingPlan.ts); item codes and lot ids are those of the default seed (1),
 * at both scales. `test/unit/sandbox/bookingSeed.test.ts` checks them against
 * a seeded store.
 */
export interface FactItem {
  id: number
  /** At seed 1. */
  code: string
  /** The lot holding the stock (the first by expiry date), at seed 1. */
  lotId: number
  /** Available (net of earmarks) at the demo agency; nothing of it is earmarked. */
  available: number
}

export interface EntityBookingFacts {
  entityId: number
  /** The demo user (ana.lopez@…): an employee at `agency` in this entity. */
  demoUserId: number
  /** The demo user's agency: the origin of their bookings, the agency of GET /pos/bookings.json. */
  agency: number
  /** Active agencies of the demo agency's category (allowed with the category setting on). */
  sameCategoryAgency: number
  /** An active agency of another category (refused with the setting on). */
  otherCategoryAgency: number
  /** An inactive agency of the entity (refused as a destination); null when the entity has none. */
  inactiveAgency: number | null
  /** An agency of the other entity (unknown here). */
  foreignAgency: number
  /** Plenty of stock on one lot. */
  stockedItem: FactItem
  /** Exactly one unit left at the demo agency: two counters booking it, the second is refused. */
  lastUnitItem: FactItem
  /** Several lots: the first by expiry has 6, the second 30, any further 0 (at seed 1: three lots). */
  multiLotItem: { id: number; code: string; lots: readonly { id: number; available: number }[] }
  transferRequests: {
    /** Pending, demo agency → sameCategoryAgency, lines of the stocked and the multi-lot item. */
    pending: number
    pendingLines: readonly { itemId: number; quantity: string }[]
    pendingDestination: number
    /** Pending, demo agency → otherCategoryAgency. */
    pendingToOtherCategory: number
    /** Booked: the open booking was made from it. */
    booked: number
    voided: number
    /** Pending, otherCategoryAgency → demo agency. */
    incoming: number
  }
  bookings: {
    /** Open, needs transport, made from the booked request; in the demo user's list. */
    open: number
    /** Open, needs_transport false (deliver directly); memo set. */
    noTransport: number
    /** Open, to otherCategoryAgency, lines expanded from a bundle (bundle_id set) plus one single item. */
    withBundle: number
    /** Shipped from otherCategoryAgency towards the demo agency (deliver it to see stock arrive). */
    inTransitIncoming: number
    /** Shipped from sameCategoryAgency towards the demo agency. */
    inTransitFromSameCategory: number
    /** Shipped from the demo agency. */
    inTransitOutgoing: number
    /** Voided: not in the list, cannot be shipped or edited. */
    voided: number
    /** Open at otherCategoryAgency: not in the demo user's list. */
    otherAgencyOpen: number
  }
  /** How many bookings GET /pos/bookings.json gives the demo user in the seed. */
  openBookingsInList: number
}

/** Item codes and lot ids at seed 1 (the catalogue's draws decide them). */
const atSeedOne: Readonly<Record<number, { stocked: [string, number]; lastUnit: [string, number]; multiLot: [string, number[]] }>> = {
  101: {
    stocked: ['SEG-00008', 10_000_008],
    lastUnit: ['CER-00009', 10_000_009],
    multiLot: ['ADH-00012', [10_000_012, 10_000_013, 10_000_014]],
  },
  102: {
    stocked: ['LIM-00010', 20_000_019],
    lastUnit: ['HIG-00005', 20_000_008],
    multiLot: ['HIG-00014', [20_000_027, 20_000_028, 20_000_029]],
  },
}

function factsFor(entityId: number): EntityBookingFacts {
  const entityIndex = entitySeeds.findIndex((e) => e.id === entityId)
  const plan = entityBookingPlans.find((p) => p.entityId === entityId)
  const seedOne = atSeedOne[entityId]
  if (entityIndex < 0 || !plan || !seedOne) throw new Error(`no bookings seed for entity ${entityId}`)
  const item = (zid: number) => itemIdBase(entityIndex) + zid - 1
  const foreign = agencySeeds.find((a) => a.entity_id !== entityId && a.active === 1)!
  const stocked = item(plan.stockedZid)
  const multiLot = item(plan.multiLotZid)
  return {
    entityId,
    demoUserId: 5001,
    agency: plan.origin,
    sameCategoryAgency: plan.sameCategory[0],
    otherCategoryAgency: plan.otherCategory,
    inactiveAgency: plan.inactive,
    foreignAgency: foreign.id,
    stockedItem: { id: stocked, code: seedOne.stocked[0], lotId: seedOne.stocked[1], available: plannedStock.stocked },
    lastUnitItem: { id: item(plan.lastUnitZid), code: seedOne.lastUnit[0], lotId: seedOne.lastUnit[1], available: plannedStock.lastUnit },
    multiLotItem: {
      id: multiLot,
      code: seedOne.multiLot[0],
      lots: seedOne.multiLot[1].map((id, i) => ({ id, available: plannedStock.multiLot[i] ?? 0 })),
    },
    transferRequests: {
      pending: requestId(entityIndex, requestSlots.pending),
      pendingLines: [
        { itemId: stocked, quantity: pendingRequestQuantities.stocked },
        { itemId: multiLot, quantity: pendingRequestQuantities.multiLot },
      ],
      pendingDestination: plan.sameCategory[0],
      pendingToOtherCategory: requestId(entityIndex, requestSlots.pendingToOtherCategory),
      booked: requestId(entityIndex, requestSlots.booked),
      voided: requestId(entityIndex, requestSlots.voided),
      incoming: requestId(entityIndex, requestSlots.incoming),
    },
    bookings: {
      open: bookingId(entityIndex, bookingSlots.open),
      noTransport: bookingId(entityIndex, bookingSlots.noTransport),
      withBundle: bookingId(entityIndex, bookingSlots.withBundle),
      inTransitIncoming: bookingId(entityIndex, bookingSlots.inTransitIncoming),
      inTransitFromSameCategory: bookingId(entityIndex, bookingSlots.inTransitFromSameCategory),
      inTransitOutgoing: bookingId(entityIndex, bookingSlots.inTransitOutgoing),
      voided: bookingId(entityIndex, bookingSlots.voided),
      otherAgencyOpen: bookingId(entityIndex, bookingSlots.otherAgencyOpen),
    },
    openBookingsInList: 3,
  }
}

/** By entity: 101 (Ferretería, the demo user's current entity) and 102 (Distribuidora). */
export const bookingFacts: Readonly<Record<101 | 102, EntityBookingFacts>> = Object.freeze({ 101: factsFor(101), 102: factsFor(102) })
