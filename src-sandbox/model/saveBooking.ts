import { randomUUID } from 'node:crypto'
import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { toStoredTimestamp } from '../timestamps'
import { resolveHeader, type HeaderRequest, type ResolvedHeader } from './bookingHeader'
import { lineField } from './bookingForm'
import { resolveLines, type FinalLine } from './bookingLines'
import { editRefusal } from './bookingStates'
import { bookingText as b } from './bookingText'
import { allocateLines, type LotAvailability } from './lineAllocation'
import { movementsOf, type MovementRow } from './shipments'
import { earmark, releaseEarmark } from './stockLedger'
import { setTransferRequestBooked } from './transferRequests'
import { validationText as t } from './validationText'

/**
 * Validates a booking create or update against the database and writes it,
 * all in one transaction: the booking, its lines, the earmarks at the origin
 * and the transfer request's booked flag are saved together or not at all (so
 * the "drop after commit" fault finds the whole booking committed).
 */
export type SaveBookingRequest = HeaderRequest

export type SaveBookingResult =
  | { kind: 'saved'; id: number }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  /** Refused by state (shipped, voided…): `{base: [message]}`. */
  | { kind: 'refused'; message: string }
  /** The body's lock_version is not the stored one. */
  | { kind: 'stale'; message: string }
  | { kind: 'movementNotFound'; message: string }

/** What each lot of an item has available at the origin, in default order: dated lots by expiry, undated last. */
function lotsAtOrigin(statements: StatementCache, agencyId: number, givenBack: ReadonlyMap<number, Decimal>) {
  return (itemId: number): LotAvailability[] => {
    const rows = statements
      .get<[number, number], { id: number; name: string; available: number }>(
        `SELECT l.id, l.name, COALESCE(s.available, 0) AS available FROM lots l
         LEFT JOIN lot_stocks s ON s.lot_id = l.id AND s.agency_id = ?
         WHERE l.item_id = ? ORDER BY l.expires IS NULL, l.expires, l.id`,
      )
      .all(agencyId, itemId)
    return rows.map((r) => ({ lotId: r.id, name: r.name, available: new Decimal(r.available).plus(givenBack.get(r.id) ?? 0) }))
  }
}

/** The booking's own earmarks, given back while it is re-planned (an edit may keep, grow or shrink them). */
function ownEarmarks(movements: readonly MovementRow[]): Map<number, Decimal> {
  const back = new Map<number, Decimal>()
  for (const m of movements) if (m.lot_id !== null) back.set(m.lot_id, (back.get(m.lot_id) ?? new Decimal(0)).plus(m.booked_quantity))
  return back
}

function writeShipment(db: Sqlite, req: SaveBookingRequest, header: ResolvedHeader, count: number, now: string): number {
  const existing = req.existing
  const values = {
    agency_to_id: header.destination!.id,
    address_to: header.destination!.address,
    planned_delivery: header.plannedDelivery,
    planned_shipping: header.plannedShipping,
    reference: header.reference,
    memo: header.memo,
    needs_transport: header.needsTransport,
    booker_id: header.bookerId,
    movements_count: count,
    updater_id: req.user.id,
    updated_at: now,
  }
  if (existing) {
    const columns = Object.keys(values) as (keyof typeof values)[]
    db.prepare(`UPDATE shipments SET ${columns.map((c) => `${c} = ?`).join(', ')}, lock_version = lock_version + 1 WHERE id = ?`).run(
      ...columns.map((c) => values[c]),
      existing.id,
    )
    return existing.id
  }
  const created = {
    ...values,
    zid: db.prepare<[number], number>('SELECT COALESCE(MAX(zid), 0) + 1 FROM shipments WHERE entity_id = ?').pluck().get(req.entityId)!,
    entity_id: req.entityId,
    agency_from_id: header.origin!.id,
    address_from: header.origin!.address,
    transfer_request_id: header.transferRequest?.id ?? null,
    creator_id: req.user.id,
    uuid: randomUUID(),
    income: 0,
    shipped: 0,
    delivered: 0,
    voided: 0,
    returned: 0,
    // Made at the point of sale, through /pos/bookings.
    pos: 1,
    issue_external_document: 0,
    created_at: now,
    lock_version: 0,
  }
  const columns = Object.keys(created) as (keyof typeof created)[]
  const result = db
    .prepare(`INSERT INTO shipments (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...columns.map((c) => created[c]))
  return Number(result.lastInsertRowid)
}

function writeLines(
  db: Sqlite,
  entityId: number,
  shipmentId: number,
  lines: readonly FinalLine[],
  lots: readonly (number | null)[],
  destroyed: readonly MovementRow[],
  now: string,
) {
  for (const m of destroyed) db.prepare('DELETE FROM movements WHERE id = ?').run(m.id)
  lines.forEach((line, i) => {
    const values = [line.itemId!, lots[i] ?? null, line.quantity!, line.serialNumber, line.reference, line.bundleId]
    if (line.movementId === undefined) {
      db.prepare(
        `INSERT INTO movements (entity_id, shipment_id, item_id, lot_id, booked_quantity, serial_number, reference, bundle_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(entityId, shipmentId, ...values, now, now)
    } else if (line.index !== undefined) {
      db.prepare(
        'UPDATE movements SET item_id = ?, lot_id = ?, booked_quantity = ?, serial_number = ?, reference = ?, bundle_id = ?, updated_at = ? WHERE id = ?',
      ).run(...values, now, line.movementId)
    }
  })
}

