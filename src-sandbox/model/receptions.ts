import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { findAgency } from './agencies'
import { castBoolean, castDate, castText, readId } from './railsCast'
import { parseDecimal, railsDecimalString } from './railsDecimal'
import { detailsOfOrder, entityCurrencyId, type PurchaseOrderDetailRow, type PurchaseOrderRow } from './purchaseOrders'
import { receiveStock, removeStock, type StockLine } from './stockLedger'
import { validationText as t } from './validationText'

export type ReceptionRow = Record<string, string | number | null> & {
  id: number
  entity_id: number
  purchase_order_id: number
  agency_id: number
  voided: number
}

export type ReceptionDetailRow = Record<string, string | number | null> & {
  id: number
  item_id: number
  purchase_order_detail_id: number
  quantity: string
  lot_id: number | null
}

/** The service's words (the spec shows none for receptions: ours, in its Spanish). */
export const receptionText = {
  noLines: 'debe recibir al menos un producto',
  overReceived: (pending: string) => `excede lo pendiente de recibir (${pending})`,
  notAuthorized: 'la orden de compra no está autorizada',
  voidedOrder: 'la orden de compra está anulada',
  alreadyReturned: 'la recepción ya fue devuelta',
  notEnoughStock: (code: string) => `no hay existencia suficiente de ${code} en la bodega para devolver`,
  orderNotFound: 'No se encontró la orden de compra',
} as const

export function pendingOf(d: PurchaseOrderDetailRow): Decimal {
  return Decimal.max(new Decimal(d.quantity).minus(d.received_quantity), 0)
}

export function findReception(statements: StatementCache, entityId: number, id: number): ReceptionRow | undefined {
  return statements.get<[number, number], ReceptionRow>('SELECT * FROM receptions WHERE id = ? AND entity_id = ?').get(id, entityId)
}

export function detailsOfReception(statements: StatementCache, receptionId: number): ReceptionDetailRow[] {
  return statements
    .get<[number], ReceptionDetailRow>(
      `SELECT d.id, d.entity_id, d.reception_id, d.item_id, d.purchase_order_detail_id, d.quantity, d.lot_id, d.created_at, d.updated_at,
         l.name AS lot_name, l.expires AS lot_expires FROM reception_details d LEFT JOIN lots l ON l.id = d.lot_id
       WHERE d.reception_id = ? ORDER BY d.id`,
    )
    .all(receptionId)
}

interface ItemFacts {
  id: number
  code: string
  name: string
  perishable: number
}
function itemFacts(statements: StatementCache, id: number): ItemFacts | undefined {
  return statements.get<[number], ItemFacts>('SELECT id, code, name, perishable FROM items WHERE id = ?').get(id)
}

/** GET new.json: the reception a clerk starts from, each line defaulting to what is still pending (lines, items and the currency facts are ours). */
export function newReception(statements: StatementCache, order: PurchaseOrderRow, userId: number, today: string) {
  const foreign = order.currency_id !== null && order.currency_id !== entityCurrencyId(statements, order.entity_id)
  return {
    reception: {
      id: null,
      purchase_order_id: order.id,
      invoice_number: null,
      receiver_id: userId,
      received: false,
      received_at: today,
      voider_id: null,
      voided: false,
      voided_at: null,
      created_at: null,
      updated_at: null,
      image: { url: null },
      memo: null,
      agency_id: order.agency_id,
      entity_id: order.entity_id,
      needs_transit: false,
      async_message: null,
      exchange_rate: foreign ? order.exchange_rate : null,
    },
    lines: detailsOfOrder(statements, order.id).map((d) => ({
      detail: d,
      item: itemFacts(statements, d.item_id)!,
      pending: railsDecimalString(pendingOf(d)),
    })),
    foreign,
  }
}

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

interface LotPart {
  quantity: Decimal
  lotName: string | null
  lotExpires: string | null
  description: string | null
}

interface AcceptedLine {
  detail: PurchaseOrderDetailRow
  item: ItemFacts
  /** One per lot received on the line (one for goods without lots). */
  parts: LotPart[]
  /** The lot fields came as arrays (docs: the SDK) rather than single values (the spec's older form). */
  asArrays: boolean
}

/**
 * A line's lot fields: arrays, one entry per lot, as the SDK sends them
 * (`lot_name`, `lot_expire`, `lot_delivered_quantity`, `lot_description`),
 * or single values (`lot_name`, `lot_expires` or `lot_expire`).
 */
