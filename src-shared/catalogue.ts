import { z } from 'zod'
import { agency } from './domain'
import { errorPayload } from './errorSchemas'
import { decimalText, int, recordId, serviceText } from './patternSchemas'

/**
 * The catalogue as the app uses it (bundles, items, stock per agency), after
 * normalisation in core/api: ids numbers, timestamps ISO 8601, quantities and
 * money decimal strings.
 */

/** EAN-13: 13 digits whose last one is the check digit of the first twelve. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])
}
export const ean13 = z.string().trim().refine(isValidEan13, 'not a valid EAN-13 (13 digits with a correct check digit)')

export const image = z.object({ url: z.string().nullable(), thumbnailUrl: z.string().nullable() }).nullable()

export const bundle = z.object({
  id: int,
  zid: int.nullable(),
  active: z.boolean(),
  code: z.string(),
  ean13: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  extraDescription: z.string().nullable(),
  entityId: int.nullable(),
  updaterId: int.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  bundleDetailsCount: int,
  paysVat: z.boolean(),
  quotable: z.boolean(),
  ecommerce: z.boolean(),
  sellable: z.boolean(),
  purchasable: z.boolean(),
  forceAsServiceForDocumentExternalStorageService: z.boolean(),
  categoryBundle: z.boolean(),
  itemCategoryId: int.nullable(),
  itemCountryCodeId: int.nullable(),
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  measurementUnit: z.string().nullable(),
  color: z.string().nullable(),
  image,
  image2: image,
  image3: image,
  image4: image,
  image5: image,
  youtubeVideoUrl: z.string().nullable(),
  tags: z.array(z.string()),
})
export type Bundle = z.infer<typeof bundle>

export const bundleComponent = z.object({
  /** The component's own id on the service (used to change its quantity). */
  id: int.nullable(),
  itemId: int,
  quantity: z.string(),
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  /** Stock of the item at the user's agency, from the cache. */
  available: z.number().nullable(),
  /** Whether the item is active; null when the cache does not hold it. */
  active: z.boolean().nullable(),
})
export type BundleComponent = z.infer<typeof bundleComponent>

export const bundleDetail = bundle.extend({
  components: z.array(bundleComponent),
  /** Whole bundles the user's agency can make now: min over components of ⌊stock ÷ quantity⌋. */
  available: z.number().nullable(),
  /** Where this came from: the service just now, or the cache. */
  source: z.enum(['service', 'cache']),
})
export type BundleDetail = z.infer<typeof bundleDetail>

export const catalogueRow = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  ean13: z.string().nullable(),
  active: z.boolean(),
  categoryBundle: z.boolean(),
  tags: z.array(z.string()),
  components: int,
  available: z.number().nullable(),
})
export type CatalogueRow = z.infer<typeof catalogueRow>

/** What the last pull could read from this server (src-main/core/api/serviceExtensions.ts; stored with the snapshot). */
export const catalogueCapabilities = z.object({
  /** Tags on bundles; false: the server has none to give, so there is no tag filter. */
  tags: z.boolean(),
  /** Items' own barcodes; false: a scanned item is found by its code only (bundles keep their barcodes). */
  itemBarcodes: z.boolean(),
  /** The bundle columns GraphQL does not show (barcode, flags, weight…), from the REST list; false: unknown in this snapshot. */
  bundleColumns: z.boolean(),
})
export type CatalogueCapabilities = z.infer<typeof catalogueCapabilities>

export const catalogueStatus = z.object({
  entityId: int.nullable(),
  agency: agency.nullable(),
  /** When the cached snapshot was taken (ISO), null before the first pull. */
  pulledAt: z.string().nullable(),
  /** The snapshot is older than the app's freshness limit. */
  stale: z.boolean(),
  /** That limit: the screens mark the figures old once they pass it, as the minutes go by. */
  staleAfterMs: int,
  pulling: z.boolean(),
  counts: z.object({ bundles: int, items: int, agencies: int }),
  /** The last pull's failure, if the last pull failed (a scheduled pull's too: shown in the clerk's language). */
  lastError: errorPayload.nullable(),
  /** What the snapshot could read; null before the first pull (or from a snapshot older than this field). */
  capabilities: catalogueCapabilities.nullable(),
})
export type CatalogueStatus = z.infer<typeof catalogueStatus>

