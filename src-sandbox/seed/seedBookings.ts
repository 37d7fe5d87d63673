import type { Sqlite } from '@base/sqlite'
import { earmark } from '../model/stockLedger'
import { createPrng, type Prng } from '../prng'
import { StatementCache } from '../store/statementCache'
import { toStoredTimestamp } from '../timestamps'
import {
  bookingId,
  bookingMovementIdBase,
  bookingSlots,
  entityBookingPlans,
  requestSlots,
  transferRequestLineIdBase,
  type EntityBookingPlan,
} from './bookingPlan'
import { bundleInStock } from './bundleInStock'
import { IdSequence } from './idSequence'
import { agencySeeds, employeeSeeds, entitySeeds } from './organisationData'
import { factItemIds, seedFactStock } from './seedFactStock'
import type { SeedParams } from './seedParams'
import { seedTransferRequests, type SeededRequest } from './seedTransferRequests'
import { seedUuid } from './seedUuid'
import { StockedLinePicker, type StockedLine } from './stockedLines'

type State = 'open' | 'inTransit' | 'voided'

interface BookingDraft {
  slot: number
  from: number
  to: number
  state: State
  needsTransport: boolean
  lines: (StockedLine & { bundleId?: number })[]
  request?: SeededRequest
  memo?: string
}

const day = 86_400_000
const hour = 3_600_000
/** Absolute dates: the seed gives the same bytes on any day. */
const firstBooking = Date.UTC(2025, 5, 10, 14)

/** The user who works at an agency (its employee with a login), else the demo user. */
function userAt(entityId: number, agencyId: number): number {
  return employeeSeeds.find((e) => e.entity_id === entityId && e.agency_id === agencyId && e.user_id !== null)?.user_id ?? 5001
}

/**
 * The bookings of one entity, one function per slot: each is drafted just
 * before it is written, so its lines are picked from the stock the earlier
 * bookings left.
 */
function drafts(
  plan: EntityBookingPlan,
  requests: readonly SeededRequest[],
  picker: StockedLinePicker,
  prng: Prng,
  withBundle: ReturnType<typeof bundleInStock>,
): (() => BookingDraft)[] {
  const { origin, otherCategory } = plan
  const [near, second] = plan.sameCategory
  const booked = requests[requestSlots.booked]!
  const s = bookingSlots
  return [
    // The booked request's lines, on the lots they were picked from (at most half of each lot, like every pick).
    () => ({
      slot: s.open,
      from: origin,
      to: booked.to,
      state: 'open',
      needsTransport: true,
      lines: booked.lines as StockedLine[],
      request: booked,
    }),
    () => ({
      slot: s.noTransport,
      from: origin,
      to: near,
      state: 'open',
      needsTransport: false,
      lines: picker.pick(prng, origin, 1),
      memo: 'El cliente recoge en tienda',
    }),
    () => ({
      slot: s.withBundle,
      from: origin,
      to: otherCategory,
      state: 'open',
      needsTransport: true,
      lines: [...(withBundle?.lines.map((l) => ({ ...l, bundleId: withBundle.bundleId })) ?? []), ...picker.pick(prng, origin, 1)],
    }),
    () => ({
      slot: s.inTransitIncoming,
      from: otherCategory,
      to: origin,
      state: 'inTransit',
      needsTransport: true,
      lines: picker.pick(prng, otherCategory, 3),
    }),
    () => ({
      slot: s.inTransitFromSameCategory,
      from: near,
      to: origin,
      state: 'inTransit',
      needsTransport: true,
      lines: picker.pick(prng, near, 2),
    }),
    () => ({
      slot: s.inTransitOutgoing,
      from: origin,
      to: second,
      state: 'inTransit',
      needsTransport: true,
      lines: picker.pick(prng, origin, 2),
    }),
    () => ({ slot: s.voided, from: origin, to: second, state: 'voided', needsTransport: true, lines: picker.pick(prng, origin, 1) }),
    () => ({
      slot: s.otherAgencyOpen,
      from: otherCategory,
      to: near,
      state: 'open',
      needsTransport: true,
      lines: picker.pick(prng, otherCategory, 2),
    }),
  ]
}

class SeededBookingWriter {
  private readonly insertShipment
  private readonly insertMovement
  private readonly nextZid

