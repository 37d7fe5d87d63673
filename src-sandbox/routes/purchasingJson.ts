import type { CurrencyRow, NamedRef, PurchaseOrderDetailRow, PurchaseOrderRow } from '../model/purchaseOrders'
import { toDetailTimestamp, toIsoTimestamp } from '../timestamps'
import type { JsonStyle } from './bundleJson'

/**
 * Purchasing records as JSON in the spec's two styles: *list* (listings and
 * creates: integers as numbers, ISO 8601 times) and *detail* (show, edit,
 * update, new: integers as strings, zone-less times). Amounts and quantities
 * are decimal strings in both.
 */
type Row = Record<string, string | number | null>

const intIn = (style: JsonStyle, v: string | number | null) => (v === null || style === 'list' ? v : String(v))
const timeIn = (style: JsonStyle, v: string | number | null) =>
  v === null ? null : style === 'list' ? toIsoTimestamp(String(v)) : toDetailTimestamp(String(v))
const json = (v: string | number | null): unknown => (v === null ? null : (JSON.parse(String(v)) as unknown))
const bool = (v: string | number | null) => v === 1

const orderInts = [
  'id',
  'zid',
  'charge_term_id',
  'purchaser_id',
  'payee_id',
  'entity_id',
  'receiver_id',
  'voider_id',
  'creator_id',
  'updater_id',
  'authorizer_id',
  'consolidate_id',
  'agency_id',
  'incoterm_id',
  'currency_id',
  'contract_id',
  'purchase_order_details_count',
  'discharge_details_count',
  'charges_count',
]
const orderTexts = [
  'id_number',
  'uuid',
  'reference',
  'memo',
  'invoice',
  'issue_date',
  'shipping_date',
  'delivery_date',
  'payment_expected_at',
  'subtotal',
  'discount',
  'total',
  'due',
  'not_included_vat',
  'income_taxes_withheld',
  'vat_withheld',
  'tax1',
  'tax2',
  'tax3',
  'tax4',
  'shipping',
  'incoterm_destination',
  'origin',
  'transport_type',
  'forwarder',
  'shipment_reference',
  'external_image_url',
]
const orderTimes = ['created_at', 'updated_at', 'authorized_at', 'received_at', 'paid_at', 'voided_at']
const orderFlags = ['authorized', 'received', 'voided', 'paid', 'import', 'taxable', 'exempt', 'small_taxpayer', 'pos']
const orderJsonFields = [
  'other_charges',
  'resolution',
  'resolution_date',
  'authorized_serial',
  'electronic_authorization_supporting_document',
  'electronic_tax_document',
  'document_external_storage_certified_response',
  'document_external_storage_certified_response_for_voiding',
]

/** Ours (extensions only): an order's supplier and currency as objects, beside the spec's payee_id and currency_id. */
export interface OrderExtras {
  payee: NamedRef | null
  currency: CurrencyRow | null
}

/** Every field of the spec's purchase order; then, with the extensions on, `payee` and `currency` (ours). */
export function purchaseOrderJson(o: PurchaseOrderRow, extras: OrderExtras | null, style: JsonStyle) {
  const out: Record<string, unknown> = {}
  for (const k of orderInts) out[k] = intIn(style, o[k] ?? null)
  for (const k of orderTexts) out[k] = o[k] ?? null
  for (const k of orderTimes) out[k] = timeIn(style, o[k] ?? null)
  for (const k of orderFlags) out[k] = bool(o[k] ?? null)
  for (const k of orderJsonFields) out[k] = json(o[k] ?? null)
  out.exchange_rate = o.exchange_rate ?? null
  out.image = { url: o.image_url ?? null, standard: { url: o.image_url ?? null } }
  out.image_reception = { url: o.image_reception_url ?? null, standard: { url: o.image_reception_url ?? null } }
  out.pdf = { url: o.pdf_url ?? null, thumbnail: { url: o.pdf_url ?? null } }
  if (extras) {
    out.payee = extras.payee
    out.currency = extras.currency
  }
  return out
}

