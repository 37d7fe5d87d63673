import type { BundleDetailRow } from '../model/bundleDetails'
import type { BundleFormJson } from '../model/bundleForms'
import type { BundleRow } from '../model/bundles'
import { toDetailTimestamp, toIsoTimestamp } from '../timestamps'

/**
 * A bundle as JSON, in the spec's two styles. *List* (index and create):
 * ids and counts as numbers, timestamps ISO 8601. *Detail* (show and
 * update): ids and counts as strings, timestamps `YYYY-MM-DD HH:MM:SS.ffffff`
 * without zone. Everything else is the same in both.
 */
export type JsonStyle = 'list' | 'detail'

/**
 * A CarrierWave upload with its `thumbnail_fill` version; an absent file keeps
 * the shape with null URLs. A file the sandbox stores (a path starting with
 * `/`) is served on the address the client used.
 */
export function bundleImage(stored: string | null, origin: string) {
  const url = stored?.startsWith('/') ? `${origin}${stored}` : stored
  return { url, thumbnail_fill: { url: url == null ? null : url.replace(/([^/]+)$/, 'thumbnail_fill_$1') } }
}

function idIn(style: JsonStyle, id: number | null): number | string | null {
  return id === null || style === 'list' ? id : String(id)
}

/** The spec's Bundle fields plus `tags` (ours). */
export function bundleJson(b: BundleRow, tags: readonly string[], style: JsonStyle, origin: string) {
  const id = (v: number | null) => idIn(style, v)
  const time = style === 'list' ? toIsoTimestamp : toDetailTimestamp
  return {
    id: id(b.id),
    zid: id(b.zid),
    active: b.active === 1,
    code: b.code,
    ean13: b.ean13,
    name: b.name,
    description: b.description,
    extra_description: b.extra_description,
    entity_id: id(b.entity_id),
    updater_id: id(b.updater_id),
    created_at: time(b.created_at),
    updated_at: time(b.updated_at),
    bundle_details_count: id(b.bundle_details_count),
    pays_vat: b.pays_vat === 1,
    quotable: b.quotable === 1,
    ecommerce: b.ecommerce === 1,
    sellable: b.sellable === 1,
    purchasable: b.purchasable === 1,
    force_as_service_for_document_external_storage_service: b.force_as_service_for_document_external_storage_service === 1,
    category_bundle: b.category_bundle === 1,
    item_category_id: id(b.item_category_id),
    item_country_code_id: id(b.item_country_code_id),
    weight: b.weight,
    volume: b.volume,
    measurement_unit: b.measurement_unit,
    color: b.color,
    image: bundleImage(b.image_url, origin),
    image2: bundleImage(b.image2_url, origin),
    image3: bundleImage(b.image3_url, origin),
    image4: bundleImage(b.image4_url, origin),
    image5: bundleImage(b.image5_url, origin),
    youtube_video_url: b.youtube_video_url,
    nomic_q4f16_embedding: b.nomic_q4f16_embedding,
    tags: [...tags],
  }
}

/**
 * A bundle with its components and forms (show, create, update); component ids follow the style too.
 * A component's `item` is ours (an extension: the interface and the SDK show id, item_id, quantity).
 */
export function bundleWithComponentsJson(
  b: BundleRow,
  tags: readonly string[],
  details: readonly BundleDetailRow[],
  style: JsonStyle,
  origin: string,
  forms: readonly BundleFormJson[],
  extensions = true,
) {
  const id = (v: number) => idIn(style, v)
  return {
    ...bundleJson(b, tags, style, origin),
    bundle_details: details.map((d) => ({
      id: id(d.id),
      item_id: id(d.item_id),
      quantity: d.quantity,
      ...(extensions ? { item: { id: id(d.item_id), code: d.item_code, name: d.item_name } } : {}),
    })),
    // The service's "associated forms" (its docs: "los formularios asociados"); shape ours, see model/bundleForms.ts.
    forms,
  }
}
