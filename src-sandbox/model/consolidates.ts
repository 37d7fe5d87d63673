import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { castBoolean, castText, readId } from './railsCast'
import { findPurchaseOrder, isConsolidable } from './purchaseOrders'
import { readSettings } from './sandboxSettings'
import { validationText as t } from './validationText'

export type ConsolidateRow = Record<string, string | number | null> & { id: number; entity_id: number; special_invoice: number }

/**
 * The service's words for a consolidate it refuses. The special-invoice
 * prerequisites are reported on the field they would fill (the spec lists them
 * and shows no message: ours, in the service's Spanish).
 */
export const consolidateText = {
  noOrders: 'debe incluir al menos una orden de compra',
  notConsolidable: (id: number) => `la orden ${id} no se puede consolidar`,
  noChargeTerm: 'no hay una condición de pago con «forzar precio sin impuestos» activa',
  noItem: 'la variable de compras item_for_consolidates no tiene un producto',
  noNumbering: 'no hay numeración automática para facturas especiales',
} as const

export function findConsolidate(statements: StatementCache, entityId: number, id: number): ConsolidateRow | undefined {
  return statements.get<[number, number], ConsolidateRow>('SELECT * FROM consolidates WHERE id = ? AND entity_id = ?').get(id, entityId)
}

export function consolidatesOfEntity(statements: StatementCache, entityId: number): ConsolidateRow[] {
  return statements.get<[number], ConsolidateRow>('SELECT * FROM consolidates WHERE entity_id = ? ORDER BY id DESC').all(entityId)
}

export type SaveOutcome = { kind: 'saved'; id: number } | { kind: 'invalid'; errors: Record<string, string[]> }

interface CreateRequest {
  entityId: number
  userId: number
  now: string
  body: Record<string, unknown>
  special: boolean
}

/** The order ids marked `consolidated: "1"` in purchase_orders_attributes (a map of index to {id, consolidated}, or an array). */
function markedOrders(raw: unknown, errors: ReturnType<typeof errorMessagesFor>): number[] {
  const entries = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : []
  const ids: number[] = []
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue
    const e = entry as Record<string, unknown>
    if (castBoolean(e.consolidated ?? '1') !== 1) continue
    const id = readId(e.id)
    if (!id.ok || id.value === null) errors.add('purchase_orders', t.invalid)
    else if (!ids.includes(id.value)) ids.push(id.value)
  }
  return ids
}

interface PurchasingVariables {
  item_for_consolidates: number | null
  special_invoice_prefix: string
  special_invoice_next: number
}

function specialPrerequisites(db: Sqlite, statements: StatementCache, entityId: number, errors: ReturnType<typeof errorMessagesFor>) {
  const settings = readSettings(db)
  const chargeTerm = settings.special_invoice_charge_term
    ? statements
        .get<[number], number>('SELECT id FROM charge_terms WHERE entity_id = ? AND force_price_without_taxes = 1 ORDER BY id LIMIT 1')
        .pluck()
        .get(entityId)
    : undefined
  const variables = statements.get<[number], PurchasingVariables>('SELECT * FROM purchasing_variables WHERE entity_id = ?').get(entityId)
  const itemId = settings.item_for_consolidates ? (variables?.item_for_consolidates ?? undefined) : undefined
  const numbering = settings.special_invoice_numbering && variables ? variables : undefined
  if (chargeTerm === undefined) errors.add('charge_term_id', consolidateText.noChargeTerm)
  if (itemId === undefined) errors.add('item_id', consolidateText.noItem)
  if (numbering === undefined) errors.add('id_number', consolidateText.noNumbering)
  return { chargeTerm, itemId, numbering }
}

/** POST create and create_for_special_invoice: the consolidate and its members in one transaction, or the field errors. */
export function createConsolidate(db: Sqlite, statements: StatementCache, req: CreateRequest): SaveOutcome {
  return db.transaction((): SaveOutcome => {
    const errors = errorMessagesFor()
    const name = castText(req.body.name)
    const description = castText(req.body.description)
    if (!name) errors.add('name', t.blank)
    const ids = markedOrders(req.body.purchase_orders_attributes, errors)
    if (ids.length === 0) errors.add('purchase_orders', consolidateText.noOrders)
    for (const id of ids) {
      const order = findPurchaseOrder(statements, req.entityId, id)
      if (!order || !isConsolidable(order, req.special)) errors.add('purchase_orders', consolidateText.notConsolidable(id))
    }
    const pre = req.special ? specialPrerequisites(db, statements, req.entityId, errors) : undefined
    if (errors.any()) return { kind: 'invalid', errors: errors.fields }

    const zid =
      (statements.get<[number], number | null>('SELECT MAX(zid) FROM consolidates WHERE entity_id = ?').pluck().get(req.entityId) ?? 0) + 1
    let idNumber: string | null = null
    if (pre?.numbering) {
      idNumber = `${pre.numbering.special_invoice_prefix}${String(pre.numbering.special_invoice_next).padStart(6, '0')}`
      statements
        .get('UPDATE purchasing_variables SET special_invoice_next = special_invoice_next + 1 WHERE entity_id = ?')
        .run(req.entityId)
    }
    const id = statements
      .get(
        `INSERT INTO consolidates (zid, entity_id, user_id, name, description, item_id, charge_term_id, special_invoice, issued_at, id_number, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        zid,
        req.entityId,
        req.userId,
        name,
        description,
        pre?.itemId ?? null,
        pre?.chargeTerm ?? null,
        req.special ? 1 : 0,
        req.special ? req.now : null,
        idNumber,
        req.now,
        req.now,
      ).lastInsertRowid as number
    // Each order keeps its identity and points at the consolidate.
    const mark = statements.get('UPDATE purchase_orders SET consolidate_id = ?, updated_at = ?, updater_id = ? WHERE id = ?')
    for (const orderId of ids) mark.run(id, req.now, req.userId, orderId)
    return { kind: 'saved', id }
  })()
}

/** PUT: name and description only (the spec); other keys are ignored, as strong parameters would. */
export function updateConsolidate(
  statements: StatementCache,
  existing: ConsolidateRow,
  body: Record<string, unknown>,
  now: string,
): SaveOutcome {
  const errors = errorMessagesFor()
  const name = 'name' in body ? castText(body.name) : (existing.name as string)
  const description = 'description' in body ? castText(body.description) : existing.description
  if (!name) errors.add('name', t.blank)
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }
  statements
    .get('UPDATE consolidates SET name = ?, description = ?, updated_at = ? WHERE id = ?')
    .run(name, description ?? null, now, existing.id)
  return { kind: 'saved', id: existing.id }
}

/** DELETE: the orders are released (consolidate_id back to null) and stay as they were otherwise. */
export function deleteConsolidate(db: Sqlite, consolidate: ConsolidateRow, now: string): void {
  db.transaction(() => {
    db.prepare('UPDATE purchase_orders SET consolidate_id = NULL, updated_at = ? WHERE consolidate_id = ?').run(now, consolidate.id)
    db.prepare('DELETE FROM consolidates WHERE id = ?').run(consolidate.id)
  })()
}
