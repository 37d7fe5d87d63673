import type { DomainTable } from './domainTable'

/**
 * The purchasing area: currencies, suppliers (payees), charge terms, the
 * purchasing variables (item_for_consolidates), purchase orders with their
 * lines, consolidates, and receptions with theirs. Money amounts and
 * quantities are decimal text, as the service gives them; exchange_rate is a
 * number (the spec: "number or null").
 */
export const purchasingTables: readonly DomainTable[] = [
  {
    // Currencies are shared by every entity (an entity names its own through entities.currency_id).
    name: 'currencies',
    // prefix: the real service's name for what the screens show before an amount (docs: CurrencyGraphQL); symbol is ours.
    // country: the real service's (SDK CurrencyGraphQL, read by getCurrencies); a plain string there, a country's name here.
    ddl: [
      `CREATE TABLE currencies (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT NOT NULL, symbol TEXT NOT NULL, prefix TEXT GENERATED ALWAYS AS (symbol) VIRTUAL, country TEXT) STRICT`,
    ],
  },
  {
    name: 'payees',
    ddl: [
      `CREATE TABLE payees (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL, tin TEXT, address TEXT, email TEXT, phone TEXT,
        currency_id INTEGER REFERENCES currencies(id),
        active INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'charge_terms',
    ddl: [
      `CREATE TABLE charge_terms (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL,
        days INTEGER NOT NULL,
        force_price_without_taxes INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    // One row per entity: the purchasing variables (the spec names item_for_consolidates).
    name: 'purchasing_variables',
    ddl: [
      `CREATE TABLE purchasing_variables (
        entity_id INTEGER PRIMARY KEY REFERENCES entities(id),
        item_for_consolidates INTEGER REFERENCES items(id),
        special_invoice_prefix TEXT NOT NULL,
        special_invoice_next INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'consolidates',
    ddl: [
      `CREATE TABLE consolidates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        zid INTEGER NOT NULL,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        user_id INTEGER REFERENCES users(id),
        name TEXT NOT NULL,
        description TEXT,
        item_id INTEGER REFERENCES items(id),
        charge_term_id INTEGER REFERENCES charge_terms(id),
        -- ours: 1 for a special-invoice consolidate
        special_invoice INTEGER NOT NULL,
        issued_at TEXT,
        id_number TEXT, resolution TEXT, resolution_date TEXT, authorized_serial TEXT, electronic_tax_document TEXT,
        electronic_authorization_supporting_document TEXT, document_external_storage_certified_response TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        UNIQUE (entity_id, zid)
      ) STRICT`,
    ],
  },
  {
    name: 'purchase_orders',
    ddl: [
      `CREATE TABLE purchase_orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        zid INTEGER NOT NULL,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        id_number TEXT, uuid TEXT NOT NULL, reference TEXT NOT NULL, memo TEXT NOT NULL, invoice TEXT NOT NULL,
        issue_date TEXT NOT NULL, shipping_date TEXT NOT NULL, delivery_date TEXT, payment_expected_at TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        authorized_at TEXT, received_at TEXT, paid_at TEXT, voided_at TEXT,
        subtotal TEXT NOT NULL, discount TEXT NOT NULL, total TEXT NOT NULL, due TEXT NOT NULL, not_included_vat TEXT NOT NULL,
        income_taxes_withheld TEXT NOT NULL, vat_withheld TEXT NOT NULL,
        tax1 TEXT, tax2 TEXT, tax3 TEXT, tax4 TEXT, shipping TEXT, other_charges TEXT,
        exchange_rate REAL,
        authorized INTEGER NOT NULL, received INTEGER NOT NULL, voided INTEGER NOT NULL, paid INTEGER NOT NULL,
        import INTEGER NOT NULL, taxable INTEGER NOT NULL, exempt INTEGER NOT NULL, small_taxpayer INTEGER NOT NULL, pos INTEGER NOT NULL,
        charge_term_id INTEGER REFERENCES charge_terms(id),
        purchaser_id INTEGER, payee_id INTEGER REFERENCES payees(id), receiver_id INTEGER, voider_id INTEGER, creator_id INTEGER,
        updater_id INTEGER, authorizer_id INTEGER,
        consolidate_id INTEGER REFERENCES consolidates(id),
        agency_id INTEGER REFERENCES agencies(id), incoterm_id INTEGER, currency_id INTEGER REFERENCES currencies(id), contract_id INTEGER,
        incoterm_destination TEXT NOT NULL, origin TEXT NOT NULL, transport_type TEXT NOT NULL, forwarder TEXT NOT NULL, shipment_reference TEXT,
        purchase_order_details_count INTEGER NOT NULL, discharge_details_count INTEGER NOT NULL, charges_count INTEGER NOT NULL,
        image_url TEXT, image_reception_url TEXT, pdf_url TEXT, external_image_url TEXT,
        -- "null or value" fields, JSON text or NULL
        resolution TEXT, resolution_date TEXT, authorized_serial TEXT, electronic_authorization_supporting_document TEXT,
        electronic_tax_document TEXT, document_external_storage_certified_response TEXT,
        document_external_storage_certified_response_for_voiding TEXT,
        UNIQUE (entity_id, zid)
      ) STRICT`,
      `CREATE INDEX purchase_orders_entity ON purchase_orders(entity_id)`,
      `CREATE INDEX purchase_orders_consolidate ON purchase_orders(consolidate_id)`,
    ],
  },
  {
    name: 'purchase_order_details',
    ddl: [
      `CREATE TABLE purchase_order_details (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        purchase_order_id INTEGER NOT NULL REFERENCES purchase_orders(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        quantity TEXT NOT NULL,
        -- ours: what receptions (not returned) have brought in so far
        received_quantity TEXT NOT NULL,
        price TEXT NOT NULL,
        total TEXT NOT NULL,
        -- the expiry the goods of the line will carry (docs: PurchaseOrderDetailsGraphQL.expire_date); set for perishable items
        expire_date TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        -- the real service's names for the same values (docs: PurchaseOrderDetailsGraphQL)
        booked_quantity TEXT GENERATED ALWAYS AS (quantity) VIRTUAL,
        delivered_quantity TEXT GENERATED ALWAYS AS (received_quantity) VIRTUAL,
        unit_cost TEXT GENERATED ALWAYS AS (price) VIRTUAL
      ) STRICT`,
      `CREATE INDEX purchase_order_details_order ON purchase_order_details(purchase_order_id)`,
    ],
  },
  {
    name: 'receptions',
    ddl: [
      `CREATE TABLE receptions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        purchase_order_id INTEGER NOT NULL REFERENCES purchase_orders(id),
        invoice_number TEXT,
        receiver_id INTEGER,
        received INTEGER NOT NULL,
        received_at TEXT NOT NULL,
        voider_id INTEGER,
        voided INTEGER NOT NULL,
        voided_at TEXT,
        image_url TEXT,
        memo TEXT,
        agency_id INTEGER NOT NULL REFERENCES agencies(id),
        needs_transit INTEGER,
        async_message TEXT,
        -- ours: the rate used for this reception when the order's currency is not the entity's
        exchange_rate REAL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX receptions_order ON receptions(purchase_order_id)`,
    ],
  },
  {
    name: 'reception_details',
    ddl: [
      `CREATE TABLE reception_details (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        reception_id INTEGER NOT NULL REFERENCES receptions(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        purchase_order_detail_id INTEGER NOT NULL REFERENCES purchase_order_details(id),
        quantity TEXT NOT NULL,
        lot_id INTEGER REFERENCES lots(id),
        -- the lot as the client sent it (docs: ReceptionDetailsGraphQL, "x | x[]"): JSON text, one value or an array
        lot_name TEXT, lot_expire TEXT, lot_delivered_quantity TEXT, lot_description TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX reception_details_reception ON reception_details(reception_id)`,
    ],
  },
]