/** A line as the SDK types it (PurchaseOrderDetailsGraphQL): what a reception create answers with, extensions off. */
export function purchaseOrderDetailSdkJson(d: PurchaseOrderDetailRow, style: JsonStyle) {
  return {
    id: intIn(style, d.id),
    item_id: intIn(style, d.item_id),
    reference: null,
    unit_cost: d.price,
    booked_quantity: d.quantity,
    delivered_quantity: d.received_quantity,
    tag_id: null,
    expire_date: d.expire_date ?? null,
  }
}

/** A line with what is still pending (quantity − received_quantity): ours, extensions on. */
export function purchaseOrderDetailJson(d: PurchaseOrderDetailRow, style: JsonStyle, pending?: string) {
  return {
    id: intIn(style, d.id),
    purchase_order_id: intIn(style, d.purchase_order_id),
    item_id: intIn(style, d.item_id),
    quantity: d.quantity,
    received_quantity: d.received_quantity,
    ...(pending === undefined ? {} : { pending_quantity: pending }),
    price: d.price,
    total: d.total,
    entity_id: intIn(style, d.entity_id),
    created_at: timeIn(style, d.created_at),
    updated_at: timeIn(style, d.updated_at),
  }
}

const consolidateInts = ['id', 'zid', 'entity_id', 'user_id', 'item_id', 'charge_term_id']
const consolidateTexts = ['name', 'description', 'id_number']
const consolidateValues = [
  'resolution',
  'resolution_date',
  'authorized_serial',
  'electronic_tax_document',
  'electronic_authorization_supporting_document',
  'document_external_storage_certified_response',
]

/** The spec's Consolidate; then, with the extensions on, `special_invoice` and `purchase_orders` (ours, the members). */
export function consolidateJson(c: Row, orders: readonly ReturnType<typeof purchaseOrderJson>[] | null, style: JsonStyle) {
  const out: Record<string, unknown> = {}
  for (const k of consolidateInts) out[k] = intIn(style, c[k] ?? null)
  for (const k of consolidateTexts) out[k] = c[k] ?? null
  for (const k of consolidateValues) out[k] = c[k] ?? null
  out.issued_at = timeIn(style, c.issued_at ?? null)
  out.created_at = timeIn(style, c.created_at ?? null)
  out.updated_at = timeIn(style, c.updated_at ?? null)
  if (orders) {
    out.special_invoice = c.special_invoice === 1
    out.purchase_orders = orders
  }
  return out
}

/** The spec's Reception; then, given its details (extensions on), `exchange_rate` and `reception_details` (ours). */
export function receptionJson(r: Row, details: readonly Row[] | null, style: JsonStyle) {
  const ints = ['id', 'purchase_order_id', 'receiver_id', 'voider_id', 'agency_id', 'entity_id']
  const out: Record<string, unknown> = {}
  for (const k of ints) out[k] = intIn(style, r[k] ?? null)
  out.invoice_number = r.invoice_number ?? null
  out.received = r.received === 1
  out.received_at = timeIn(style, r.received_at ?? null)
  out.voided = r.voided === 1
  out.voided_at = timeIn(style, r.voided_at ?? null)
  out.created_at = timeIn(style, r.created_at ?? null)
  out.updated_at = timeIn(style, r.updated_at ?? null)
  out.image = { url: r.image_url ?? null }
  out.memo = r.memo ?? null
  out.needs_transit = r.needs_transit === null || r.needs_transit === undefined ? null : r.needs_transit === 1
  out.async_message = r.async_message ?? null
  if (!details) return out
  out.exchange_rate = r.exchange_rate ?? null
  out.reception_details = details.map((d) => ({
    id: intIn(style, d.id ?? null),
    item_id: intIn(style, d.item_id ?? null),
    purchase_order_detail_id: intIn(style, d.purchase_order_detail_id ?? null),
    quantity: d.quantity,
    lot_id: intIn(style, d.lot_id ?? null),
    lot_name: d.lot_name ?? null,
    lot_expires: d.lot_expires ?? null,
  }))
  return out
}
