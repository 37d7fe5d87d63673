import type { StatementCache } from '../store/statementCache'

/**
 * The list response's bundles, each already JSON text, built by SQLite.
 *
 * At the large scale the list holds 100,000 bundles of 34 fields. Reading
 * those as JS values and serialising them took about 6 s; SQLite's
 * json_object builds the same text in about 1.5 s, with one value per row
 * crossing into JS. The detail responses are built in JS (routes/bundleJson.ts),
 * and a test holds the two renderings equal field by field.
 */

const bool = (column: string) => `json(CASE WHEN b.${column} THEN 'true' ELSE 'false' END)`
/** `YYYY-MM-DD HH:MM:SS.ffffff` → `YYYY-MM-DDTHH:MM:SS.fffZ`, as toIsoTimestamp does. */
const iso = (column: string) => `substr(b.${column}, 1, 10) || 'T' || substr(b.${column}, 12, 12) || 'Z'`
/**
 * The upload object; the thumbnail's file name is the file's with `thumbnail_fill_` before it.
 * A stored path (a file the sandbox keeps, starting with `/`) gets the request's origin, bound as `@origin`.
 */
function image(column: string): string {
  const url = `(CASE WHEN substr(b.${column}, 1, 1) = '/' THEN @origin || b.${column} ELSE b.${column} END)`
  // rtrim(url, <url without slashes>) leaves everything up to the last slash.
  const folder = `rtrim(${url}, replace(${url}, '/', ''))`
  return `CASE WHEN ${url} IS NULL THEN json('{"url":null,"thumbnail_fill":{"url":null}}')
    ELSE json_object('url', ${url}, 'thumbnail_fill', json_object('url', ${folder} || 'thumbnail_fill_' || substr(${url}, length(${folder}) + 1))) END`
}

const bundleFields = `json_object(
  'id', b.id, 'zid', b.zid, 'active', ${bool('active')}, 'code', b.code, 'ean13', b.ean13, 'name', b.name,
  'description', b.description, 'extra_description', b.extra_description, 'entity_id', b.entity_id, 'updater_id', b.updater_id,
  'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')}, 'bundle_details_count', b.bundle_details_count,
  'pays_vat', ${bool('pays_vat')}, 'quotable', ${bool('quotable')}, 'ecommerce', ${bool('ecommerce')}, 'sellable', ${bool('sellable')},
  'purchasable', ${bool('purchasable')},
  'force_as_service_for_document_external_storage_service', ${bool('force_as_service_for_document_external_storage_service')},
  'category_bundle', ${bool('category_bundle')}, 'item_category_id', b.item_category_id, 'item_country_code_id', b.item_country_code_id,
  'weight', b.weight, 'volume', b.volume, 'measurement_unit', b.measurement_unit, 'color', b.color,
  'image', ${image('image_url')}, 'image2', ${image('image2_url')}, 'image3', ${image('image3_url')},
  'image4', ${image('image4_url')}, 'image5', ${image('image5_url')},
  'youtube_video_url', b.youtube_video_url, 'nomic_q4f16_embedding', b.nomic_q4f16_embedding`
/** `tags` is ours (the spec has a tag filter, no tag field): served only with the extensions on. */
const tagsField = `, 'tags', (SELECT json_group_array(t.name ORDER BY bt.id) FROM bundle_taggings bt JOIN tags t ON t.id = bt.tag_id WHERE bt.bundle_id = b.id)`
const bundleObject = (withTags: boolean) => `${bundleFields}${withTags ? tagsField : ''})`

/**
 * The entity's bundles in id order as JSON texts, optionally only those
 * carrying a tag. One statement: one consistent snapshot, even when the
 * answer is streamed out afterwards.
 */
export function bundleListJson(statements: StatementCache, entityId: number, origin: string, tagId?: number, withTags = true): string[] {
  if (tagId === undefined) {
    return statements
      .get<[number, { origin: string }], string>(`SELECT ${bundleObject(withTags)} FROM bundles b WHERE b.entity_id = ? ORDER BY b.id`)
      .pluck()
      .all(entityId, { origin })
  }
  return statements
    .get<[number, number, { origin: string }], string>(
      `SELECT ${bundleObject(withTags)} FROM bundles b WHERE b.entity_id = ? AND EXISTS (SELECT 1 FROM bundle_taggings bt WHERE bt.bundle_id = b.id AND bt.tag_id = ?) ORDER BY b.id`,
    )
    .pluck()
    .all(entityId, tagId, { origin })
}