function lotsOf(e: Record<string, unknown>) {
  const list = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v])
  return {
    names: list(e.lot_name),
    expires: list(e.lot_expire ?? e.lot_expires),
    delivered: list(e.lot_delivered_quantity),
    descriptions: list(e.lot_description),
    asArrays: Array.isArray(e.lot_name) || Array.isArray(e.lot_delivered_quantity),
  }
}

function sumOf(values: unknown[]): ReturnType<typeof parseDecimal> {
  let total = new Decimal(0)
  for (const v of values) {
    const p = parseDecimal(v)
    if (!p.ok) return p
    total = total.plus(p.value)
  }
  return { ok: true, value: total }
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

/** Re-reads the order's lines and sets received (and its time) from them: received when nothing is pending. */
function settleOrder(statements: StatementCache, order: PurchaseOrderRow, userId: number, now: string): void {
  const complete = detailsOfOrder(statements, order.id).every((d) => pendingOf(d).isZero())
  statements
    .get(
      'UPDATE purchase_orders SET received = ?, received_at = ?, receiver_id = COALESCE(?, receiver_id), updated_at = ?, updater_id = ? WHERE id = ?',
    )
    .run(complete ? 1 : 0, complete ? now : null, complete ? userId : null, now, userId, order.id)
}

/** POST: validates every line, then in one transaction writes the reception, moves the goods in and settles the order. */
export function createReception(db: Sqlite, statements: StatementCache, req: CreateRequest): CreateOutcome {
  return db.transaction((): CreateOutcome => {
    const errors = errorMessagesFor()
    const { order, body } = req
    if (order.voided) errors.add('base', receptionText.voidedOrder)
    else if (!order.authorized) errors.add('base', receptionText.notAuthorized)

    const agency = readId(body.agency_id)
    const agencyRow = agency.ok && agency.value !== null ? findAgency(statements, req.entityId, agency.value) : undefined
    if (!agency.ok) errors.add('agency_id', agency.message)
    else if (agency.value === null) errors.add('agency_id', t.blank)
    else if (!agencyRow || !agencyRow.active) errors.add('agency_id', t.mustExist)

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

    const details = new Map(detailsOfOrder(statements, order.id).map((d) => [d.id, d]))
    const raw = body.reception_details_attributes
    const entries = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : []
    const accepted: AcceptedLine[] = []
    const taken = new Map<number, Decimal>()
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue
      const e = entry as Record<string, unknown>
      const lots = lotsOf(e)
      // docs (the SDK): a line with lots sends no quantity, only one delivered quantity per lot; the spec: quantity.
      const quantity = e.quantity === undefined && lots.delivered.length > 0 ? sumOf(lots.delivered) : parseDecimal(e.quantity)
      if (!quantity.ok) {
        errors.add('reception_details.quantity', quantity.reason === 'blank' ? t.blank : t.notANumber)
        continue
      }
      // A line left at zero is a product that did not come this time.
      if (quantity.value.isZero()) continue
      if (quantity.value.lt(0)) {
        errors.add('reception_details.quantity', t.greaterThan(0))
        continue
      }
      const detailId = readId(e.purchase_order_detail_id)
      const detail = detailId.ok && detailId.value !== null ? details.get(detailId.value) : undefined
      if (!detail) {
        errors.add('reception_details.purchase_order_detail_id', t.mustExist)
        continue
      }
      const itemId = e.item_id === undefined ? { ok: true as const, value: detail.item_id } : readId(e.item_id)
      if (!itemId.ok || itemId.value !== detail.item_id) {
        errors.add('reception_details.item_id', t.invalid)
        continue
      }
      const before = taken.get(detail.id) ?? new Decimal(0)
      const pending = pendingOf(detail).minus(before)
      if (quantity.value.gt(pending)) {
        errors.add('reception_details.quantity', receptionText.overReceived(railsDecimalString(pending)))
        continue
      }
      taken.set(detail.id, before.plus(quantity.value))
      const item = itemFacts(statements, detail.item_id)!
      const parts: LotPart[] = []
      if (item.perishable) {
        // One part per lot named; a single lot may carry its quantity in `quantity` alone.
        const count = Math.max(lots.names.length, 1)
        for (let i = 0; i < count; i++) {
          const name = castText(lots.names[i]) ?? null
          const expires = castDate(lots.expires[i])
          const part = count === 1 && lots.delivered.length === 0 ? quantity : parseDecimal(lots.delivered[i])
          if (!name) errors.add('reception_details.lot_name', t.blank)
          if (expires === null) errors.add('reception_details.lot_expires', t.blank)
          else if (expires === undefined) errors.add('reception_details.lot_expires', t.invalid)
          if (!part.ok) errors.add('reception_details.lot_delivered_quantity', part.reason === 'blank' ? t.blank : t.notANumber)
          if (name && expires && part.ok)
            parts.push({ quantity: part.value, lotName: name, lotExpires: expires, description: castText(lots.descriptions[i]) ?? null })
        }
      } else {
        parts.push({ quantity: quantity.value, lotName: null, lotExpires: null, description: null })
      }
      accepted.push({ detail, item, parts, asArrays: lots.asArrays })
    }
    if (accepted.length === 0 && !errors.any()) errors.add('reception_details', receptionText.noLines)
    if (errors.any()) return { kind: 'invalid', errors: errors.fields }

    const id = db
      .prepare(
        `INSERT INTO receptions (entity_id, purchase_order_id, invoice_number, receiver_id, received, received_at, voided, memo, agency_id, needs_transit, exchange_rate, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, 0, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        req.entityId,
        order.id,
        castText(body.invoice_number) ?? null,
        req.userId,
        req.stampOf(receivedAt!),
        castText(body.memo) ?? null,
        agencyRow!.id,
        needsTransit,
        exchangeRate,
        req.now,
        req.now,
      ).lastInsertRowid as number
    const stock: StockLine[] = []
    for (const line of accepted) {
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
          id,
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
      const current = details.get(line.detail.id)!
      const received = line.parts.reduce((sum, p) => sum.plus(p.quantity), new Decimal(current.received_quantity))
      current.received_quantity = railsDecimalString(received)
      statements
        .get('UPDATE purchase_order_details SET received_quantity = ?, updated_at = ? WHERE id = ?')
        .run(current.received_quantity, req.now, current.id)
    }
    receiveStock(statements, req.entityId, agencyRow!.id, stock)
    if (foreign && exchangeRate !== null)
      statements.get('UPDATE purchase_orders SET exchange_rate = ? WHERE id = ?').run(exchangeRate, order.id)
    settleOrder(statements, order, req.userId, req.now)
    return { kind: 'saved', id }
  })()
}

export type ReturnOutcome = { kind: 'returned' } | { kind: 'invalid'; errors: Record<string, string[]> }

/** DELETE and rebound: the goods leave the agency again, the order's lines are pending again, the reception is voided. */
export function returnReception(
  db: Sqlite,
  statements: StatementCache,
  reception: ReceptionRow,
  order: PurchaseOrderRow,
  userId: number,
  now: string,
): ReturnOutcome {
  return db.transaction((): ReturnOutcome => {
    const errors = errorMessagesFor()
    if (reception.voided) errors.add('base', receptionText.alreadyReturned)
    const lines = detailsOfReception(statements, reception.id)
    if (!errors.any()) {
      for (const line of lines) {
        if (line.lot_id === null) continue
        const available = statements
          .get<[number, number], number>('SELECT available FROM lot_stocks WHERE lot_id = ? AND agency_id = ?')
          .pluck()
          .get(line.lot_id, reception.agency_id)
        if (new Decimal(available ?? 0).lt(line.quantity))
          errors.add('base', receptionText.notEnoughStock(itemFacts(statements, line.item_id)?.code ?? String(line.item_id)))
      }
    }
    if (errors.any()) return { kind: 'invalid', errors: errors.fields }
    removeStock(
      statements,
      reception.entity_id,
      reception.agency_id,
      lines.map((l) => ({ lotId: l.lot_id, quantity: l.quantity })),
    )
    for (const line of lines) {
      const d = statements
        .get<[number], string>('SELECT received_quantity FROM purchase_order_details WHERE id = ?')
        .pluck()
        .get(line.purchase_order_detail_id)!
      const back = Decimal.max(new Decimal(d).minus(line.quantity), 0)
      statements
        .get('UPDATE purchase_order_details SET received_quantity = ?, updated_at = ? WHERE id = ?')
        .run(railsDecimalString(back), now, line.purchase_order_detail_id)
    }
    statements
      .get('UPDATE receptions SET voided = 1, received = 0, voider_id = ?, voided_at = ?, updated_at = ? WHERE id = ?')
      .run(userId, now, now, reception.id)
    settleOrder(statements, order, userId, now)
    return { kind: 'returned' }
  })()
}
