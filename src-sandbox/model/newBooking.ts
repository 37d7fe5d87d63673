import { dateInZone } from '@shared/localDate'
import type { AgencyRow } from './agencies'
import type { MovementFields, ShipmentFields } from './shipments'
import type { TransferRequestLineRow, TransferRequestRow } from './transferRequests'

/**
 * The blank booking of new.json, filled the way the spec's form rules say:
 * origin = the caller's agency, planned_delivery = today in the caller's
 * zone, booker = the caller, needs_transport = true. From a pending transfer
 * request, its origin, destination, planned delivery and lines are copied.
 */
export interface NewBookingInput {
  entityId: number
  userId: number
  userZone: string
  now: Date
  /** The caller's agency, or the request's origin. */
  origin: AgencyRow | undefined
  /** The request's destination, when there is a request. */
  destination?: AgencyRow
  fromRequest?: { request: TransferRequestRow; lines: readonly TransferRequestLineRow[] }
}

export function newBooking(input: NewBookingInput): { shipment: ShipmentFields; movements: MovementFields[] } {
  const request = input.fromRequest?.request
  const shipment: ShipmentFields = {
    id: null,
    zid: null,
    entity_id: input.entityId,
    payee_id: null,
    booker_id: input.userId,
    shipper_id: null,
    deliverer_id: null,
    voider_id: null,
    returner_id: null,
    creator_id: null,
    updater_id: null,
    transporter_id: null,
    contract_id: null,
    inventory_audit_id: null,
    ecommerce_request_id: null,
    reception_id: null,
    transfer_request_id: request?.id ?? null,
    agency_from_id: input.origin?.id ?? null,
    agency_to_id: input.destination?.id ?? null,
    id_number: null,
    reference: null,
    memo: null,
    address_from: input.origin?.address ?? null,
    address_to: input.destination?.address ?? null,
    uuid: null,
    external_image_url: null,
    authorized_serial: null,
    electronic_authorization_supporting_document: null,
    electronic_tax_document: null,
    stock_corrections: null,
    needs_transport: 1,
    income: 0,
    shipped: 0,
    delivered: 0,
    voided: 0,
    returned: 0,
    pos: 1,
    issue_external_document: 0,
    planned_shipping: null,
    planned_delivery: request?.planned_delivery ?? dateInZone(input.now, input.userZone),
    shipped_at: null,
    delivered_at: null,
    voided_at: null,
    returned_at: null,
    created_at: null,
    updated_at: null,
    booking_image_url: null,
    shipping_image_url: null,
    delivery_image_url: null,
    movements_count: input.fromRequest?.lines.length ?? 0,
    lock_version: 0,
    document_external_storage_certified_response: null,
    document_external_storage_certified_response_for_voiding: null,
  }
  const movements: MovementFields[] = (input.fromRequest?.lines ?? []).map((l) => ({
    id: null,
    item_id: l.item_id,
    // The service picks the default lot when the booking is saved.
    lot_id: null,
    booked_quantity: l.quantity,
    delivered_quantity: null,
    serial_number: null,
    reference: null,
    bundle_id: null,
  }))
  return { shipment, movements }
}
