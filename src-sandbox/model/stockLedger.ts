import Decimal from 'decimal.js'
import type { StatementCache } from '../store/statementCache'

/**
 * The stock effects of bookings on lot_stocks, where `available` is net of
 * earmarks (on hand − booked) as the service gives it, and `booked` (ours)
 * holds the earmarks. Arithmetic is decimal, so 130.2 − 0.1 stays 130.1.
 *
 * - earmark (create, edit): available − q, booked + q; on hand unchanged.
 * - release (delete, edit): the reverse.
 * - consume (ship, or deliver without transport): booked − q; the goods leave on hand.
 * - receive (deliver, reception): available + q at the destination, same lot.
 * - remove (a reception returned): available − q.
 */
interface StockRow {
  id: number
  available: number
  booked: number
}

function adjust(
  statements: StatementCache,
  entityId: number,
  agencyId: number,
  lotId: number,
  availableDelta: Decimal,
  bookedDelta: Decimal,
): void {
  const row = statements
    .get<[number, number], StockRow>('SELECT id, available, booked FROM lot_stocks WHERE lot_id = ? AND agency_id = ?')
    .get(lotId, agencyId)
  if (!row) {
    statements
      .get('INSERT INTO lot_stocks (entity_id, lot_id, agency_id, available, booked) VALUES (?, ?, ?, ?, ?)')
      .run(entityId, lotId, agencyId, availableDelta.toNumber(), bookedDelta.toNumber())
    return
  }
  statements
    .get('UPDATE lot_stocks SET available = ?, booked = ? WHERE id = ?')
    .run(new Decimal(row.available).plus(availableDelta).toNumber(), new Decimal(row.booked).plus(bookedDelta).toNumber(), row.id)
}

export interface StockLine {
  lotId: number | null
  quantity: string
}

/** Applies one effect to each line that has a lot (a line without one moves no stock). */
function each(lines: readonly StockLine[], apply: (lotId: number, q: Decimal) => void): void {
  for (const line of lines) if (line.lotId !== null) apply(line.lotId, new Decimal(line.quantity))
}

export function earmark(statements: StatementCache, entityId: number, agencyId: number, lines: readonly StockLine[]): void {
  each(lines, (lot, q) => adjust(statements, entityId, agencyId, lot, q.neg(), q))
}

export function releaseEarmark(statements: StatementCache, entityId: number, agencyId: number, lines: readonly StockLine[]): void {
  each(lines, (lot, q) => adjust(statements, entityId, agencyId, lot, q, q.neg()))
}

export function consumeEarmark(statements: StatementCache, entityId: number, agencyId: number, lines: readonly StockLine[]): void {
  each(lines, (lot, q) => adjust(statements, entityId, agencyId, lot, new Decimal(0), q.neg()))
}

export function receiveStock(statements: StatementCache, entityId: number, agencyId: number, lines: readonly StockLine[]): void {
  each(lines, (lot, q) => adjust(statements, entityId, agencyId, lot, q, new Decimal(0)))
}

/** A returned reception: the goods leave the agency again (available − q). */
export function removeStock(statements: StatementCache, entityId: number, agencyId: number, lines: readonly StockLine[]): void {
  each(lines, (lot, q) => adjust(statements, entityId, agencyId, lot, q.neg(), new Decimal(0)))
}
