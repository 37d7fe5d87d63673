import type { AgencyRow } from '../model/agencies'
import type { MovementFields, ShipmentFields } from '../model/shipments'
import { toDetailTimestamp, toIsoTimestamp } from '../timestamps'
import type { JsonStyle } from './bundleJson'

/**
 * A shipment (booking) as JSON, in the spec's two styles. *List* (index and
 * create): every integer a number, timestamps ISO 8601. *Detail* (show, edit,
 * new, update, ship, deliver): every integer a string — ids, foreign keys,
 * movements_count and lock_version — and timestamps `YYYY-MM-DD
 * HH:MM:SS.ffffff` without zone, as ship and deliver answer on the real
 * service. Dates are `YYYY-MM-DD` in both.
 */
type Int = number | string | null

function intIn(style: JsonStyle, v: number | null): Int {
  return v === null || style === 'list' ? v : String(v)
}

function timeIn(style: JsonStyle, stored: string | null): string | null {
  if (stored === null) return null
  return style === 'list' ? toIsoTimestamp(stored) : toDetailTimestamp(stored)
}

/** An upload: null without a file (the spec's "file reference or null"), `{url}` with one. */
function upload(url: string | null): { url: string } | null {
  return url === null ? null : { url }
}

/** JSON text stored for the spec's "null or value" fields. */
function jsonValue(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown)
}

export function movementJson(m: MovementFields, style: JsonStyle) {
  const id = (v: number | null) => intIn(style, v)
  return {
    id: id(m.id),
    item_id: id(m.item_id),
    lot_id: id(m.lot_id),
    booked_quantity: m.booked_quantity,
    delivered_quantity: m.delivered_quantity,
    serial_number: m.serial_number,
    reference: m.reference,
    bundle_id: id(m.bundle_id),
  }
}

/**
 * Every field of the spec's Shipment, then `movements` (ours: an extension, left out when the
 * sandbox runs without extensions, as nothing public shows the real answers carrying lines).
 */
export function shipmentJson(s: ShipmentFields, movements: readonly MovementFields[], style: JsonStyle, extensions: boolean) {
  const id = (v: number | null) => intIn(style, v)
  const time = (v: string | null) => timeIn(style, v)
  return {
    id: id(s.id),
    zid: id(s.zid),
    entity_id: id(s.entity_id),
    payee_id: id(s.payee_id),
    booker_id: id(s.booker_id),
    shipper_id: id(s.shipper_id),
    deliverer_id: id(s.deliverer_id),
    voider_id: id(s.voider_id),
    returner_id: id(s.returner_id),
    creator_id: id(s.creator_id),
    updater_id: id(s.updater_id),
    transporter_id: id(s.transporter_id),
    contract_id: id(s.contract_id),
    inventory_audit_id: id(s.inventory_audit_id),
    ecommerce_request_id: id(s.ecommerce_request_id),
    reception_id: id(s.reception_id),
    transfer_request_id: id(s.transfer_request_id),
    agency_from_id: id(s.agency_from_id),
    agency_to_id: id(s.agency_to_id),
    id_number: s.id_number,
    reference: s.reference,
    memo: s.memo,
    address_from: s.address_from,
    address_to: s.address_to,
    uuid: s.uuid,
    external_image_url: s.external_image_url,
    authorized_serial: s.authorized_serial,
    electronic_authorization_supporting_document: s.electronic_authorization_supporting_document,
    electronic_tax_document: s.electronic_tax_document,
    stock_corrections: s.stock_corrections,
    needs_transport: s.needs_transport === 1,
    income: s.income === 1,
    shipped: s.shipped === 1,
    delivered: s.delivered === 1,
    voided: s.voided === 1,
    returned: s.returned === 1,
    pos: s.pos === 1,
    issue_external_document: s.issue_external_document === 1,
    planned_shipping: s.planned_shipping,
    planned_delivery: s.planned_delivery,
    shipped_at: time(s.shipped_at),
    delivered_at: time(s.delivered_at),
    voided_at: time(s.voided_at),
    returned_at: time(s.returned_at),
    created_at: time(s.created_at),
    updated_at: time(s.updated_at),
    booking_image: upload(s.booking_image_url),
    shipping_image: upload(s.shipping_image_url),
    delivery_image: upload(s.delivery_image_url),
    movements_count: id(s.movements_count),
    lock_version: id(s.lock_version),
    document_external_storage_certified_response: jsonValue(s.document_external_storage_certified_response),
    document_external_storage_certified_response_for_voiding: jsonValue(s.document_external_storage_certified_response_for_voiding),
    ...(extensions ? { movements: movements.map((m) => movementJson(m, style)) } : {}),
  }
}

/** A destination the booking form offers (new.json and edit.json), ids in detail style. */
export function destinationJson(a: AgencyRow) {
  return {
    id: String(a.id),
    name: a.name,
    address: a.address,
    agency_category_id: a.agency_category_id === null ? null : String(a.agency_category_id),
  }
}
