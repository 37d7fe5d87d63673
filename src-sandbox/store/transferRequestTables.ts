import type { DomainTable } from './domainTable'

/**
 * Transfer requests (ours: DESIGN lists them as a sandbox addition): one
 * agency asks for goods to be sent from an origin to a destination. A request
 * is pending until it is voided or a booking is made from it ("a booking can
 * be created from a pending transfer request, copying its products,
 * quantities, origin, destination and planned delivery").
 */
export const transferRequestTables: readonly DomainTable[] = [
  {
    name: 'transfer_requests',
    ddl: [
      `CREATE TABLE transfer_requests (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        agency_from_id INTEGER NOT NULL REFERENCES agencies(id),
        agency_to_id INTEGER NOT NULL REFERENCES agencies(id),
        planned_delivery TEXT NOT NULL,
        reference TEXT,
        voided INTEGER NOT NULL,
        booked INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX transfer_requests_entity ON transfer_requests(entity_id)`,
    ],
  },
  {
    name: 'transfer_request_lines',
    ddl: [
      `CREATE TABLE transfer_request_lines (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        transfer_request_id INTEGER NOT NULL REFERENCES transfer_requests(id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES items(id),
        -- A decimal string, like movements.booked_quantity.
        quantity TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX transfer_request_lines_request ON transfer_request_lines(transfer_request_id)`,
    ],
  },
]
