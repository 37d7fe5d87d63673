/**
 * The fields of the service's REST answers as public material shows them: the records that
 * docs/service-interface.md lists, and for the answers it leaves "not shown", what the SDK
 * (intuitiva/zauru-typescript-sdk) or the docs (intuitiva/docs-zauru) show. This is the one place
 * they are written: the REST field-list test (test/integration/sandbox/documentedRest.test.ts)
 * holds every answer of the sandbox, extensions off, against them; the sandbox derives nothing
 * from them. src-sandbox/ADDITIONS.md names the source of each field that is not the interface's.
 */

/** Interface, "Bundle". */
const bundle = [
  'id',
  'zid',
  'active',
  'code',
  'ean13',
  'name',
  'description',
  'extra_description',
  'entity_id',
  'updater_id',
  'created_at',
  'updated_at',
  'bundle_details_count',
  'pays_vat',
  'quotable',
  'ecommerce',
  'sellable',
  'purchasable',
  'force_as_service_for_document_external_storage_service',
  'category_bundle',
  'item_category_id',
  'item_country_code_id',
  'weight',
  'volume',
  'measurement_unit',
  'color',
  'image',
  'image2',
  'image3',
  'image4',
  'image5',
  'youtube_video_url',
  // The interface's `<model>_q4f16_embedding`: the real name carries a model's name, the sandbox's is nomic.
  'nomic_q4f16_embedding',
]

/** Interface, "Purchase order (entries returned by the consolidation listings)". */
const purchaseOrder = [
  ...['id', 'zid', 'id_number', 'uuid', 'reference', 'memo', 'invoice'],
  ...['issue_date', 'shipping_date', 'delivery_date', 'payment_expected_at'],
  ...['created_at', 'updated_at', 'authorized_at', 'received_at', 'paid_at', 'voided_at'],
  ...['subtotal', 'discount', 'total', 'due', 'not_included_vat', 'income_taxes_withheld', 'vat_withheld'],
  ...['tax1', 'tax2', 'tax3', 'tax4', 'shipping', 'other_charges', 'exchange_rate'],
  ...['authorized', 'received', 'voided', 'paid', 'import', 'taxable', 'exempt', 'small_taxpayer', 'pos'],
  ...['charge_term_id', 'purchaser_id', 'payee_id', 'entity_id', 'receiver_id', 'voider_id', 'creator_id', 'updater_id'],
  ...['authorizer_id', 'consolidate_id', 'agency_id', 'incoterm_id', 'currency_id', 'contract_id'],
  ...['incoterm_destination', 'origin', 'transport_type', 'forwarder', 'shipment_reference'],
  ...['purchase_order_details_count', 'discharge_details_count', 'charges_count'],
  ...['image', 'image_reception', 'pdf', 'external_image_url'],
  ...['resolution', 'resolution_date', 'authorized_serial', 'electronic_authorization_supporting_document'],
  ...['electronic_tax_document', 'document_external_storage_certified_response'],
  'document_external_storage_certified_response_for_voiding',
]

/** Interface, "Consolidate". */
const consolidate = [
  ...['id', 'zid', 'name', 'description', 'entity_id', 'user_id', 'item_id', 'issued_at', 'charge_term_id', 'id_number'],
  ...['resolution', 'resolution_date', 'authorized_serial', 'electronic_tax_document'],
  ...['electronic_authorization_supporting_document', 'document_external_storage_certified_response'],
  ...['created_at', 'updated_at'],
]

/** Interface, "Shipment (booking record)". */
const shipment = [
  ...['id', 'zid', 'entity_id', 'payee_id', 'booker_id', 'shipper_id', 'deliverer_id', 'voider_id', 'returner_id'],
  ...['creator_id', 'updater_id', 'transporter_id', 'contract_id', 'inventory_audit_id', 'ecommerce_request_id'],
  ...['reception_id', 'transfer_request_id', 'agency_from_id', 'agency_to_id'],
  ...['id_number', 'reference', 'memo', 'address_from', 'address_to', 'uuid', 'external_image_url', 'authorized_serial'],
  ...['electronic_authorization_supporting_document', 'electronic_tax_document', 'stock_corrections'],
  ...['needs_transport', 'income', 'shipped', 'delivered', 'voided', 'returned', 'pos', 'issue_external_document'],
  ...['planned_shipping', 'planned_delivery', 'shipped_at', 'delivered_at', 'voided_at', 'returned_at', 'created_at', 'updated_at'],
  ...['booking_image', 'shipping_image', 'delivery_image', 'movements_count', 'lock_version'],
  ...['document_external_storage_certified_response', 'document_external_storage_certified_response_for_voiding'],
]