  constructor(
    db: Sqlite,
    private readonly statements: StatementCache,
    private readonly movementIds: IdSequence,
  ) {
    this.insertShipment = db.prepare(
      `INSERT INTO shipments (id, zid, entity_id, booker_id, creator_id, updater_id, shipper_id, voider_id, transfer_request_id,
         agency_from_id, agency_to_id, reference, memo, address_from, address_to, uuid,
         needs_transport, income, shipped, delivered, voided, returned, pos, issue_external_document,
         planned_delivery, shipped_at, voided_at, created_at, updated_at, movements_count, lock_version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, 0, 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.insertMovement = db.prepare(
      `INSERT INTO movements (id, entity_id, shipment_id, item_id, lot_id, booked_quantity, bundle_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.nextZid = db.prepare('SELECT COALESCE(MAX(zid), 0) + 1 FROM shipments WHERE entity_id = ?').pluck()
  }

  write(entityId: number, entityIndex: number, draft: BookingDraft, prng: Prng): void {
    const address = (id: number) => agencySeeds.find((a) => a.id === id)?.address ?? null
    const created = firstBooking + draft.slot * 7 * hour + prng.int(0, hour - 1)
    const changed = draft.state === 'open' ? created : created + prng.int(2, 20) * hour
    const stamp = (ms: number) => toStoredTimestamp(new Date(ms), prng.int(0, 999))
    const createdAt = stamp(created)
    const changedAt = draft.state === 'open' ? createdAt : stamp(changed)
    const person = userAt(entityId, draft.from)
    const id = bookingId(entityIndex, draft.slot)
    const plannedDelivery = draft.request?.plannedDelivery ?? new Date(created + prng.int(1, 5) * day).toISOString().slice(0, 10)
    this.insertShipment.run(
      id,
      this.nextZid.get(entityId),
      entityId,
      person,
      person,
      person,
      draft.state === 'inTransit' ? person : null,
      draft.state === 'voided' ? person : null,
      draft.request?.id ?? null,
      draft.from,
      draft.to,
      `Reserva ${String(id).slice(-3)}`,
      draft.memo ?? null,
      address(draft.from),
      address(draft.to),
      seedUuid(prng),
      draft.needsTransport ? 1 : 0,
      draft.state === 'inTransit' ? 1 : 0,
      draft.state === 'voided' ? 1 : 0,
      plannedDelivery,
      draft.state === 'inTransit' ? changedAt : null,
      draft.state === 'voided' ? changedAt : null,
      createdAt,
      changedAt,
      draft.lines.length,
      // Shipping or voiding is one update after the first save.
      draft.state === 'open' ? 0 : 1,
    )
    for (const line of draft.lines) {
      this.insertMovement.run(
        this.movementIds.next(),
        entityId,
        id,
        line.itemId,
        line.lotId,
        line.quantity,
        line.bundleId ?? null,
        createdAt,
        createdAt,
      )
    }
    // Only an open booking holds stock; a shipped one took it along, a voided one gave it back.
    if (draft.state === 'open') earmark(this.statements, entityId, draft.from, draft.lines)
  }
}

/**
 * The bookings area's data, per entity: the fact items' stock at the demo
 * agency, transfer requests, and bookings around the demo agency — open ones
 * (earmarking their stock), in transit towards it and from it, a voided one,
 * and one open at another agency. Deterministic: absolute dates and the seed's
 * own stream.
 */
export function seedBookings(db: Sqlite, params: SeedParams): void {
  const statements = new StatementCache(db)
  const lineIds = new IdSequence(transferRequestLineIdBase)
  const movementIds = new IdSequence(bookingMovementIdBase)
  const writer = new SeededBookingWriter(db, statements, movementIds)
  entitySeeds.forEach((entity, entityIndex) => {
    const plan = entityBookingPlans.find((p) => p.entityId === entity.id)
    if (!plan) return
    const prng = createPrng(params.seed, `bookings:${entity.id}`)
    seedFactStock(db, plan, entityIndex)
    const facts = factItemIds(plan, entityIndex)
    const excluded = new Set(Object.values(facts))
    const picker = new StockedLinePicker(db, entity.id, excluded)
    const requests = seedTransferRequests(db, { plan, entityIndex, prng, picker, lineIds, facts })
    // Chosen before any earmark with every component in stock twice over: the one earlier booking that could share a lot takes at most half of it.
    const withBundle = bundleInStock(db, entity.id, plan.origin, excluded)
    for (const draft of drafts(plan, requests, picker, prng, withBundle)) writer.write(entity.id, entityIndex, draft(), prng)
  })
  statements.clear()
}
