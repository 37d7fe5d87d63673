import { array, col, flags, ids, object, opt, texts } from './columnHelpers'
import type { TableDescription } from './tableDescription'

/**
 * The bookings area's tables: `shipments` with `movements` (docs: the SDK
 * reads them), transfer requests with their lines and the POS settings
 * (ours: DESIGN lists them as sandbox additions). See ../ADDITIONS.md.
 */

export const bookingTables: readonly TableDescription[] = [
  {
    name: 'shipments',
    primaryKey: 'id',
    entityScoped: true,
    // Every scalar field of the spec's Shipment; the three image uploads and the two "null or value" JSON fields are REST only.
    columns: [
      col('id', 'bigint'),
      col('zid', 'Int'),
      col('entity_id', 'bigint'),
      ...ids(
        'payee_id',
        'booker_id',
        'shipper_id',
        'deliverer_id',
        'voider_id',
        'returner_id',
        'creator_id',
        'updater_id',
        'transporter_id',
        'contract_id',
        'inventory_audit_id',
        'ecommerce_request_id',
        'reception_id',
        'transfer_request_id',
        'agency_from_id',
        'agency_to_id',
      ),
      ...texts(
        'id_number',
        'reference',
        'memo',
        'address_from',
        'address_to',
        'uuid',
        'external_image_url',
        'authorized_serial',
        'electronic_authorization_supporting_document',
        'electronic_tax_document',
        'stock_corrections',
      ),
      ...flags('needs_transport', 'income', 'shipped', 'delivered', 'voided', 'returned', 'pos', 'issue_external_document'),
      opt('planned_shipping', 'date'),
      opt('planned_delivery', 'date'),
      opt('shipped_at', 'timestamp'),
      opt('delivered_at', 'timestamp'),
      opt('voided_at', 'timestamp'),
      opt('returned_at', 'timestamp'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
      col('movements_count', 'Int'),
      col('lock_version', 'Int'),
    ],
    relations: [
      array('movements', 'movements', 'shipment_id'),
      object('agency_from', 'agencies', 'agency_from_id'),
      object('agency_to', 'agencies', 'agency_to_id'),
      object('transfer_request', 'transfer_requests', 'transfer_request_id'),
    ],
  },
  {
    name: 'movements',
    primaryKey: 'id',
    entityScoped: true,
    // booked_quantity is numeric, as in the real service: stored as decimal text ("2.0", as REST gives it), served as a number.
    columns: [
      col('id', 'bigint'),
      col('shipment_id', 'bigint'),
      col('item_id', 'bigint'),
      opt('lot_id', 'bigint'),
      col('booked_quantity', 'numeric'),
      opt('delivered_quantity', 'numeric'),
      opt('serial_number', 'String'),
      opt('reference', 'String'),
      opt('bundle_id', 'bigint'),
      col('entity_id', 'bigint'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [
      object('shipment', 'shipments', 'shipment_id'),
      object('item', 'items', 'item_id'),
      object('lot', 'lots', 'lot_id'),
      object('bundle', 'bundles', 'bundle_id'),
    ],
  },
  {
    name: 'transfer_requests',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('agency_from_id', 'bigint'),
      col('agency_to_id', 'bigint'),
      col('planned_delivery', 'date'),
      opt('reference', 'String'),
      col('voided', 'Boolean'),
      col('booked', 'Boolean'),
      col('entity_id', 'bigint'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [
      array('transfer_request_lines', 'transfer_request_lines', 'transfer_request_id'),
      object('agency_from', 'agencies', 'agency_from_id'),
      object('agency_to', 'agencies', 'agency_to_id'),
      array('shipments', 'shipments', 'transfer_request_id'),
    ],
  },
  {
    name: 'transfer_request_lines',
    primaryKey: 'id',
    entityScoped: true,
    // quantity is numeric, like movements.booked_quantity.
    columns: [
      col('id', 'bigint'),
      col('transfer_request_id', 'bigint'),
      col('item_id', 'bigint'),
      col('quantity', 'numeric'),
      col('entity_id', 'bigint'),
    ],
    relations: [object('transfer_request', 'transfer_requests', 'transfer_request_id'), object('item', 'items', 'item_id')],
  },
  {
    // One row per entity (id = entity id), a view over the settings the control door writes.
    name: 'pos_settings',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('entity_id', 'bigint'), col('filter_destinations_by_agency_category', 'Boolean')],
    relations: [],
  },
]
