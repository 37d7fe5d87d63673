import type { DomainTable } from './domainTable'

/**
 * Shipments (the spec's Shipment: a booking, then a shipment in transit) and
 * their movements (lines). The seed holds past, delivered ones (so that some
 * bundles have movements and cannot be deleted) and the bookings area's open,
 * in-transit and voided ones. A movement keeps the bundle it was expanded
 * from ("bundles chosen in a booking are expanded into their components").
 * Ids are AUTOINCREMENT so a deleted booking's id is never handed out again.
 */
export const shipmentTables: readonly DomainTable[] = [
  {
    name: 'shipments',
    ddl: [
      `CREATE TABLE shipments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        zid INTEGER NOT NULL,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        payee_id INTEGER,
        booker_id INTEGER REFERENCES users(id),
        shipper_id INTEGER REFERENCES users(id),
        deliverer_id INTEGER REFERENCES users(id),
        voider_id INTEGER REFERENCES users(id),
        returner_id INTEGER REFERENCES users(id),
        creator_id INTEGER REFERENCES users(id),
        updater_id INTEGER REFERENCES users(id),
        transporter_id INTEGER,
        contract_id INTEGER,
        inventory_audit_id INTEGER,
        ecommerce_request_id INTEGER,
        reception_id INTEGER,
        transfer_request_id INTEGER,
        agency_from_id INTEGER REFERENCES agencies(id),
        agency_to_id INTEGER REFERENCES agencies(id),
        id_number TEXT, reference TEXT, memo TEXT, address_from TEXT, address_to TEXT, uuid TEXT,
        external_image_url TEXT, authorized_serial TEXT, electronic_authorization_supporting_document TEXT,
        electronic_tax_document TEXT, stock_corrections TEXT,
        needs_transport INTEGER NOT NULL, income INTEGER NOT NULL, shipped INTEGER NOT NULL, delivered INTEGER NOT NULL,
        voided INTEGER NOT NULL, returned INTEGER NOT NULL, pos INTEGER NOT NULL, issue_external_document INTEGER NOT NULL,
        planned_shipping TEXT, planned_delivery TEXT,
        shipped_at TEXT, delivered_at TEXT, voided_at TEXT, returned_at TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        booking_image_url TEXT, shipping_image_url TEXT, delivery_image_url TEXT,
        movements_count INTEGER NOT NULL,
        lock_version INTEGER NOT NULL,
        -- JSON text or NULL: the spec says only "null or value".
        document_external_storage_certified_response TEXT,
        document_external_storage_certified_response_for_voiding TEXT,
        UNIQUE (entity_id, zid)
      ) STRICT`,
      `CREATE INDEX shipments_entity ON shipments(entity_id)`,
      // The booking list reads the open bookings of one origin agency.
      `CREATE INDEX shipments_agency_from ON shipments(agency_from_id)`,
    ],
  },
  {
    // Pictures taken at a booking's three steps (its `booking_image`, `shipping_image`, `delivery_image`).
    // The bytes live here, as a bundle's images do; the shipments row keeps the URL the answers give.
    name: 'shipment_images',
    ddl: [
      `CREATE TABLE shipment_images (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        step TEXT NOT NULL CHECK (step IN ('booking', 'shipping', 'delivery')),
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        uploaded_at TEXT NOT NULL,
        PRIMARY KEY (shipment_id, step)
      ) STRICT`,
    ],
  },
  {
    name: 'movements',
    ddl: [
      `CREATE TABLE movements (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES items(id),
        lot_id INTEGER REFERENCES lots(id),
        booked_quantity TEXT NOT NULL,
        -- What arrived (docs: the transit delivery's delivered_quantity); NULL until the shipment is delivered.
        delivered_quantity TEXT,
        serial_number TEXT,
        reference TEXT,
        -- Set when the line came from expanding a bundle; such a bundle can no longer be deleted.
        bundle_id INTEGER REFERENCES bundles(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX movements_shipment ON movements(shipment_id)`,
      `CREATE INDEX movements_bundle ON movements(bundle_id)`,
      `CREATE INDEX movements_item ON movements(item_id)`,
    ],
  },
]
