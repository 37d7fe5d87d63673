/**
 * The schemas of our databases, one numbered step each. Step N brings
 * `user_version` from N-1 to N. Never edit a step that has shipped; add one.
 */

const documents = `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE documents (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);`

/** account.sqlite: what the app keeps of a user before an entity is chosen. */
export const accountMigrations: readonly string[] = [documents]

/** What this computer booked and the service has not confirmed, summed from the bookings. */
const fillUnsentBooked = `INSERT INTO unsent_booked (agency_id, item_id, micro)
     SELECT b.agency_from_id, json_extract(l.value, '$.item_id'), SUM(${micro('l')})
     FROM bookings b, json_each(b.lines) l WHERE ${counts('b')} GROUP BY 1, 2;`

const bookingColumns = `local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
     transfer_request_id, lines, shipped, delivered, deleted, lock_version, created_at, updated_at, shipped_at, delivered_at,
     booker_id, origin`

/**
 * entity-N.sqlite: one (service, user, entity). Catalogue tables are replaced
 * whole by each pull (see snapshotSwap.ts): their indexes end in __a or __b so
 * the next snapshot's can coexist with the live ones until the swap.
 */
export const entityMigrations: readonly string[] = [
  documents,
  // 2: the offline catalogue.
  `CREATE TABLE item_categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
   CREATE TABLE agencies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, agency_category_id INTEGER);
   CREATE TABLE items (
     id INTEGER PRIMARY KEY, code TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL, ean13 TEXT COLLATE NOCASE,
     measurement_unit TEXT, item_category_id INTEGER, active INTEGER NOT NULL);
   CREATE INDEX items_code__a ON items (code);
   CREATE INDEX items_ean13__a ON items (ean13);
   CREATE INDEX items_category__a ON items (item_category_id);
   CREATE VIRTUAL TABLE item_fts USING fts5(code, name, ean13, content='', contentless_delete=1, prefix='2 3', tokenize='unicode61 remove_diacritics 2');
   CREATE TABLE lots (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, name TEXT, expires TEXT);
   CREATE INDEX lots_item__a ON lots (item_id, expires);
   CREATE TABLE lot_stocks (lot_id INTEGER NOT NULL, agency_id INTEGER NOT NULL, available REAL NOT NULL, PRIMARY KEY (lot_id, agency_id)) WITHOUT ROWID;
   CREATE TABLE stock (item_id INTEGER NOT NULL, agency_id INTEGER NOT NULL, available REAL NOT NULL, PRIMARY KEY (item_id, agency_id)) WITHOUT ROWID;
   CREATE TABLE bundles (
     id INTEGER PRIMARY KEY, code TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL COLLATE NOCASE, ean13 TEXT COLLATE NOCASE,
     active INTEGER NOT NULL, category_bundle INTEGER NOT NULL, item_category_id INTEGER, components INTEGER NOT NULL,
     tags TEXT NOT NULL);
   CREATE INDEX bundles_code__a ON bundles (code);
   CREATE INDEX bundles_ean13__a ON bundles (ean13);
   CREATE INDEX bundles_active__a ON bundles (active, code);
   -- The whole normalised record, apart so that scans of bundles stay small.
   CREATE TABLE bundle_records (id INTEGER PRIMARY KEY, record TEXT NOT NULL);
   CREATE TABLE bundle_components (bundle_id INTEGER NOT NULL, id INTEGER, item_id INTEGER NOT NULL, quantity TEXT NOT NULL);
   CREATE INDEX bundle_components_bundle__a ON bundle_components (bundle_id);
   CREATE TABLE bundle_tags (tag TEXT NOT NULL, bundle_id INTEGER NOT NULL, PRIMARY KEY (tag, bundle_id)) WITHOUT ROWID;
   CREATE VIRTUAL TABLE bundle_fts USING fts5(code, name, ean13, tags, content='', contentless_delete=1, prefix='2 3', tokenize='unicode61 remove_diacritics 2');`,
  // 3: bookings written here first, and the outbox that carries them to the service.
  `CREATE TABLE bookings (
     local_id TEXT PRIMARY KEY, service_id INTEGER UNIQUE, state TEXT NOT NULL,
     agency_from_id INTEGER NOT NULL, agency_to_id INTEGER NOT NULL, planned_delivery TEXT NOT NULL, reference TEXT,
     needs_transport INTEGER NOT NULL, transfer_request_id INTEGER, lines TEXT NOT NULL,
     shipped INTEGER NOT NULL DEFAULT 0, delivered INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
     lock_version INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, local_id TEXT NOT NULL REFERENCES bookings (local_id),
     op TEXT NOT NULL, payload TEXT NOT NULL, marker TEXT NOT NULL UNIQUE, state TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, last_error TEXT, created_at TEXT NOT NULL, sent_at TEXT);
   CREATE INDEX outbox_open ON outbox (state, local_id, seq);`,
  // 4: when a booking left and arrived, for the dispatch screen; who booked it.
  `ALTER TABLE bookings ADD COLUMN shipped_at TEXT;
   ALTER TABLE bookings ADD COLUMN delivered_at TEXT;
   ALTER TABLE bookings ADD COLUMN booker_id INTEGER;`,
  // 5: the outbox answers its frequent questions by index (each booking's head, the earliest due time,
  // the history to prune) or from counts its triggers keep (the status after every commit), and what this computer booked but the service has not confirmed is kept
  // per agency and item by triggers, in the transaction of each change, instead of being summed from
  // every waiting booking's lines at each commit. Quantities in millionths: integer sums never drift.
  `CREATE INDEX outbox_booking ON outbox (local_id, seq);
   CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state IN ('queued', 'unknown');
   CREATE INDEX outbox_done ON outbox (sent_at) WHERE state = 'done';
   CREATE TABLE outbox_counts (state TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
   INSERT INTO outbox_counts (state, n) SELECT state, count(*) FROM outbox GROUP BY state;
   CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox BEGIN
     INSERT INTO outbox_counts (state, n) VALUES (NEW.state, 1) ON CONFLICT (state) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox BEGIN
     UPDATE outbox_counts SET n = n - 1 WHERE state = OLD.state;
   END;
   CREATE TRIGGER outbox_counts_update AFTER UPDATE OF state ON outbox WHEN OLD.state != NEW.state BEGIN
     UPDATE outbox_counts SET n = n - 1 WHERE state = OLD.state;
     INSERT INTO outbox_counts (state, n) VALUES (NEW.state, 1) ON CONFLICT (state) DO UPDATE SET n = n + 1;
   END;
   CREATE TABLE unsent_booked (agency_id INTEGER NOT NULL, item_id INTEGER NOT NULL, micro INTEGER NOT NULL, PRIMARY KEY (agency_id, item_id)) WITHOUT ROWID;
   ${unsentTrigger('INSERT', [], ['NEW'])}
   ${unsentTrigger('DELETE', ['OLD'], [])}
   ${unsentTrigger('UPDATE OF lines, service_id, deleted, state, agency_from_id', ['OLD'], ['NEW'])}
   ${fillUnsentBooked}`,
  // 6: where a booking was made ('here', or 'service': read from it, made elsewhere), so one made elsewhere
  // is named by its number alone, not by a local reference nobody saw (src-shared/bookingIdentity.ts).
  // Existing rows: ours are those never numbered, drafts, and those whose create went through our outbox
  // (a ship or deliver queued here for a booking made elsewhere does not make it ours). A create pruned
  // from the history after its retention leaves its booking taken for one made elsewhere: its number alone.
  `ALTER TABLE bookings ADD COLUMN origin TEXT NOT NULL DEFAULT 'here' CHECK (origin IN ('here', 'service'));
   UPDATE bookings SET origin = 'service'
     WHERE service_id IS NOT NULL AND state != 'draft'
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.local_id = bookings.local_id AND o.op = 'create');`,
  // 7: a create held for the clerk keeps the service's look-alikes it is compared with (JSON, bookingReconcile.ts).
  `ALTER TABLE outbox ADD COLUMN candidates TEXT;`,
  // 8: whether an agency is active (1 or 0), so a booking to a closed one is refused at entry; null in a
  // snapshot pulled before this was read, and then nothing is refused for it.
  `ALTER TABLE agencies ADD COLUMN active INTEGER;`,
  // 9: a draft may be kept before its destination is chosen (agency_to_id nullable; a booking that goes out
  // still needs one: bookingsService). SQLite changes a column's constraint only by rebuilding the table
  // (openMigrated turns the foreign keys off around the step); its triggers go with it and are made again.
  `CREATE TABLE bookings_new (
     local_id TEXT PRIMARY KEY, service_id INTEGER UNIQUE, state TEXT NOT NULL,
     agency_from_id INTEGER NOT NULL, agency_to_id INTEGER, planned_delivery TEXT NOT NULL, reference TEXT,
     needs_transport INTEGER NOT NULL, transfer_request_id INTEGER, lines TEXT NOT NULL,
     shipped INTEGER NOT NULL DEFAULT 0, delivered INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
     lock_version INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
     shipped_at TEXT, delivered_at TEXT, booker_id INTEGER,
     origin TEXT NOT NULL DEFAULT 'here' CHECK (origin IN ('here', 'service')));
   INSERT INTO bookings_new (${bookingColumns}) SELECT ${bookingColumns} FROM bookings;
   DROP TABLE bookings;
   ALTER TABLE bookings_new RENAME TO bookings;
   ${unsentTrigger('INSERT', [], ['NEW'])}
   ${unsentTrigger('DELETE', ['OLD'], [])}
   ${unsentTrigger('UPDATE OF lines, service_id, deleted, state, agency_from_id', ['OLD'], ['NEW'])}
   DELETE FROM unsent_booked;
   ${fillUnsentBooked}`,
  // 10: pictures taken at a booking's steps, their bytes kept here until the service shows them
  // (sync/outbox/pictureQueue.ts). Their own queue: a picture never holds or fails its booking's entries.
  `CREATE TABLE booking_pictures (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     local_id TEXT NOT NULL, marker TEXT NOT NULL,
     step TEXT NOT NULL CHECK (step IN ('booking', 'shipping', 'delivery')),
     mime TEXT NOT NULL, bytes BLOB NOT NULL, taken_by TEXT NOT NULL, taken_at TEXT NOT NULL,
     state TEXT NOT NULL DEFAULT 'waiting'
       CHECK (state IN ('waiting', 'sending', 'unknown', 'sent', 'refused', 'unsupported')),
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, last_error TEXT,
     before_url TEXT, url TEXT, sent_at TEXT);
   CREATE INDEX booking_pictures_booking ON booking_pictures (local_id, step);
   CREATE INDEX booking_pictures_due ON booking_pictures (next_attempt_at) WHERE state IN ('waiting', 'unknown');`,
  // 11: the bundles' search words indexed by their first 4 and 5 letters too, as a clerk types them. Without an
  // index of its length FTS5 reads every match of a prefix before the first row (about 8,000 for "combo" at 40,000
  // bundles: 4× slower). The index is remade from the bundles; a full pull copies its schema.
  `DROP TABLE bundle_fts;
   CREATE VIRTUAL TABLE bundle_fts USING fts5(code, name, ean13, tags, content='', contentless_delete=1, prefix='2 3 4 5', tokenize='unicode61 remove_diacritics 2');
   INSERT INTO bundle_fts (rowid, code, name, ean13, tags)
     SELECT b.id, b.code, b.name, coalesce(b.ean13, ''), (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(b.tags)) FROM bundles b;`,
  // 12: the receiver's signature and name on a delivery, one per booking (sync/outbox/deliverySignatures.ts). Kept
  // here beside the delivery picture: the service keeps one image per step, so a photo taken too is the one sent.
  `CREATE TABLE delivery_signatures (
     local_id TEXT PRIMARY KEY, receiver TEXT NOT NULL, signed_at TEXT NOT NULL, taken_by TEXT NOT NULL,
     mime TEXT NOT NULL, bytes BLOB NOT NULL, picture_seq INTEGER);`,
  // 13: a bundle's tags by the bundle: a routine pull rewrites each changed bundle, and without it every delete of a
  // bundle's tags read them all (5 ms a bundle at 100,000 bundles, most of a routine pull after 1,000 changed).
  `CREATE INDEX bundle_tags_bundle__a ON bundle_tags (bundle_id);`,
]

