import { z } from 'zod'
import type { Bundle, BundleInput, DynamicItem, FileData } from '@shared/catalogue'
import { bool, count, id, nullableId, nullableNumber, nullableText, nullableTimestamp, optionalNull, text } from './normalise'
import { dynamicItemsFrom } from './dynamicItemsAnswer'
import { writeRequest, type RestClient } from './restClient'
import { bundleFieldNames } from './serviceFieldNames'

/**
 * The bundles area of the service. List answers use numbers and ISO times,
 * detail answers strings and zone-less times; both normalise to one record.
 * What the spec leaves unshown (component and tag shapes, the create answer)
 * is decided here and nowhere else; the import's upload follows the docs.
 */

const imageSchema = optionalNull(
  z.object({ url: optionalNull(z.string()), thumbnail_fill: optionalNull(z.object({ url: optionalNull(z.string()) })) }),
).transform((img) => (img ? { url: img.url, thumbnail_url: img.thumbnail_fill?.url ?? null } : null))

const flag = z.preprocess((v) => v ?? false, bool)

export const bundleSchema = z.object({
  id,
  zid: nullableId,
  active: flag,
  code: text,
  ean13: nullableText,
  name: text,
  description: nullableText,
  extra_description: nullableText,
  entity_id: nullableId,
  updater_id: nullableId,
  created_at: nullableTimestamp,
  updated_at: nullableTimestamp,
  bundle_details_count: z.preprocess((v) => v ?? 0, count),
  pays_vat: flag,
  quotable: flag,
  ecommerce: flag,
  sellable: flag,
  purchasable: flag,
  force_as_service_for_document_external_storage_service: flag,
  category_bundle: flag,
  item_category_id: nullableId,
  item_country_code_id: nullableId,
  weight: nullableNumber,
  volume: nullableNumber,
  measurement_unit: nullableText,
  color: nullableText,
  image: imageSchema,
  image2: imageSchema,
  image3: imageSchema,
  image4: imageSchema,
  image5: imageSchema,
  youtube_video_url: nullableText,
  // Tags are the sandbox's reading of the spec's `tag` filter; a service without them gives none.
  tags: z.preprocess((v) => v ?? [], z.array(text)),
})
export type ServiceBundle = z.output<typeof bundleSchema>

/** The service's bundle in our names, field by field (the CLI's `--online` list shows it; the app reads the cache). */
export function bundleFromService(b: ServiceBundle): Bundle {
  const image = (i: ServiceBundle['image']): Bundle['image'] => (i === null ? null : { url: i.url, thumbnailUrl: i.thumbnail_url })
  return {
    id: b.id,
    zid: b.zid,
    active: b.active,
    code: b.code,
    ean13: b.ean13,
    name: b.name,
    description: b.description,
    extraDescription: b.extra_description,
    entityId: b.entity_id,
    updaterId: b.updater_id,
    createdAt: b.created_at,
    updatedAt: b.updated_at,
    bundleDetailsCount: b.bundle_details_count,
    paysVat: b.pays_vat,
    quotable: b.quotable,
    ecommerce: b.ecommerce,
    sellable: b.sellable,
    purchasable: b.purchasable,
    forceAsServiceForDocumentExternalStorageService: b.force_as_service_for_document_external_storage_service,
    categoryBundle: b.category_bundle,
    itemCategoryId: b.item_category_id,
    itemCountryCodeId: b.item_country_code_id,
    weight: b.weight,
    volume: b.volume,
    measurementUnit: b.measurement_unit,
    color: b.color,
    image: image(b.image),
    image2: image(b.image2),
    image3: image(b.image3),
    image4: image(b.image4),
    image5: image(b.image5),
    youtubeVideoUrl: b.youtube_video_url,
    tags: b.tags,
  }
}

const quantity = z.union([z.string(), z.number()]).transform(String)

export const bundleDetailSchema = bundleSchema.extend({
  bundle_details: z.preprocess(
    (v) => v ?? [],
    z.array(
      z.object({
        id: nullableId,
        item_id: id,
        quantity,
        item: optionalNull(z.object({ code: nullableText, name: nullableText })),
      }),
    ),
  ),
  /** The associated forms, shape unshown by the interface: read by bundleMediaApi.formsOf, never refused here. */
  forms: z.unknown().optional(),
})
export type ServiceBundleDetail = z.output<typeof bundleDetailSchema>