function save(db: Sqlite, statements: StatementCache, req: SaveBookingRequest): SaveBookingResult {
  const existing = req.existing
  if (existing) {
    const refusal = editRefusal(existing, 'edit')
    if (refusal) return { kind: 'refused', message: refusal }
    if (req.form.lockVersion !== undefined && req.form.lockVersion !== existing.lock_version) {
      return { kind: 'stale', message: b.stale(req.form.lockVersion, existing.lock_version) }
    }
  }
  const errors = errorMessagesFor()
  for (const [field, messages] of Object.entries(req.form.errors)) for (const m of messages) errors.add(field, m)

  const header = resolveHeader(statements, req, errors.add)
  const before = existing ? movementsOf(statements, existing.id) : []
  const resolved = resolveLines(statements, req.entityId, before, req.form.lines, errors.add)
  if (resolved.kind === 'movementNotFound')
    return { kind: 'movementNotFound', message: b.movementNotFound(resolved.idText, existing?.id ?? 0) }

  // A booking without an origin cannot be placed on stock (only possible for records not made here).
  if (!header.origin && !errors.fields.agency_from_id) errors.add('agency_from_id', t.blank)
  let lots: (number | null)[] = resolved.lines.map((l) => l.lotId)
  if (header.origin) {
    const placeable = resolved.lines.filter((l) => l.valid)
    const allocation = allocateLines(
      placeable.map((l) => ({
        index: l.index,
        itemId: l.itemId!,
        itemCode: l.itemCode!,
        quantity: new Decimal(l.quantity!),
        lotId: l.lotId,
      })),
      lotsAtOrigin(statements, header.origin.id, ownEarmarks(before)),
      header.origin.name,
    )
    for (const [index, message] of allocation.errors)
      errors.add(index < 0 ? 'movements.booked_quantity' : lineField(index, 'booked_quantity'), message)
    lots = resolved.lines.map((l) => (l.valid ? allocation.lots[placeable.indexOf(l)]! : null))
  }
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }

  const now = toStoredTimestamp(req.now)
  const id = writeShipment(db, req, header, resolved.lines.length, now)
  const origin = header.origin!.id
  if (existing)
    releaseEarmark(
      statements,
      req.entityId,
      origin,
      before.map((m) => ({ lotId: m.lot_id, quantity: m.booked_quantity })),
    )
  writeLines(db, req.entityId, id, resolved.lines, lots, resolved.destroyed, now)
  earmark(
    statements,
    req.entityId,
    origin,
    resolved.lines.map((l, i) => ({ lotId: lots[i] ?? null, quantity: l.quantity! })),
  )
  if (header.transferRequest) setTransferRequestBooked(statements, header.transferRequest.id, true, now)
  return { kind: 'saved', id }
}

/** Checks and writes in one transaction; nothing is written unless the result is `saved`. */
export function saveBooking(db: Sqlite, statements: StatementCache, req: SaveBookingRequest): SaveBookingResult {
  return db.transaction(() => save(db, statements, req))()
}
