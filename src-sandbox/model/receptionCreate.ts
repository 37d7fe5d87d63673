import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { findAgency, type AgencyRow } from './agencies'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { castBoolean, castDate, castText, readId } from './railsCast'
import { parseDecimal, railsDecimalString } from './railsDecimal'
import { detailsOfOrder, entityCurrencyId, type PurchaseOrderDetailRow, type PurchaseOrderRow } from './purchaseOrders'
import { acceptedLines, type AcceptedLine } from './receptionLines'
import { receptionText, settleOrder, type ItemFacts } from './receptions'
import { receiveStock, type StockLine } from './stockLedger'
import { validationText as t } from './validationText'

type Errors = ReturnType<typeof errorMessagesFor>

interface CreateRequest {
  entityId: number
  userId: number
  now: string
  today: string
  /** The instant of a picked date: at the user's local time of day (see instantOnLocalDate). */
  stampOf: (date: string) => string
  order: PurchaseOrderRow
  body: Record<string, unknown>
}

export type CreateOutcome = { kind: 'saved'; id: number } | { kind: 'invalid'; errors: Record<string, string[]> }

/** The reception's own fields, checked; once no error was added, agency and receivedAt are set. */
interface ReceptionHeader {
  agency: AgencyRow | undefined
  receivedAt: string | null | undefined
  needsTransit: number | undefined
  foreign: boolean
  exchangeRate: number | null
}

/** The order's state, the agency, the date, the transit flag and (in a foreign currency) the exchange rate. */
function checkedHeader(statements: StatementCache, req: CreateRequest, errors: Errors): ReceptionHeader {
  const { order, body } = req
  if (order.voided) errors.add('base', receptionText.voidedOrder)
  else if (!order.authorized) errors.add('base', receptionText.notAuthorized)

  const agencyId = readId(body.agency_id)
  const agency = agencyId.ok && agencyId.value !== null ? findAgency(statements, req.entityId, agencyId.value) : undefined
  if (!agencyId.ok) errors.add('agency_id', agencyId.message)
  else if (agencyId.value === null) errors.add('agency_id', t.blank)
  else if (!agency || !agency.active) errors.add('agency_id', t.mustExist)

  const receivedAt = body.received_at === undefined ? req.today : castDate(body.received_at)
  if (receivedAt === undefined) errors.add('received_at', t.invalid)
  const needsTransit = body.needs_transit === undefined ? 0 : castBoolean(body.needs_transit)
  if (needsTransit === undefined) errors.add('needs_transit', t.notABoolean)

  const foreign = order.currency_id !== null && order.currency_id !== entityCurrencyId(statements, req.entityId)
  let exchangeRate: number | null = foreign ? (order.exchange_rate as number | null) : null
  if (foreign && body.exchange_rate !== undefined && body.exchange_rate !== null && body.exchange_rate !== '') {
    const rate = parseDecimal(body.exchange_rate)
    if (!rate.ok) errors.add('exchange_rate', t.notANumber)
    else if (rate.value.lte(0)) errors.add('exchange_rate', t.greaterThan(0))
    else exchangeRate = rate.value.toNumber()
  }
  return { agency, receivedAt, needsTransit, foreign, exchangeRate }
}

/** The lot a received line goes into: the named, dated lot for perishable goods (made when new), else the item's undated lot. */
function lotFor(
  db: Sqlite,
  statements: StatementCache,
  entityId: number,
  line: { item: ItemFacts; lotName: string | null; lotExpires: string | null },
): number {
  if (line.lotName !== null) {
    const existing = statements
      .get<[number, string], number>('SELECT id FROM lots WHERE item_id = ? AND name = ?')
      .pluck()
      .get(line.item.id, line.lotName)
    if (existing !== undefined) return existing
    return db
      .prepare('INSERT INTO lots (entity_id, item_id, name, expires) VALUES (?, ?, ?, ?)')
      .run(entityId, line.item.id, line.lotName, line.lotExpires).lastInsertRowid as number
  }
  const general = statements
    .get<[number], number>('SELECT id FROM lots WHERE item_id = ? AND expires IS NULL ORDER BY id LIMIT 1')
    .pluck()
    .get(line.item.id)
  if (general !== undefined) return general
  return db.prepare("INSERT INTO lots (entity_id, item_id, name, expires) VALUES (?, ?, 'GENERAL', NULL)").run(entityId, line.item.id)
    .lastInsertRowid as number
}

