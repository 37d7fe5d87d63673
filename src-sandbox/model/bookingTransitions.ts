import type { Sqlite } from '@base/sqlite'
import type { StatementCache } from '../store/statementCache'
import { toStoredTimestamp } from '../timestamps'
import { editRefusal, type BookingAction } from './bookingStates'
import { bookingText as b } from './bookingText'
import { findShipment, movementsOf, type ShipmentRow } from './shipments'
import { consumeEarmark, receiveStock, releaseEarmark, type StockLine } from './stockLedger'
import { setTransferRequestBooked } from './transferRequests'

/**
 * Ship, deliver and delete: each checks the booking's state and does its
 * stock effect and its flags in one transaction (ship and deliver are GETs
 * that change state, so a dropped answer must find them whole).
 */
export interface TransitionRequest {
  entityId: number
  userId: number
  id: number
  now: Date
}

export type TransitionResult = { kind: 'done'; id: number } | { kind: 'notFound' } | { kind: 'refused'; message: string }

function stockLines(statements: StatementCache, shipmentId: number): StockLine[] {
  return movementsOf(statements, shipmentId).map((m) => ({ lotId: m.lot_id, quantity: m.booked_quantity }))
}

function transition(
  db: Sqlite,
  statements: StatementCache,
  req: TransitionRequest,
  action: BookingAction,
  apply: (s: ShipmentRow, now: string) => void,
): TransitionResult {
  return db.transaction((): TransitionResult => {
    const shipment = findShipment(statements, req.entityId, req.id)
    if (!shipment) return { kind: 'notFound' }
    const refusal = editRefusal(shipment, action)
    if (refusal) return { kind: 'refused', message: refusal }
    apply(shipment, toStoredTimestamp(req.now))
    return { kind: 'done', id: shipment.id }
  })()
}

/** Ship: the earmarked goods leave the origin (on hand and booked both drop; available stays). */
export function shipBooking(db: Sqlite, statements: StatementCache, req: TransitionRequest): TransitionResult {
  return transition(db, statements, req, 'ship', (s, now) => {
    if (s.agency_from_id !== null) consumeEarmark(statements, req.entityId, s.agency_from_id, stockLines(statements, s.id))
    statements
      .get(
        'UPDATE shipments SET shipped = 1, shipped_at = ?, shipper_id = ?, updater_id = ?, updated_at = ?, lock_version = lock_version + 1 WHERE id = ?',
      )
      .run(now, req.userId, req.userId, now, s.id)
  })
}

/**
 * Deliver: the goods enter the destination's stock, same lot, each line whole
 * (docs: "lo que se reservó es lo que se entrega"). A booking without transport
 * is delivered straight from the origin, so its earmark is consumed here (it
 * was never shipped; `shipped` stays false). `inTransitToo` false: a shipment
 * in transit is refused, as the real path refuses it (docs-zauru
 * `docs/inventarios/envios/entregas.md`); it is received through the transits.
 */
export function deliverBooking(
  db: Sqlite,
  statements: StatementCache,
  req: TransitionRequest & { inTransitToo: boolean },
): TransitionResult {
  const s = findShipment(statements, req.entityId, req.id)
  if (!req.inTransitToo && s?.shipped === 1 && s.delivered === 0 && s.voided === 0 && s.returned === 0)
    return { kind: 'refused', message: b.inTransitDeliveredByTransits }
  return transition(db, statements, req, 'deliver', (s, now) => {
    const lines = stockLines(statements, s.id)
    if (s.shipped === 0 && s.agency_from_id !== null) consumeEarmark(statements, req.entityId, s.agency_from_id, lines)
    if (s.agency_to_id !== null) receiveStock(statements, req.entityId, s.agency_to_id, lines)
    statements.get('UPDATE movements SET delivered_quantity = booked_quantity, updated_at = ? WHERE shipment_id = ?').run(now, s.id)
    statements
      .get(
        'UPDATE shipments SET delivered = 1, delivered_at = ?, deliverer_id = ?, updater_id = ?, updated_at = ?, lock_version = lock_version + 1 WHERE id = ?',
      )
      .run(now, req.userId, req.userId, now, s.id)
  })
}

/** The booking's transfer request is pending again, unless another live booking still holds it. */
function freeTransferRequest(statements: StatementCache, s: ShipmentRow, now: string): void {
  if (s.transfer_request_id === null) return
  const stillBooked = statements
    .get('SELECT 1 FROM shipments WHERE transfer_request_id = ? AND voided = 0 LIMIT 1')
    .get(s.transfer_request_id)
  if (stillBooked === undefined) setTransferRequestBooked(statements, s.transfer_request_id, false, now)
}

/** Delete an open booking: its earmarks go back to the origin and its transfer request is pending again. */
export function deleteBooking(db: Sqlite, statements: StatementCache, req: TransitionRequest): TransitionResult {
  return transition(db, statements, req, 'delete', (s, now) => {
    if (s.agency_from_id !== null) releaseEarmark(statements, req.entityId, s.agency_from_id, stockLines(statements, s.id))
    statements.get('DELETE FROM movements WHERE shipment_id = ?').run(s.id)
    statements.get('DELETE FROM shipments WHERE id = ?').run(s.id)
    freeTransferRequest(statements, s, now)
  })
}

/**
 * Void (annul) an open booking: it stays, marked voided, and its earmarks go back to the origin
 * (docs-zauru `docs/inventarios/envios/anulaciones.md`: a plain DELETE of /inventories/bookings/{id}.json).
 */
export function voidBooking(db: Sqlite, statements: StatementCache, req: TransitionRequest): TransitionResult {
  return transition(db, statements, req, 'delete', (s, now) => {
    if (s.agency_from_id !== null) releaseEarmark(statements, req.entityId, s.agency_from_id, stockLines(statements, s.id))
    statements
      .get(
        'UPDATE shipments SET voided = 1, voided_at = ?, voider_id = ?, updater_id = ?, updated_at = ?, lock_version = lock_version + 1 WHERE id = ?',
      )
      .run(now, req.userId, req.userId, now, s.id)
    freeTransferRequest(statements, s, now)
  })
}
