import { randomUUID } from 'node:crypto'
import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { toStoredTimestamp } from '../timestamps'
import { lineField } from './bookingForm'
import { bookingText as b } from './bookingText'
import type { TransitionRequest } from './bookingTransitions'
import { castText } from './railsCast'
import { parseDecimal, railsDecimalString } from './railsDecimal'
import { findShipment, movementsOf, type MovementRow, type ShipmentRow } from './shipments'
import { earmark, receiveStock } from './stockLedger'
import { validationText as t } from './validationText'

/**
 * PUT /inventories/transits/{id}.json: a shipment in transit received at its
 * destination with what really arrived, one `delivered_quantity` per movement
 * (docs-zauru `docs/inventarios/envios/transitos.md`, the SDK's `receiveTransit`).
 * What arrived enters the destination's stock; what did not becomes a new
 * booking from the same origin for the shortfall ("Zauru genera
 * automáticamente una reservación para solicitar el faltante"), earmarked there.
 * More than was booked is refused (docs-zauru `punto-de-venta/gestionar-envios.md`).
 */
export interface TransitDeliveryRequest extends TransitionRequest {
  /** `shipment.movements_attributes` as sent: a hash by index or an array of `{id, delivered_quantity}`. */
  movements: unknown
  /** `shipment.memo` as sent (undefined: not sent, the memo stays). */
  memo: unknown
}

export type TransitDeliveryResult =
  | { kind: 'done'; id: number; followUpId: number | null }
  | { kind: 'notFound' }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'movementNotFound'; message: string }

function stateRefusal(s: ShipmentRow): string | undefined {
  if (s.voided === 1) return b.voided
  if (s.returned === 1) return b.returned
  if (s.delivered === 1) return b.alreadyDelivered
  return s.shipped === 1 ? undefined : b.notInTransit
}

type Received =
  | { kind: 'ok'; delivered: Map<number, Decimal> }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'movementNotFound'; idText: string }

/** What arrived per movement; a movement the body does not name arrived whole, as the form's default says. */
function readReceived(raw: unknown, movements: readonly MovementRow[]): Received {
  const errors = errorMessagesFor()
  const delivered = new Map(movements.map((m) => [m.id, new Decimal(m.booked_quantity)]))
  if (raw === undefined || raw === null) return { kind: 'ok', delivered }
  const entries = Array.isArray(raw) ? raw : typeof raw === 'object' ? Object.values(raw) : undefined
  if (entries === undefined) return { kind: 'invalid', errors: { movements: [t.invalid] } }
  for (const [index, entry] of entries.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      errors.add(`movements[${index}]`, t.invalid)
      continue
    }
    const fields = entry as Record<string, unknown>
    const idText = String(fields.id ?? '').trim()
    const movement = movements.find((m) => String(m.id) === idText)
    if (!movement) return { kind: 'movementNotFound', idText }
    if (fields.delivered_quantity === undefined) continue
    const parsed = parseDecimal(fields.delivered_quantity)
    const field = lineField(index, 'delivered_quantity')
    if (!parsed.ok) errors.add(field, parsed.reason === 'blank' ? t.blank : t.notANumber)
    else if (parsed.value.isNegative()) errors.add(field, t.greaterThanOrEqual(0))
    else if (parsed.value.gt(movement.booked_quantity)) errors.add(field, b.overDelivered(movement.booked_quantity))
    else delivered.set(movement.id, parsed.value)
  }
  return errors.any() ? { kind: 'invalid', errors: errors.fields } : { kind: 'ok', delivered }
}

/** The booking the service makes for what did not arrive: same route and lots, booked again at the origin. */
function writeFollowUp(
  statements: StatementCache,
  req: TransitionRequest,
  s: ShipmentRow,
  short: { m: MovementRow; q: Decimal }[],
  now: string,
): number {
  const zid = statements
    .get<[number], number>('SELECT COALESCE(MAX(zid), 0) + 1 FROM shipments WHERE entity_id = ?')
    .pluck()
    .get(req.entityId)!
  const created = statements
    .get(
      `INSERT INTO shipments (zid, entity_id, booker_id, creator_id, updater_id, agency_from_id, agency_to_id, reference, memo,
         address_from, address_to, uuid, needs_transport, income, shipped, delivered, voided, returned, pos, issue_external_document,
         planned_delivery, created_at, updated_at, movements_count, lock_version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?, 0, ?, ?, ?, ?, 0)`,
    )
    .run(
      zid,
      req.entityId,
      req.userId,
      req.userId,
      req.userId,
      s.agency_from_id,
      s.agency_to_id,
      s.reference,
      b.shortfallMemo(s.id_number ?? `#${s.zid}`),
      s.address_from,
      s.address_to,
      randomUUID(),
      s.needs_transport,
      s.pos,
      now.slice(0, 10),
      now,
      now,
      short.length,
    )
  const id = Number(created.lastInsertRowid)
  for (const { m, q } of short) {
    statements
      .get(
        `INSERT INTO movements (entity_id, shipment_id, item_id, lot_id, booked_quantity, reference, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(req.entityId, id, m.item_id, m.lot_id, railsDecimalString(q), m.reference, now, now)
  }
  if (s.agency_from_id !== null)
    earmark(
      statements,
      req.entityId,
      s.agency_from_id,
      short.map(({ m, q }) => ({ lotId: m.lot_id, quantity: q.toString() })),
    )
  return id
}

export function deliverTransit(db: Sqlite, statements: StatementCache, req: TransitDeliveryRequest): TransitDeliveryResult {
  return db.transaction((): TransitDeliveryResult => {
    const s = findShipment(statements, req.entityId, req.id)
    if (!s) return { kind: 'notFound' }
    const refusal = stateRefusal(s)
    if (refusal) return { kind: 'refused', message: refusal }
    const movements = movementsOf(statements, s.id)
    const received = readReceived(req.movements, movements)
    if (received.kind === 'movementNotFound') return { kind: 'movementNotFound', message: b.movementNotFound(received.idText, s.id) }
    if (received.kind === 'invalid') return received
    const memo = castText(req.memo)
    if (typeof memo === 'string' && memo.length > 5000) return { kind: 'invalid', errors: { memo: [t.tooLong(5000)] } }
    const now = toStoredTimestamp(req.now)
    const arrived = movements.map((m) => ({ m, q: received.delivered.get(m.id) ?? new Decimal(m.booked_quantity) }))
    for (const { m, q } of arrived)
      statements.get('UPDATE movements SET delivered_quantity = ?, updated_at = ? WHERE id = ?').run(railsDecimalString(q), now, m.id)
    if (s.agency_to_id !== null)
      receiveStock(
        statements,
        req.entityId,
        s.agency_to_id,
        arrived.map(({ m, q }) => ({ lotId: m.lot_id, quantity: q.toString() })),
      )
    statements
      .get(
        `UPDATE shipments SET delivered = 1, delivered_at = ?, deliverer_id = ?, updater_id = ?, updated_at = ?,
           memo = CASE WHEN ? THEN ? ELSE memo END, lock_version = lock_version + 1 WHERE id = ?`,
      )
      .run(now, req.userId, req.userId, now, memo === undefined ? 0 : 1, memo ?? null, s.id)
    const short = arrived.map(({ m, q }) => ({ m, q: new Decimal(m.booked_quantity).minus(q) })).filter(({ q }) => q.gt(0))
    const followUpId = short.length > 0 ? writeFollowUp(statements, req, s, short, now) : null
    return { kind: 'done', id: s.id, followUpId }
  })()
}
