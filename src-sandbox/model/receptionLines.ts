import Decimal from 'decimal.js'
import type { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { castDate, castText, readId } from './railsCast'
import { parseDecimal, railsDecimalString, type DecimalParse } from './railsDecimal'
import type { PurchaseOrderDetailRow } from './purchaseOrders'
import { itemFacts, pendingOf, receptionText, type ItemFacts } from './receptions'
import { validationText as t } from './validationText'

type Errors = ReturnType<typeof errorMessagesFor>

export interface LotPart {
  quantity: Decimal
  lotName: string | null
  lotExpires: string | null
  description: string | null
}

/** A line of a reception's create that passed its checks, ready to be written. */
export interface AcceptedLine {
  detail: PurchaseOrderDetailRow
  item: ItemFacts
  /** One per lot received on the line (one for goods without lots). */
  parts: LotPart[]
  /** The lot fields came as arrays (docs: the SDK) rather than single values (the spec's older form). */
  asArrays: boolean
}

type LineLots = ReturnType<typeof lotsOf>

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

function sumOf(values: unknown[]): DecimalParse {
  let total = new Decimal(0)
  for (const v of values) {
    const p = parseDecimal(v)
    if (!p.ok) return p
    total = total.plus(p.value)
  }
  return { ok: true, value: total }
}

/** The lots a perishable line receives into, each named and dated; a missing field is an error of the line. */
function perishableParts(lots: LineLots, quantity: DecimalParse, errors: Errors): LotPart[] {
  const parts: LotPart[] = []
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
  return parts
}

/** The order's line an entry receives into, checked (item, what is still pending); undefined after adding its error. */
function orderLineOf(
  e: Record<string, unknown>,
  quantity: Decimal,
  details: Map<number, PurchaseOrderDetailRow>,
  taken: Map<number, Decimal>,
  errors: Errors,
): PurchaseOrderDetailRow | undefined {
  const detailId = readId(e.purchase_order_detail_id)
  const detail = detailId.ok && detailId.value !== null ? details.get(detailId.value) : undefined
  if (!detail) {
    errors.add('reception_details.purchase_order_detail_id', t.mustExist)
    return undefined
  }
  const itemId = e.item_id === undefined ? { ok: true as const, value: detail.item_id } : readId(e.item_id)
  if (!itemId.ok || itemId.value !== detail.item_id) {
    errors.add('reception_details.item_id', t.invalid)
    return undefined
  }
  const before = taken.get(detail.id) ?? new Decimal(0)
  const pending = pendingOf(detail).minus(before)
  if (quantity.gt(pending)) {
    errors.add('reception_details.quantity', receptionText.overReceived(railsDecimalString(pending)))
    return undefined
  }
  taken.set(detail.id, before.plus(quantity))
  return detail
}

/** One entry of reception_details_attributes: the line it accepts, or undefined (skipped at zero, or its error added). */
function acceptedLine(
  statements: StatementCache,
  e: Record<string, unknown>,
  details: Map<number, PurchaseOrderDetailRow>,
  taken: Map<number, Decimal>,
  errors: Errors,
): AcceptedLine | undefined {
  const lots = lotsOf(e)
  // docs (the SDK): a line with lots sends no quantity, only one delivered quantity per lot; the spec: quantity.
  const quantity = e.quantity === undefined && lots.delivered.length > 0 ? sumOf(lots.delivered) : parseDecimal(e.quantity)
  if (!quantity.ok) {
    errors.add('reception_details.quantity', quantity.reason === 'blank' ? t.blank : t.notANumber)
    return undefined
  }
  // A line left at zero is a product that did not come this time.
  if (quantity.value.isZero()) return undefined
  if (quantity.value.lt(0)) {
    errors.add('reception_details.quantity', t.greaterThan(0))
    return undefined
  }
  const detail = orderLineOf(e, quantity.value, details, taken, errors)
  if (!detail) return undefined
  const item = itemFacts(statements, detail.item_id)!
  const parts = item.perishable
    ? perishableParts(lots, quantity, errors)
    : [{ quantity: quantity.value, lotName: null, lotExpires: null, description: null }]
  return { detail, item, parts, asArrays: lots.asArrays }
}

/**
 * The lines of a reception's create (an array or a Rails-style indexed object), each checked against the
 * order's lines in `details`: what more than one line takes of an order line counts against its pending.
 */
export function acceptedLines(
  statements: StatementCache,
  raw: unknown,
  details: Map<number, PurchaseOrderDetailRow>,
  errors: Errors,
): AcceptedLine[] {
  const entries = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : []
  const accepted: AcceptedLine[] = []
  const taken = new Map<number, Decimal>()
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue
    const line = acceptedLine(statements, entry as Record<string, unknown>, details, taken, errors)
    if (line) accepted.push(line)
  }
  return accepted
}
