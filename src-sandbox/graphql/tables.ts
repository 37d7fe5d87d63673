import { adminGraphqlTables } from './adminTables'
import { bookingTables } from './bookingTables'
import { purchasingTables } from './purchasingTables'
import { array, col, object, opt } from './columnHelpers'
import type { TableDescription } from './tableDescription'

/**
 * The tables GraphQL serves. Which of these the service documents and which
 * the sandbox adds is listed in ../ADDITIONS.md; keep the two in step.
 */
export const graphqlTables: readonly TableDescription[] = [
  {
    name: 'agencies',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('name', 'String'),
      col('entity_id', 'bigint'),
      opt('agency_category_id', 'bigint'),
      opt('address', 'String'),
      col('active', 'Boolean'),
    ],
    relations: [object('agency_category', 'agency_categories', 'agency_category_id')],
  },
  {
    name: 'agency_categories',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('name', 'String'), col('entity_id', 'bigint')],
    relations: [array('agencies', 'agencies', 'agency_category_id')],
  },
  {
    name: 'employees',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), opt('user_id', 'bigint'), opt('agency_id', 'bigint'), col('entity_id', 'bigint'), col('name', 'String')],
    relations: [object('agency', 'agencies', 'agency_id')],
  },
  {
    name: 'items',
    primaryKey: 'id',
    entityScoped: true,
    columns: [
      col('id', 'bigint'),
      col('zid', 'Int'),
      col('code', 'String'),
      col('name', 'String'),
      opt('ean13', 'String'),
      opt('description', 'String'),
      opt('item_category_id', 'bigint'),
      opt('measurement_unit', 'String'),
      col('active', 'Boolean'),
      col('entity_id', 'bigint'),
      // A decimal string, as the service gives money amounts.
      col('price', 'String'),
      col('perishable', 'Boolean'),
    ],
    relations: [object('item_category', 'item_categories', 'item_category_id'), array('lots', 'lots', 'item_id')],
  },
  {
    name: 'item_categories',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('name', 'String'), col('entity_id', 'bigint')],
    relations: [array('items', 'items', 'item_category_id')],
  },
  {
    name: 'lots',
    primaryKey: 'id',
    entityScoped: true,
    columns: [col('id', 'bigint'), col('item_id', 'bigint'), col('name', 'String'), opt('expires', 'date'), col('entity_id', 'bigint')],
    relations: [object('item', 'items', 'item_id'), array('lot_stocks', 'lot_stocks', 'lot_id')],
  },
  {
    name: 'lot_stocks',
    primaryKey: 'id',
    entityScoped: true,
    // available is net of earmarks (docs); booked and on_hand (= available + booked) are ours.
    columns: [
      col('id', 'bigint'),
      col('lot_id', 'bigint'),
      col('agency_id', 'bigint'),
      col('available', 'numeric'),
      col('booked', 'numeric'),
      col('on_hand', 'numeric'),
      col('entity_id', 'bigint'),
    ],
    relations: [object('lot', 'lots', 'lot_id'), object('agency', 'agencies', 'agency_id')],
  },
  {
    name: 'bundles',
    primaryKey: 'id',
    entityScoped: true,
    // The spec's Bundle fields that are scalars; the image uploads are left out (see ADDITIONS.md).
    columns: [
      col('id', 'bigint'),
      col('zid', 'Int'),
      col('entity_id', 'bigint'),
      col('active', 'Boolean'),
      col('code', 'String'),
      opt('ean13', 'String'),
      col('name', 'String'),
      opt('description', 'String'),
      opt('extra_description', 'String'),
      opt('updater_id', 'bigint'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
      col('bundle_details_count', 'Int'),
      col('pays_vat', 'Boolean'),
      col('quotable', 'Boolean'),
      col('ecommerce', 'Boolean'),
      col('sellable', 'Boolean'),
      col('purchasable', 'Boolean'),
      col('force_as_service_for_document_external_storage_service', 'Boolean'),
      col('category_bundle', 'Boolean'),
      opt('item_category_id', 'bigint'),
      opt('item_country_code_id', 'bigint'),
      opt('weight', 'Float'),
      opt('volume', 'Float'),
      opt('measurement_unit', 'String'),
      col('color', 'String'),
      opt('youtube_video_url', 'String'),
      opt('nomic_q4f16_embedding', 'String'),
    ],
    relations: [object('item_category', 'item_categories', 'item_category_id'), array('bundle_details', 'bundle_details', 'bundle_id')],
    stringLists: [
      {
        name: 'tags',
        from: 'id',
        sql: `SELECT bt.bundle_id, t.name FROM bundle_taggings bt JOIN tags t ON t.id = bt.tag_id
              WHERE bt.bundle_id IN (SELECT value FROM json_each(?)) ORDER BY bt.bundle_id, bt.id`,
      },
    ],
  },
  {
    name: 'bundle_details',
    primaryKey: 'id',
    entityScoped: true,
    // numeric, as in the real service (stored as the decimal text REST gives, "2.0").
    columns: [
      col('id', 'bigint'),
      col('bundle_id', 'bigint'),
      col('item_id', 'bigint'),
      col('quantity', 'numeric'),
      col('entity_id', 'bigint'),
    ],
    relations: [object('bundle', 'bundles', 'bundle_id'), object('item', 'items', 'item_id')],
  },
  ...bookingTables,
  ...purchasingTables,
  ...adminGraphqlTables,
]
