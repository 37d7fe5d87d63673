import { z } from 'zod'
import type { BundleComponent, ItemRow } from '@shared/catalogue'

/**
 * The cached catalogue as SQLite keeps it: columns and the bundle record's JSON (bundle_records.record) in
 * the service's names, the shape every version so far wrote. Read through these types and mapped field by
 * field into ours, so renaming a field of our catalogue types never changes what the cache holds or
 * misreads what an older version wrote (no cast turns a row into one of our types).
 */

const int = z.number().int()
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable().default(null)
/** A flag a record lacks is off, as the service's answers are normalised (core/api/bundlesApi.ts). */
const flag = z.boolean().default(false)
const storedImage = maybe(z.object({ url: maybe(z.string()), thumbnail_url: maybe(z.string()) }))

/**
 * One bundle_records.record: the service's bundle, normalised (ids numbers, times ISO), images null when unread.
 * What an older record lacks is filled in here; it then reads into ours by the same mapper as the service's
 * answer (`bundleFromService`).
 */
export const storedBundleRecord = z.object({
  id: int,
  zid: maybe(int),
  active: flag,
  code: z.string(),
  ean13: maybe(z.string()),
  name: z.string(),
  description: maybe(z.string()),
  extra_description: maybe(z.string()),
  entity_id: maybe(int),
  updater_id: maybe(int),
  created_at: maybe(z.string()),
  updated_at: maybe(z.string()),
  bundle_details_count: int.default(0),
  pays_vat: flag,
  quotable: flag,
  ecommerce: flag,
  sellable: flag,
  purchasable: flag,
  force_as_service_for_document_external_storage_service: flag,
  category_bundle: flag,
  item_category_id: maybe(int),
  item_country_code_id: maybe(int),
  weight: maybe(z.number()),
  volume: maybe(z.number()),
  measurement_unit: maybe(z.string()),
  color: maybe(z.string()),
  image: storedImage,
  image2: storedImage,
  image3: storedImage,
  image4: storedImage,
  image5: storedImage,
  youtube_video_url: maybe(z.string()),
  tags: z.array(z.string()).default([]),
})

/** A bundle_components row joined with its item's code and name and the agency's stock. */
export interface ComponentSqlRow {
  id: number | null
  item_id: number
  quantity: string
  item_code: string | null
  item_name: string | null
  available: number | null
  item_active: number | null
}

export function toBundleComponent(r: ComponentSqlRow): BundleComponent {
  return {
    id: r.id,
    itemId: r.item_id,
    quantity: r.quantity,
    itemCode: r.item_code,
    itemName: r.item_name,
    available: r.available,
    active: r.item_active === null ? null : r.item_active === 1,
  }
}

/** An items row with the agency's stock. */
export interface ItemSqlRow {
  id: number
  code: string
  name: string
  ean13: string | null
  measurement_unit: string | null
  item_category_id: number | null
  available: number | null
  /** 1 or 0, where the statement reads it. */
  active?: number
}

export function toItemRow(r: ItemSqlRow): ItemRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    ean13: r.ean13,
    measurementUnit: r.measurement_unit,
    itemCategoryId: r.item_category_id,
    available: r.available,
    ...(r.active === undefined ? {} : { active: r.active === 1 }),
  }
}
