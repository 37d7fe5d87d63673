import type { StatementCache } from '../store/statementCache'

/** A purchase_orders row as stored (flags 0/1, timestamps in stored form). */
export type PurchaseOrderRow = Record<string, string | number | null> & {
  id: number
  entity_id: number
  currency_id: number | null
  agency_id: number | null
  payee_id: number | null
  consolidate_id: number | null
  authorized: number
  received: number
  voided: number
  paid: number
}

export interface PurchaseOrderDetailRow {
  id: number
  entity_id: number
  purchase_order_id: number
  item_id: number
  quantity: string
  received_quantity: string
  price: string
  total: string
  expire_date: string | null
  created_at: string
  updated_at: string
}

export function findPurchaseOrder(statements: StatementCache, entityId: number, id: number): PurchaseOrderRow | undefined {
  return statements
    .get<[number, number], PurchaseOrderRow>('SELECT * FROM purchase_orders WHERE id = ? AND entity_id = ?')
    .get(id, entityId)
}

export function detailsOfOrder(statements: StatementCache, orderId: number): PurchaseOrderDetailRow[] {
  return statements
    .get<[number], PurchaseOrderDetailRow>('SELECT * FROM purchase_order_details WHERE purchase_order_id = ? ORDER BY id')
    .all(orderId)
}

/**
 * Orders a consolidate may take: authorised, not voided, not paid and in no
 * consolidate yet (the spec leaves the rule unshown: ours, what purchasing
 * staff group to share import charges).
 */
const consolidable = 'authorized = 1 AND voided = 0 AND paid = 0 AND consolidate_id IS NULL'
/** The spec: received and not paid (and, ours, not voided nor in a consolidate already). */
const specialInvoiceEligible = 'received = 1 AND paid = 0 AND voided = 0 AND consolidate_id IS NULL'

export function consolidableOrders(statements: StatementCache, entityId: number): PurchaseOrderRow[] {
  return statements
    .get<[number], PurchaseOrderRow>(
      `SELECT * FROM purchase_orders WHERE entity_id = ? AND ${consolidable} ORDER BY issue_date DESC, id DESC`,
    )
    .all(entityId)
}

export function specialInvoiceOrders(statements: StatementCache, entityId: number): PurchaseOrderRow[] {
  return statements
    .get<[number], PurchaseOrderRow>(
      `SELECT * FROM purchase_orders WHERE entity_id = ? AND ${specialInvoiceEligible} ORDER BY issue_date DESC, id DESC`,
    )
    .all(entityId)
}

export function isConsolidable(o: PurchaseOrderRow, special: boolean): boolean {
  if (o.voided || o.paid || o.consolidate_id !== null) return false
  return special ? o.received === 1 : o.authorized === 1
}

export function ordersOfConsolidate(statements: StatementCache, consolidateId: number): PurchaseOrderRow[] {
  return statements.get<[number], PurchaseOrderRow>('SELECT * FROM purchase_orders WHERE consolidate_id = ? ORDER BY id').all(consolidateId)
}

export interface NamedRef {
  id: number
  name: string
}
export interface CurrencyRow {
  id: number
  code: string
  name: string
  symbol: string
}

export function payeeOf(statements: StatementCache, id: number | null): NamedRef | null {
  if (id === null) return null
  return statements.get<[number], NamedRef>('SELECT id, name FROM payees WHERE id = ?').get(id) ?? null
}

export function currencyOf(statements: StatementCache, id: number | null): CurrencyRow | null {
  if (id === null) return null
  return statements.get<[number], CurrencyRow>('SELECT id, code, name, symbol FROM currencies WHERE id = ?').get(id) ?? null
}

export function entityCurrencyId(statements: StatementCache, entityId: number): number | null {
  return statements.get<[number], number | null>('SELECT currency_id FROM entities WHERE id = ?').pluck().get(entityId) ?? null
}
