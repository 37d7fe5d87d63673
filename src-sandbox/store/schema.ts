import type { DomainTable } from './domainTable'
import { adminTables } from './adminTables'
import { bundleTables } from './bundleTables'
import { posSettingsView } from './posSettingsView'
import { purchasingTables } from './purchasingTables'
import { shipmentTables } from './shipmentTables'
import { transferRequestTables } from './transferRequestTables'

/**
 * The sandbox store's tables. Each service area adds its statements to
 * `domainTables` (in dependency order) and bumps `schemaVersion`; a store
 * written by another version is re-seeded rather than migrated, because
 * training data is disposable and the seed is the truth.
 */
export const schemaVersion = 10

/** Sandbox bookkeeping: survives a reset (the JWT secret, which seed and scale the data came from). */
export const metaTable = `CREATE TABLE IF NOT EXISTS sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT`

export const domainTables: readonly DomainTable[] = [
  {
    // Settings the control door changes (POS settings and the like); JSON values.
    name: 'sandbox_settings',
    ddl: [`CREATE TABLE sandbox_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT`],
  },
  {
    // An entity is a company: the company response is this row.
    name: 'entities',
    ddl: [
      `CREATE TABLE entities (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        tin TEXT, currency_id INTEGER, entity_type_id INTEGER, industry TEXT, web TEXT, notes TEXT,
        vat REAL, vat_included INTEGER,
        logo_url TEXT, logo_2_url TEXT, report_logo_url TEXT,
        distributor INTEGER, costing_method TEXT, address TEXT, state TEXT, city TEXT, income_tax REAL,
        distributor_contract_id INTEGER, producer_contract_id INTEGER,
        legal_representative_name TEXT, legal_representative_identification TEXT,
        legal_representative_birthday TEXT, legal_representative_gender INTEGER,
        legal_representative_marital_status TEXT, legal_representative_occupation TEXT,
        legal_representative_nationality TEXT,
        exporter_code TEXT, payee_activity_id INTEGER, taxpayer_registry TEXT, donation_acceptance_code TEXT,
        country_id INTEGER,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'users',
    ddl: [
      `CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        token TEXT NOT NULL,
        name TEXT NOT NULL,
        mobile_phone TEXT,
        language TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'memberships',
    ddl: [
      `CREATE TABLE memberships (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        current INTEGER NOT NULL,
        active INTEGER NOT NULL,
        UNIQUE (user_id, entity_id)
      ) STRICT`,
    ],
  },
  {
    name: 'agency_categories',
    ddl: [
      `CREATE TABLE agency_categories (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'agencies',
    ddl: [
      `CREATE TABLE agencies (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        agency_category_id INTEGER REFERENCES agency_categories(id),
        name TEXT NOT NULL,
        address TEXT,
        active INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX agencies_entity ON agencies(entity_id)`,
    ],
  },
  {
    name: 'employees',
    ddl: [
      `CREATE TABLE employees (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        user_id INTEGER REFERENCES users(id),
        agency_id INTEGER REFERENCES agencies(id),
        name TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX employees_user ON employees(user_id)`,
    ],
  },
  {
    name: 'item_categories',
    ddl: [
      `CREATE TABLE item_categories (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'items',
    ddl: [
      `CREATE TABLE items (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        zid INTEGER NOT NULL,
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        ean13 TEXT,
        description TEXT,
        item_category_id INTEGER REFERENCES item_categories(id),
        measurement_unit TEXT,
        active INTEGER NOT NULL,
        price TEXT NOT NULL,
        -- Perishable goods are received into dated lots (purchasing).
        perishable INTEGER NOT NULL DEFAULT 0,
        UNIQUE (entity_id, zid),
        UNIQUE (entity_id, code)
      ) STRICT`,
      `CREATE INDEX items_category ON items(item_category_id)`,
    ],
  },
  {
    name: 'lots',
    ddl: [
      `CREATE TABLE lots (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        name TEXT NOT NULL,
        expires TEXT
      ) STRICT`,
      `CREATE INDEX lots_item ON lots(item_id)`,
      `CREATE INDEX lots_entity ON lots(entity_id)`,
    ],
  },
  {
    name: 'lot_stocks',
    ddl: [
      `CREATE TABLE lot_stocks (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        lot_id INTEGER NOT NULL REFERENCES lots(id),
        agency_id INTEGER NOT NULL REFERENCES agencies(id),
        -- Net of earmarks, as the service gives it: on hand minus booked.
        available REAL NOT NULL,
        -- Earmarked by open bookings of this agency (ours: makes "on hand" visible).
        booked REAL NOT NULL DEFAULT 0,
        on_hand REAL GENERATED ALWAYS AS (available + booked) VIRTUAL,
        UNIQUE (lot_id, agency_id)
      ) STRICT`,
      `CREATE INDEX lot_stocks_agency ON lot_stocks(agency_id)`,
      `CREATE INDEX lot_stocks_entity ON lot_stocks(entity_id)`,
    ],
  },
  ...bundleTables,
  ...transferRequestTables,
  ...shipmentTables,
  ...purchasingTables,
  posSettingsView,
  ...adminTables,
]