/** A booking counts against the stock while the service has not confirmed it (a draft is not booked yet). */
function counts(row: string): string {
  return `${row}.service_id IS NULL AND ${row}.deleted = 0 AND ${row}.state != 'draft'`
}

function micro(line: string): string {
  return `CAST(ROUND(CAST(json_extract(${line}.value, '$.booked_quantity') AS REAL) * 1000000) AS INTEGER)`
}

/** Takes the OLD row's lines out of unsent_booked and puts the NEW row's in, each only if it counts. */
function unsentTrigger(event: string, take: string[], put: string[]): string {
  const name = `unsent_booked_${event.split(' ')[0]!.toLowerCase()}`
  const apply = (row: string, sign: string) =>
    `INSERT INTO unsent_booked (agency_id, item_id, micro)
       SELECT ${row}.agency_from_id, json_extract(l.value, '$.item_id'), ${sign}SUM(${micro('l')}) FROM json_each(${row}.lines) l
       WHERE ${counts(row)} GROUP BY 2
       ON CONFLICT (agency_id, item_id) DO UPDATE SET micro = micro + excluded.micro;
     DELETE FROM unsent_booked WHERE agency_id = ${row}.agency_from_id AND micro = 0;`
  return `CREATE TRIGGER ${name} AFTER ${event} ON bookings BEGIN
     ${[...take.map((r) => apply(r, '-')), ...put.map((r) => apply(r, ''))].join('\n')}
   END;`
}

/** The tables a catalogue pull replaces, in the order they are filled. */
export const catalogueTables = [
  'item_categories',
  'agencies',
  'items',
  'item_fts',
  'lots',
  'lot_stocks',
  'stock',
  'bundles',
  'bundle_records',
  'bundle_components',
  'bundle_tags',
  'bundle_fts',
] as const
export type CatalogueTable = (typeof catalogueTables)[number]
