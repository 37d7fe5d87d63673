import { array, col, object, opt } from './columnHelpers'
import type { TableDescription } from './tableDescription'

/**
 * The purchasing area's tables: `purchase_orders` with
 * `purchase_order_details`, `receptions` with `reception_details` and
 * `consolidates` (docs: the SDK reads them); currencies, payees and charge
 * terms (ours: the screens name a supplier and a currency). Amounts and
 * quantities are `numeric`, as in the real service (stored as the decimal text REST gives). See ../ADDITIONS.md.
 */
const ids = (...names: string[]) => names.map((n) => opt(n, 'bigint'))
const texts = (...names: string[]) => names.map((n) => opt(n, 'String'))
const flags = (...names: string[]) => names.map((n) => col(n, 'Boolean'))
const stamps = (...names: string[]) => names.map((n) => opt(n, 'timestamp'))

export const purchasingTables: readonly TableDescription[] = [
  {
    name: 'currencies',
    primaryKey: 'id',
    entityScoped: false,
    columns: [col('id', 'bigint'), col('code', 'String'), col('name', 'String'), col('symbol', 'String'), col('prefix', 'String')],
    relations: [],
  },
  {
    name: 'payees',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('entity_id', 'bigint'), col('name', 'String'), ...texts('tin', 'address', 'email', 'phone'), opt('currency_id', 'bigint'), col('active', 'Boolean')],
    relations: [object('currency', 'currencies', 'currency_id'), array('purchase_orders', 'purchase_orders', 'payee_id')],
  },
  {
    name: 'charge_terms',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('entity_id', 'bigint'), col('name', 'String'), col('days', 'Int'), col('force_price_without_taxes', 'Boolean')],
    relations: [],
  },
  {
    name: 'purchase_orders',
    primaryKey: 'id',
    entityScoped: true,
    // The spec's scalar fields; the uploads (image, image_reception, pdf) and the "null or value" JSON fields are REST only.
    columns: [
      col('id', 'bigint'),
      col('zid', 'Int'),
      col('entity_id', 'bigint'),
      opt('id_number', 'String'),
      col('uuid', 'String'),
      col('reference', 'String'),
      col('memo', 'String'),
      col('invoice', 'String'),
      col('issue_date', 'date'),
      col('shipping_date', 'date'),
      opt('delivery_date', 'date'),
      col('payment_expected_at', 'date'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
      ...stamps('authorized_at', 'received_at', 'paid_at', 'voided_at'),
      ...['subtotal', 'discount', 'total', 'due', 'not_included_vat', 'income_taxes_withheld', 'vat_withheld'].map((n) => col(n, 'numeric')),
      ...texts('tax1', 'tax2', 'tax3', 'tax4', 'shipping'),
      opt('other_charges', 'numeric'),
      opt('exchange_rate', 'Float'),
      ...flags('authorized', 'received', 'voided', 'paid', 'import', 'taxable', 'exempt', 'small_taxpayer', 'pos'),
      ...ids(
        'charge_term_id', 'purchaser_id', 'payee_id', 'receiver_id', 'voider_id', 'creator_id', 'updater_id', 'authorizer_id',
        'consolidate_id', 'agency_id', 'incoterm_id', 'currency_id', 'contract_id',
      ),
      ...['incoterm_destination', 'origin', 'transport_type', 'forwarder'].map((n) => col(n, 'String')),
      opt('shipment_reference', 'String'),
      col('purchase_order_details_count', 'Int'),
      col('discharge_details_count', 'Int'),
      col('charges_count', 'Int'),
      opt('external_image_url', 'String'),
    ],
    relations: [
      array('purchase_order_details', 'purchase_order_details', 'purchase_order_id'),
      array('receptions', 'receptions', 'purchase_order_id'),
      object('payee', 'payees', 'payee_id'),
      object('currency', 'currencies', 'currency_id'),
      object('consolidate', 'consolidates', 'consolidate_id'),
      object('agency', 'agencies', 'agency_id'),
    ],
  },
  {
    name: 'purchase_order_details',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('entity_id', 'bigint'),
      col('purchase_order_id', 'bigint'),
      col('item_id', 'bigint'),
      col('quantity', 'numeric'),
      col('received_quantity', 'numeric'),
      col('price', 'numeric'),
      col('total', 'numeric'),
      // The real service's names (docs): the same values as quantity, received_quantity and price.
      col('booked_quantity', 'numeric'),
      col('delivered_quantity', 'numeric'),
      col('unit_cost', 'numeric'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [object('purchase_order', 'purchase_orders', 'purchase_order_id'), object('item', 'items', 'item_id')],
  },
  {
    name: 'consolidates',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('zid', 'Int'),
      col('entity_id', 'bigint'),
      ...ids('user_id', 'item_id', 'charge_term_id'),
      col('name', 'String'),
      opt('description', 'String'),
      col('special_invoice', 'Boolean'),
      opt('issued_at', 'timestamp'),
      ...texts('id_number', 'resolution', 'resolution_date', 'authorized_serial', 'electronic_tax_document', 'electronic_authorization_supporting_document'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [array('purchase_orders', 'purchase_orders', 'consolidate_id'), object('item', 'items', 'item_id'), object('charge_term', 'charge_terms', 'charge_term_id')],
  },
  {
    name: 'receptions',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('entity_id', 'bigint'),
      col('purchase_order_id', 'bigint'),
      opt('invoice_number', 'String'),
      ...ids('receiver_id', 'voider_id'),
      opt('needs_transit', 'Boolean'),
      col('received', 'Boolean'),
      col('received_at', 'timestamp'),
      col('voided', 'Boolean'),
      opt('voided_at', 'timestamp'),
      opt('memo', 'String'),
      col('agency_id', 'bigint'),
      opt('async_message', 'String'),
      opt('exchange_rate', 'Float'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [
      array('reception_details', 'reception_details', 'reception_id'),
      object('purchase_order', 'purchase_orders', 'purchase_order_id'),
      object('agency', 'agencies', 'agency_id'),
    ],
  },
  {
    name: 'reception_details',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('entity_id', 'bigint'),
      col('reception_id', 'bigint'),
      col('item_id', 'bigint'),
      col('purchase_order_detail_id', 'bigint'),
      col('quantity', 'numeric'),
      opt('lot_id', 'bigint'),
      // docs: one value or one per lot (JSON), as the reception was written
      ...['lot_name', 'lot_expire', 'lot_delivered_quantity', 'lot_description'].map((n) => opt(n, 'jsonb')),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    relations: [object('reception', 'receptions', 'reception_id'), object('item', 'items', 'item_id'), object('lot', 'lots', 'lot_id'), object('purchase_order_detail', 'purchase_order_details', 'purchase_order_detail_id')],
  },
]