/** Interface, "Reception". */
const reception = [
  ...['id', 'purchase_order_id', 'invoice_number', 'receiver_id', 'received', 'received_at', 'voider_id', 'voided'],
  ...['voided_at', 'created_at', 'updated_at', 'image', 'memo', 'agency_id', 'entity_id', 'needs_transit', 'async_message'],
]

/** Interface, "Piecework type group". */
const pieceworkGroup = [
  'id',
  'zid',
  'name',
  'id_number',
  'description',
  'creator_id',
  'updater_id',
  'entity_id',
  'created_at',
  'updated_at',
]

/** Interface, "User profile, membership and company". */
const profile = ['id', 'email', 'name', 'language', 'time_zone']
const membership = ['id', 'current', 'active', 'entity']
const membershipEntity = ['id', 'name']
const company = [
  ...['id', 'name', 'tin', 'currency_id', 'entity_type_id', 'industry', 'web', 'notes', 'vat', 'vat_included'],
  ...['logo', 'logo_2', 'report_logo', 'created_at', 'updated_at', 'distributor', 'costing_method', 'address', 'state'],
  ...['city', 'income_tax', 'distributor_contract_id', 'producer_contract_id', 'legal_representative_name'],
  ...['legal_representative_identification', 'legal_representative_birthday', 'legal_representative_gender'],
  ...['legal_representative_marital_status', 'legal_representative_occupation', 'legal_representative_nationality'],
  ...['exporter_code', 'payee_activity_id', 'taxpayer_registry', 'donation_acceptance_code', 'country_id'],
]

/** Interface, "GraphQL token response". */
const graphqlToken = ['status', 'message', 'token', 'expires', 'expiresMsg', 'graphqlUrl']

/** Interface, "Document structure descriptor": each value of the object keyed by field name. */
const documentField = ['type', 'required', 'default']

/**
 * Each entry: the fields an answer may carry, and whether it must carry all of them. An interface
 * record is exact. An SDK type is a partial view of what the real service answers, so an answer the
 * interface leaves "not shown" may carry fewer of its fields, never another.
 */
export interface FieldList {
  fields: readonly string[]
  exact: boolean
}
const exact = (fields: readonly string[]): FieldList => ({ fields, exact: true })
const atMost = (fields: readonly string[]): FieldList => ({ fields, exact: false })

export const documentedRest = {
  bundle: exact(bundle),
  /** Interface: the show is "bundle with its components and associated forms"; the SDK types create and update as the bundle with bundle_details (BundleGraphQL). */
  bundleWithComponents: exact([...bundle, 'bundle_details', 'forms']),
  /** Interface: bundle component fields item_id, quantity, id ("other component fields: not shown"); SDK BundleDetailsGraphQL the same. */
  bundleComponent: atMost(['id', 'item_id', 'quantity']),
  purchaseOrder: exact(purchaseOrder),
  /** SDK PurchaseOrderDetailsGraphQL: what a reception create answers with ("the purchase order details"). */
  purchaseOrderDetail: atMost([
    'id',
    'item_id',
    'reference',
    'unit_cost',
    'booked_quantity',
    'delivered_quantity',
    'tag_id',
    'expire_date',
  ]),
  /** Interface: reception create answers "the purchase order details rather than the reception": the order and its lines. */
  orderWithDetails: exact([...purchaseOrder, 'purchase_order_details']),
  consolidate: exact(consolidate),
  shipment: exact(shipment),
  reception: exact(reception),
  pieceworkGroup: exact(pieceworkGroup),
  profileAnswer: exact(['profile', 'memberships']),
  profile: exact(profile),
  membership: exact(membership),
  membershipEntity: exact(membershipEntity),
  company: exact(company),
  graphqlToken: exact(graphqlToken),
  documentField: exact(documentField),
  /** SDK WebAppTableGraphQL (zauru-web-app-tables.ts types the REST answers with it). */
  webappTable: atMost(['id', 'zid', 'entity_id', 'name', 'structure', 'creator_id', 'updater_id', 'created_at', 'updated_at']),
  /** SDK WebAppTableUpdateResponse (Custom.types.ts): how zauru-web-app-tables.ts types a row's REST answers. */
  webappRow: atMost(['id', 'webapp_table_id', 'data', 'creator_id', 'updater_id', 'created_at', 'updated_at']),
  /**
   * Ours: nothing public shows an entry of get_dynamic_items_with_stock (interface: "shape of each item:
   * not shown"; the SDK does not call it). Listed in ADDITIONS.md until a public source shows it.
   */
  dynamicItem: exact(['item_id', 'code', 'name', 'available']),
} as const satisfies Record<string, FieldList>

export type DocumentedRecord = keyof typeof documentedRest
