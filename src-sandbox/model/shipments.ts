import type { StatementCache } from '../store/statementCache'

/** A shipments row as stored: booleans 0/1, timestamps in stored form, uploads as URLs. */
export interface ShipmentRow {
  id: number
  zid: number
  entity_id: number
  payee_id: number | null
  booker_id: number | null
  shipper_id: number | null
  deliverer_id: number | null
  voider_id: number | null
  returner_id: number | null
  creator_id: number | null
  updater_id: number | null
  transporter_id: number | null
  contract_id: number | null
  inventory_audit_id: number | null
  ecommerce_request_id: number | null
  reception_id: number | null
  transfer_request_id: number | null
  agency_from_id: number | null
  agency_to_id: number | null
  id_number: string | null
  reference: string | null
  memo: string | null
  address_from: string | null
  address_to: string | null
  uuid: string | null
  external_image_url: string | null
  authorized_serial: string | null
  electronic_authorization_supporting_document: string | null
  electronic_tax_document: string | null
  stock_corrections: string | null
  needs_transport: number
  income: number
  shipped: number
  delivered: number
  voided: number
  returned: number
  pos: number
  issue_external_document: number
  planned_shipping: string | null
  planned_delivery: string | null
  shipped_at: string | null
  delivered_at: string | null
  voided_at: string | null
  returned_at: string | null
  created_at: string
  updated_at: string
  booking_image_url: string | null
  shipping_image_url: string | null
  delivery_image_url: string | null
  movements_count: number
  lock_version: number
  document_external_storage_certified_response: string | null
  document_external_storage_certified_response_for_voiding: string | null
}

/** A line of a shipment. */
export interface MovementRow {
  id: number
  shipment_id: number
  item_id: number
  lot_id: number | null
  booked_quantity: string
  delivered_quantity: string | null
  serial_number: string | null
  reference: string | null
  bundle_id: number | null
}

/** The fields a shipment JSON is made from: a stored row, or the blank record of new.json (no id, no timestamps). */
export type ShipmentFields = Omit<ShipmentRow, 'id' | 'zid' | 'created_at' | 'updated_at' | 'uuid'> & {
  id: number | null
  zid: number | null
  uuid: string | null
  created_at: string | null
  updated_at: string | null
}

export interface MovementFields {
  id: number | null
  item_id: number
  lot_id: number | null
  booked_quantity: string
  delivered_quantity: string | null
  serial_number: string | null
  reference: string | null
  bundle_id: number | null
}

/** The spec's list rule: a booking is open until it is shipped, delivered, voided or returned. */
export const openBookingCondition = 'shipped = 0 AND delivered = 0 AND voided = 0 AND returned = 0'

export function findShipment(statements: StatementCache, entityId: number, id: number): ShipmentRow | undefined {
  return statements.get<[number, number], ShipmentRow>('SELECT * FROM shipments WHERE id = ? AND entity_id = ?').get(id, entityId)
}

/** Open bookings whose origin is the agency, oldest first. */
export function openBookingsFrom(statements: StatementCache, entityId: number, agencyId: number): ShipmentRow[] {
  return statements
    .get<[number, number], ShipmentRow>(
      `SELECT * FROM shipments WHERE entity_id = ? AND agency_from_id = ? AND ${openBookingCondition} ORDER BY id`,
    )
    .all(entityId, agencyId)
}

const movementColumns = 'id, shipment_id, item_id, lot_id, booked_quantity, delivered_quantity, serial_number, reference, bundle_id'

export function movementsOf(statements: StatementCache, shipmentId: number): MovementRow[] {
  return statements.get<[number], MovementRow>(`SELECT ${movementColumns} FROM movements WHERE shipment_id = ? ORDER BY id`).all(shipmentId)
}

/** The lines of many shipments in one statement, by shipment. */
export function movementsByShipment(statements: StatementCache, shipmentIds: readonly number[]): Map<number, MovementRow[]> {
  const rows = statements
    .get<[string], MovementRow>(
      `SELECT ${movementColumns} FROM movements WHERE shipment_id IN (SELECT value FROM json_each(?)) ORDER BY shipment_id, id`,
    )
    .all(JSON.stringify(shipmentIds))
  const byShipment = new Map<number, MovementRow[]>(shipmentIds.map((id) => [id, []]))
  for (const row of rows) byShipment.get(row.shipment_id)?.push(row)
  return byShipment
}