export const pullProgress = z.object({
  /** 'waiting': for another process on this computer that pulls the same catalogue (it updates the same file). */
  phase: z.enum(['waiting', 'reference', 'items', 'stock', 'bundles', 'indexing', 'done']),
  done: int,
  total: int.nullable(),
})
export type PullProgress = z.infer<typeof pullProgress>

export const catalogueQuery = z.object({
  query: z.string().max(200).default(''),
  tag: z.string().max(100).nullable().default(null),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
  offset: int.min(0).default(0),
  limit: int.min(1).max(500).default(100),
})
export type CatalogueQuery = z.input<typeof catalogueQuery>

export const itemRow = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  ean13: z.string().nullable(),
  measurementUnit: z.string().nullable(),
  itemCategoryId: int.nullable(),
  available: z.number().nullable(),
  /** An inactive item is sold, bundled or booked nowhere (the service refuses it). Every row read from the
   * cache says; a row made up from a document's line (a transfer request's) does not, and counts as active. */
  active: z.boolean().optional(),
})
export type ItemRow = z.infer<typeof itemRow>

const componentInput = z
  .object({
    /** Present to change or remove an existing component. */
    id: recordId.optional(),
    /** Present to add a component. */
    itemId: recordId.optional(),
    quantity: decimalText,
    remove: z.boolean().optional(),
  })
  .refine((c) => c.id !== undefined || c.itemId !== undefined, { message: 'a component needs its id or an itemId' })

/**
 * The longest texts a bundle keeps, in characters as the service counts them: one set for the editor,
 * the CLI and the import's preview. The interface documents no lengths; these are the sandbox's, which
 * follows the service's columns (src-sandbox/model/bundleForm.ts), listed in docs/real-service-notes.md
 * ("Text lengths"). A tag's 100 is this client's own choice (the sandbox takes 255).
 */
export const bundleTextLimits = { code: 100, name: 255, description: 5000, measurementUnit: 50, tag: 100 } as const

/** What the bundle editor sends: the writable fields of the spec. */
export const bundleInput = z.object({
  code: serviceText(z.string().trim().min(1), bundleTextLimits.code),
  name: serviceText(z.string().trim().min(1), bundleTextLimits.name),
  description: serviceText(z.string(), bundleTextLimits.description).nullable().optional(),
  extraDescription: serviceText(z.string(), bundleTextLimits.description).nullable().optional(),
  ean13: ean13.nullable().optional(),
  measurementUnit: serviceText(z.string(), bundleTextLimits.measurementUnit).nullable().optional(),
  active: z.boolean().optional(),
  paysVat: z.boolean().optional(),
  quotable: z.boolean().optional(),
  ecommerce: z.boolean().optional(),
  sellable: z.boolean().optional(),
  purchasable: z.boolean().optional(),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #1A2B3C')
    .optional(),
  categoryBundle: z.boolean().optional(),
  itemCategoryId: recordId.nullable().optional(),
  weight: z.number().nonnegative().nullable().optional(),
  volume: z.number().nonnegative().nullable().optional(),
  tags: z
    .array(serviceText(z.string().trim().min(1), bundleTextLimits.tag))
    .max(50)
    .optional(),
  components: z.array(componentInput).max(500).optional(),
})
export type BundleInput = z.infer<typeof bundleInput>

/**
 * An item of a dynamic bundle's category with stock at an agency. The
 * service's answer is not published: what it does not say is null (shown as
 * unknown), and what else it says is kept by its own key, as text.
 */
export const dynamicItem = z.object({
  itemId: int.nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  available: z.number().nullable(),
  other: z.record(z.string(), z.string()),
})
export type DynamicItem = z.infer<typeof dynamicItem>

/** A file crossing the contract: name and base64 bytes (a border schema caps its size). */
export const fileData = z.object({
  fileName: z.string().min(1).max(255),
  base64: z.string().max(30_000_000),
})
export type FileData = z.infer<typeof fileData>