function insertReception(db: Sqlite, req: CreateRequest, header: ReceptionHeader): number {
  return db
    .prepare(
      `INSERT INTO receptions (entity_id, purchase_order_id, invoice_number, receiver_id, received, received_at, voided, memo, agency_id, needs_transit, exchange_rate, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, 0, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      req.entityId,
      req.order.id,
      castText(req.body.invoice_number) ?? null,
      req.userId,
      req.stampOf(header.receivedAt!),
      castText(req.body.memo) ?? null,
      header.agency!.id,
      header.needsTransit,
      header.exchangeRate,
      req.now,
      req.now,
    ).lastInsertRowid as number
}

/** Writes a line's details, one per lot, and raises what its order line has received; returns the stock it brings in. */
function writeLine(
  db: Sqlite,
  statements: StatementCache,
  req: CreateRequest,
  receptionId: number,
  line: AcceptedLine,
  details: Map<number, PurchaseOrderDetailRow>,
): StockLine[] {
  const stock: StockLine[] = []
  // One detail per lot (ours: the service's own split is not shown); its lot fields in the form they came.
  for (const part of line.parts) {
    const lotId = lotFor(db, statements, req.entityId, { item: line.item, lotName: part.lotName, lotExpires: part.lotExpires })
    const q = railsDecimalString(part.quantity)
    const as = (v: string | null) => (part.lotName === null ? null : JSON.stringify(line.asArrays ? [v] : v))
    db.prepare(
      `INSERT INTO reception_details (entity_id, reception_id, item_id, purchase_order_detail_id, quantity, lot_id,
             lot_name, lot_expire, lot_delivered_quantity, lot_description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      req.entityId,
      receptionId,
      line.item.id,
      line.detail.id,
      q,
      lotId,
      as(part.lotName),
      as(part.lotExpires),
      as(q),
      as(part.description ?? part.lotName),
      req.now,
      req.now,
    )
    stock.push({ lotId, quantity: q })
  }
  // The map's row is updated too: a later line of the same order line adds to what this one received.
  const current = details.get(line.detail.id)!
  const received = line.parts.reduce((sum, p) => sum.plus(p.quantity), new Decimal(current.received_quantity))
  current.received_quantity = railsDecimalString(received)
  statements
    .get('UPDATE purchase_order_details SET received_quantity = ?, updated_at = ? WHERE id = ?')
    .run(current.received_quantity, req.now, current.id)
  return stock
}

/** POST: validates every line, then in one transaction writes the reception, moves the goods in and settles the order. */
export function createReception(db: Sqlite, statements: StatementCache, req: CreateRequest): CreateOutcome {
  return db.transaction((): CreateOutcome => {
    const errors = errorMessagesFor()
    const header = checkedHeader(statements, req, errors)
    const details = new Map(detailsOfOrder(statements, req.order.id).map((d) => [d.id, d]))
    const accepted = acceptedLines(statements, req.body.reception_details_attributes, details, errors)
    if (accepted.length === 0 && !errors.any()) errors.add('reception_details', receptionText.noLines)
    if (errors.any()) return { kind: 'invalid', errors: errors.fields }

    const id = insertReception(db, req, header)
    const stock = accepted.flatMap((line) => writeLine(db, statements, req, id, line, details))
    receiveStock(statements, req.entityId, header.agency!.id, stock)
    if (header.foreign && header.exchangeRate !== null)
      statements.get('UPDATE purchase_orders SET exchange_rate = ? WHERE id = ?').run(header.exchangeRate, req.order.id)
    settleOrder(statements, req.order, req.userId, req.now)
    return { kind: 'saved', id }
  })()
}
