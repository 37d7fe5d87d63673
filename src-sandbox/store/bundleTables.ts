import type { DomainTable } from './domainTable'

/**
 * Bundles (the spec's Bundle), their components and their tags. Images are
 * kept as URLs: the response builds the upload object around them. Decimal
 * quantities are TEXT so they come back exactly as written, like the
 * service's decimal columns.
 *
 * Ids of records a client caches are AUTOINCREMENT, like a PostgreSQL
 * sequence: a deleted bundle's id never comes back as another bundle.
 *
 * Indexes whose keys arrive in order while seeding (entity, zid, code,
 * bundle_id) are created with the table; those with keys in random order
 * (item, tag, category) after the seed, which saves seconds at the large scale.
 */
export const bundleTables: readonly DomainTable[] = [
  {
    // Tags of the entity's records (acts-as-taggable-on style); case-insensitive like its default.
    name: 'tags',
    ddl: [
      `CREATE TABLE tags (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        name TEXT NOT NULL COLLATE NOCASE,
        UNIQUE (entity_id, name)
      ) STRICT`,
    ],
  },
  {
    name: 'bundles',
    ddl: [
      `CREATE TABLE bundles (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        zid INTEGER NOT NULL,
        active INTEGER NOT NULL,
        code TEXT NOT NULL,
        ean13 TEXT,
        name TEXT NOT NULL,
        description TEXT,
        extra_description TEXT,
        updater_id INTEGER REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        bundle_details_count INTEGER NOT NULL,
        pays_vat INTEGER NOT NULL,
        quotable INTEGER NOT NULL,
        ecommerce INTEGER NOT NULL,
        sellable INTEGER NOT NULL,
        purchasable INTEGER NOT NULL,
        force_as_service_for_document_external_storage_service INTEGER NOT NULL,
        category_bundle INTEGER NOT NULL,
        item_category_id INTEGER REFERENCES item_categories(id),
        item_country_code_id INTEGER,
        weight REAL,
        volume REAL,
        measurement_unit TEXT,
        color TEXT NOT NULL,
        image_url TEXT, image2_url TEXT, image3_url TEXT, image4_url TEXT, image5_url TEXT,
        youtube_video_url TEXT,
        nomic_q4f16_embedding TEXT,
        UNIQUE (entity_id, zid),
        UNIQUE (entity_id, code)
      ) STRICT`,
      // Rowids follow the entity in this index, so "entity = ? AND id > ? ORDER BY id" walks it in order (keyset paging).
      `CREATE INDEX bundles_entity ON bundles(entity_id)`,
    ],
    indexes: [`CREATE INDEX bundles_category ON bundles(item_category_id)`],
  },
  {
    // A bundle's components; the spec's bundle_details.
    name: 'bundle_details',
    ddl: [
      `CREATE TABLE bundle_details (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        bundle_id INTEGER NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES items(id),
        quantity TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX bundle_details_bundle ON bundle_details(bundle_id)`,
    ],
    indexes: [`CREATE INDEX bundle_details_item ON bundle_details(item_id)`],
  },
  {
    // The order of a bundle's tags is the order they were given in (the id).
    name: 'bundle_taggings',
    ddl: [
      `CREATE TABLE bundle_taggings (
        id INTEGER PRIMARY KEY,
        bundle_id INTEGER NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tags(id),
        UNIQUE (bundle_id, tag_id)
      ) STRICT`,
    ],
    indexes: [`CREATE INDEX bundle_taggings_tag ON bundle_taggings(tag_id)`],
  },
  {
    // Files uploaded to a bundle's five image slots (1 = image … 5 = image5). The bytes live here so a
    // reset or a copy of the store carries them; the bundles row keeps the URL the responses give.
    name: 'bundle_images',
    ddl: [
      `CREATE TABLE bundle_images (
        bundle_id INTEGER NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
        slot INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 5),
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        uploaded_at TEXT NOT NULL,
        PRIMARY KEY (bundle_id, slot)
      ) STRICT`,
    ],
  },
  {
    // The service's "associated forms" of a bundle: forms of document type "bundle" with the values
    // submitted for it (names after the SDK's FormGraphQL and FormSubmissionGraphQL). One row per
    // form; its fields and values as JSON, since the sandbox only reads them whole.
    name: 'bundle_forms',
    ddl: [
      `CREATE TABLE bundle_forms (
        id INTEGER PRIMARY KEY,
        bundle_id INTEGER NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
        form_id INTEGER NOT NULL,
        form_zid INTEGER NOT NULL,
        name TEXT NOT NULL,
        description TEXT,
        version INTEGER NOT NULL,
        submission_zid INTEGER NOT NULL,
        reference TEXT,
        created_at TEXT NOT NULL,
        fields_json TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX bundle_forms_bundle ON bundle_forms(bundle_id)`,
    ],
  },
]