/** The service's own list (`--online` in the CLI); the app reads the cache instead. */
export async function fetchBundles(rest: RestClient, tag?: string): Promise<ServiceBundle[]> {
  return rest.request({ method: 'GET', path: '/inventories/bundles.json', query: { tag } }, z.array(bundleSchema))
}

export async function fetchBundle(rest: RestClient, bundleId: number): Promise<ServiceBundleDetail> {
  return rest.request({ method: 'GET', path: `/inventories/bundles/${bundleId}.json` }, bundleDetailSchema)
}

/** null: done, but answered in another shape (the caller reads it back). */
export async function createBundle(rest: RestClient, input: BundleInput): Promise<ServiceBundleDetail | null> {
  return writeRequest(
    rest,
    { method: 'POST', path: '/inventories/bundles.json', body: { bundle: bundleBody(input) }, fieldNames: bundleFieldNames },
    bundleDetailSchema,
  )
}

export async function updateBundle(rest: RestClient, bundleId: number, changes: Partial<BundleInput>): Promise<ServiceBundleDetail> {
  return rest.request(
    { method: 'PATCH', path: `/inventories/bundles/${bundleId}.json`, body: { bundle: bundleBody(changes) }, fieldNames: bundleFieldNames },
    bundleDetailSchema,
  )
}

export async function deleteBundle(rest: RestClient, bundleId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/inventories/bundles/${bundleId}.json` }, null)
}

/** Its answer's shape is not published: read whatever comes (dynamicItemsAnswer.ts). */
export async function fetchDynamicItems(rest: RestClient, agencyId: number, bundleId: number): Promise<DynamicItem[]> {
  const answer = await rest.request(
    { method: 'GET', path: '/inventories/bundles/get_dynamic_items_with_stock.json', query: { agency_id: agencyId, bundle_id: bundleId } },
    z.unknown(),
  )
  return dynamicItemsFrom(answer)
}

const sheetTypes: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * The file goes up as a multipart upload under `bundle_import[file]`: the docs
 * name that parameter (inventarios/inventarios-paquetes.md) and send every
 * other import of the service as `<name>_import[file]` in a multipart form
 * (contabilidad/importaciones.md). Any 2xx means imported, whatever its body.
 */
export async function importBundles(rest: RestClient, file: FileData): Promise<void> {
  const extension = /\.([^.]+)$/.exec(file.fileName)?.[1]?.toLowerCase() ?? ''
  const form = new FormData()
  const bytes = Buffer.from(file.base64, 'base64')
  form.append(
    'bundle_import[file]',
    new Blob([new Uint8Array(bytes)], { type: sheetTypes[extension] ?? 'application/octet-stream' }),
    file.fileName,
  )
  // Not even JSON is promised: any 2xx, readable or not, is the service's yes.
  await writeRequest(rest, { method: 'POST', path: '/inventories/bundles/bundle_imports.json', form, kind: 'file' }, z.unknown())
}

/**
 * The write parameters: the bundle's own field names, components as Rails nested attributes. Field by
 * field, so our input's names never reach the service unmapped; a field left undefined is not sent.
 */
function bundleBody(input: Partial<BundleInput>): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    code: input.code,
    name: input.name,
    description: input.description,
    extra_description: input.extraDescription,
    ean13: input.ean13,
    measurement_unit: input.measurementUnit,
    active: input.active,
    pays_vat: input.paysVat,
    quotable: input.quotable,
    ecommerce: input.ecommerce,
    sellable: input.sellable,
    purchasable: input.purchasable,
    color: input.color,
    category_bundle: input.categoryBundle,
    item_category_id: input.itemCategoryId,
    weight: input.weight,
    volume: input.volume,
  }
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  if (input.tags) body.tag_list = input.tags.join(', ')
  if (input.components) {
    body.bundle_details_attributes = Object.fromEntries(
      input.components.map((c, index) => [
        String(index),
        c.remove && c.id
          ? { id: c.id, _destroy: '1' }
          : c.id
            ? { id: c.id, quantity: c.quantity }
            : { item_id: c.itemId, quantity: c.quantity },
      ]),
    )
  }
  return body
}
