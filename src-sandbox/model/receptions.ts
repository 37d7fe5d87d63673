import Decimal from 'decimal.js'
import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { railsDecimalString } from './railsDecimal'
import { detailsOfOrder, entityCurrencyId, type PurchaseOrderDetailRow, type PurchaseOrderRow } from './purchaseOrders'
import { removeStock } from './stockLedger'

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

export interface ItemFacts {
  id: number
  code: string
  name: string
  perishable: number
}
export function itemFacts(statements: StatementCache, id: number): ItemFacts | undefined {
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

/** Re-reads the order's lines and sets received (and its time) from them: received when nothing is pending. */
export function settleOrder(statements: StatementCache, order: PurchaseOrderRow, userId: number, now: string): void {
  const complete = detailsOfOrder(statements, order.id).every((d) => pendingOf(d).isZero())
  statements
    .get(
      'UPDATE purchase_orders SET received = ?, received_at = ?, receiver_id = COALESCE(?, receiver_id), updated_at = ?, updater_id = ? WHERE id = ?',
    )
    .run(complete ? 1 : 0, complete ? now : null, complete ? userId : null, now, userId, order.id)
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
