import type { DomainTable } from './domainTable'

/**
 * The administration and apps area: piecework type groups (payroll
 * settings) and dynamic tables (WebApp Tables) with their rows. A dynamic
 * table's columns are two parallel JSON arrays, names and types, as the
 * service's create payload gives them, and `structure`, the `{name: type}`
 * object the service answers with (the SDK's WebAppTableGraphQL), written
 * once at creation since columns never change; a row's data is a JSON object keyed by
 * column name. Ids are AUTOINCREMENT so a deleted record's id never returns.
 */
export const adminTables: readonly DomainTable[] = [
  {
    name: 'piecework_type_groups',
    ddl: [
      `CREATE TABLE piecework_type_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        zid INTEGER NOT NULL,
        name TEXT NOT NULL,
        id_number TEXT,
        description TEXT,
        creator_id INTEGER REFERENCES users(id),
        updater_id INTEGER REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (entity_id, zid)
      ) STRICT`,
    ],
  },
  {
    name: 'webapp_tables',
    ddl: [
      `CREATE TABLE webapp_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL,
        rows_structure TEXT NOT NULL,
        rows_type TEXT NOT NULL,
        structure TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`,
    ],
  },
  {
    name: 'webapp_table_rows',
    ddl: [
      `CREATE TABLE webapp_table_rows (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        webapp_table_id INTEGER NOT NULL REFERENCES webapp_tables(id) ON DELETE CASCADE,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX webapp_table_rows_table ON webapp_table_rows(webapp_table_id)`,
    ],
  },
  {
    // The real service's root for rows (the SDK's getWebAppRowsByWebAppTableId): the same rows, so the
    // interface's webapp_table_rows and the SDK's webapp_rows can never disagree.
    name: 'webapp_rows',
    ddl: [
      `CREATE VIEW webapp_rows AS
       SELECT id, entity_id, webapp_table_id, data, created_at, updated_at FROM webapp_table_rows`,
    ],
  },
]
