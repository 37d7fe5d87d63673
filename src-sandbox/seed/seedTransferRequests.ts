import type { Sqlite } from '@base/sqlite'
import type { Prng } from '../prng'
import { toStoredTimestamp } from '../timestamps'
import { pendingRequestQuantities, randomRequestsPerEntity, requestId, requestSlots, type EntityBookingPlan } from './bookingPlan'
import type { IdSequence } from './idSequence'
import { agencySeeds } from './organisationData'
import type { StockedLinePicker } from './stockedLines'

const day = 86_400_000
/** Absolute dates: the seed gives the same bytes on any day. */
const firstRequest = Date.UTC(2025, 5, 2, 15)

export interface SeededRequest {
  id: number
  from: number
  to: number
  /** Lines picked from stock carry the lot they were picked from (a booking made from the request books that lot). */
  lines: { itemId: number; quantity: string; lotId?: number }[]
  voided: boolean
  booked: boolean
  plannedDelivery?: string
}

export interface RequestSeedInput {
  plan: EntityBookingPlan
  entityIndex: number
  prng: Prng
  picker: StockedLinePicker
  lineIds: IdSequence
  facts: { stocked: number; multiLot: number }
}

/** The fixed slots around the demo agency, in slot order; their lines are picked in this order. */
function fixedRequests(input: RequestSeedInput): SeededRequest[] {
  const { plan, entityIndex, prng, picker } = input
  const id = (slot: number) => requestId(entityIndex, slot)
  return [
    {
      id: id(requestSlots.pending),
      from: plan.origin,
      to: plan.sameCategory[0],
      lines: [
        { itemId: input.facts.stocked, quantity: pendingRequestQuantities.stocked },
        { itemId: input.facts.multiLot, quantity: pendingRequestQuantities.multiLot },
      ],
      voided: false,
      booked: false,
    },
    {
      id: id(requestSlots.pendingToOtherCategory),
      from: plan.origin,
      to: plan.otherCategory,
      lines: picker.pick(prng, plan.origin, 2),
      voided: false,
      booked: false,
    },
    {
      id: id(requestSlots.booked),
      from: plan.origin,
      to: plan.sameCategory[1],
      lines: picker.pick(prng, plan.origin, 2),
      voided: false,
      booked: true,
    },
    {
      id: id(requestSlots.voided),
      from: plan.origin,
      to: plan.otherCategory,
      lines: picker.pick(prng, plan.origin, 1),
      voided: true,
      booked: false,
    },
    {
      id: id(requestSlots.incoming),
      from: plan.otherCategory,
      to: plan.origin,
      lines: picker.pick(prng, plan.otherCategory, 3),
      voided: false,
      booked: false,
    },
  ]
}

/** A few requests between random active agencies of the entity, one in five voided. */
function randomRequests(input: RequestSeedInput): SeededRequest[] {
  const { plan, entityIndex, prng, picker } = input
  const agencies = agencySeeds.filter((a) => a.entity_id === plan.entityId && a.active === 1).map((a) => a.id)
  const requests: SeededRequest[] = []
  for (let i = 0; i < randomRequestsPerEntity; i++) {
    const from = prng.pick(agencies)
    const to = prng.pick(agencies.filter((a) => a !== from))
    const voided = prng.chance(0.2)
    requests.push({ id: requestId(entityIndex, 10 + i), from, to, lines: picker.pick(prng, from, prng.int(1, 3)), voided, booked: false })
  }
  return requests
}

/** Writes the requests and their lines, a day apart; sets each one's planned delivery. */
function insertRequests(db: Sqlite, input: RequestSeedInput, drafts: SeededRequest[]): void {
  const { plan, prng } = input
  const insertRequest = db.prepare(
    `INSERT INTO transfer_requests (id, entity_id, agency_from_id, agency_to_id, planned_delivery, reference, voided, booked, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertLine = db.prepare(
    'INSERT INTO transfer_request_lines (id, entity_id, transfer_request_id, item_id, quantity) VALUES (?, ?, ?, ?, ?)',
  )
  drafts.forEach((draft, n) => {
    const created = firstRequest + n * day + prng.int(0, 3_599_999)
    const updated = draft.voided || draft.booked ? created + prng.int(1, 48) * 3_600_000 : created
    const plannedDelivery = new Date(created + prng.int(14, 30) * day).toISOString().slice(0, 10)
    draft.plannedDelivery = plannedDelivery
    insertRequest.run(
      draft.id,
      plan.entityId,
      draft.from,
      draft.to,
      plannedDelivery,
      `Solicitud ${String(draft.id).slice(-3)}`,
      draft.voided ? 1 : 0,
      draft.booked ? 1 : 0,
      toStoredTimestamp(new Date(created), prng.int(0, 999)),
      toStoredTimestamp(new Date(updated), prng.int(0, 999)),
    )
    for (const line of draft.lines) insertLine.run(input.lineIds.next(), plan.entityId, draft.id, line.itemId, line.quantity)
  })
}

/**
 * Transfer requests between the entity's agencies: the fixed slots around
 * the demo agency (pending, pending to another category, booked, voided,
 * incoming) and a few random ones, mostly pending. Requests earmark nothing:
 * only a booking does. Returns the requests in slot order (the fixed ones first).
 */
export function seedTransferRequests(db: Sqlite, input: RequestSeedInput): SeededRequest[] {
  const drafts = [...fixedRequests(input), ...randomRequests(input)]
  insertRequests(db, input, drafts)
  return drafts
}
