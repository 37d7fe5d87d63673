import { z } from 'zod'
import { bundleSchema, type ServiceBundle } from './bundlesApi'
import { jsonArrayBatches } from './jsonArrayBatches'
import { id, toIsoTimestamp } from './normalise'
import type { RestClient } from './restClient'

/**
 * The bundle columns the real GraphQL does not show (barcode, flags, weight,
 * colour…), read from the REST list the interface promises
 * (`GET /inventories/bundles.json`, "array of bundles" with every Bundle
 * field) and merged by id into the pulled GraphQL bundles.
 */

export const restOnlyBundleColumns = bundleSchema.pick({
  zid: true,
  ean13: true,
  extra_description: true,
  entity_id: true,
  updater_id: true,
  created_at: true,
  pays_vat: true,
  quotable: true,
  ecommerce: true,
  sellable: true,
  purchasable: true,
  category_bundle: true,
  item_country_code_id: true,
  weight: true,
  volume: true,
  measurement_unit: true,
  color: true,
  youtube_video_url: true,
})
export type RestBundleColumns = z.output<typeof restOnlyBundleColumns>
type RestOnlyField = keyof RestBundleColumns

/** What the cache holds for a bundle the REST list did not give: nothing known, flags off. */
export const unknownRestColumns: RestBundleColumns = {
  zid: null,
  ean13: null,
  extra_description: null,
  entity_id: null,
  updater_id: null,
  created_at: null,
  pays_vat: false,
  quotable: false,
  ecommerce: false,
  sellable: false,
  purchasable: false,
  category_bundle: false,
  item_country_code_id: null,
  weight: null,
  volume: null,
  measurement_unit: null,
  color: null,
  youtube_video_url: null,
} satisfies Pick<ServiceBundle, RestOnlyField>

const rowWithColumns = restOnlyBundleColumns.extend({ id })
type RowWithColumns = { id: number; columns: RestBundleColumns }

const idColumns = ['zid', 'entity_id', 'updater_id', 'item_country_code_id'] as const
const textColumns = ['ean13', 'extra_description', 'measurement_unit', 'color', 'youtube_video_url'] as const
const flagColumns = ['pays_vat', 'quotable', 'ecommerce', 'sellable', 'purchasable', 'category_bundle'] as const
const numberColumns = ['weight', 'volume'] as const

/**
 * An entry whose columns already have the form the schema gives (integers,
 * strings, booleans, numbers or null; a time in canonical ISO form), taken as
 * it is: that is every entry of a list in the usual shape, and checking it so
 * costs a fraction of running the schema 100,000 times. Anything else (a
 * number sent as text, a missing key, an odd time) gives null and goes through
 * the schema, which normalises it or refuses it; the result is the same.
 */
export function plainRowColumns(raw: unknown): RowWithColumns | null {
  if (typeof raw !== 'object' || raw === null) return null
  const r = raw as Record<string, unknown>
  if (!Number.isSafeInteger(r.id)) return null
  for (const key of idColumns) if (r[key] !== null && !Number.isSafeInteger(r[key])) return null
  for (const key of textColumns) if (r[key] !== null && typeof r[key] !== 'string') return null
  for (const key of flagColumns) if (typeof r[key] !== 'boolean') return null
  for (const key of numberColumns) if (r[key] !== null && typeof r[key] !== 'number') return null
  const created = r.created_at
  if (created !== null && (typeof created !== 'string' || toIsoTimestamp(created) !== created)) return null
  return {
    id: r.id as number,
    columns: {
      zid: r.zid as number | null,
      ean13: r.ean13 as string | null,
      extra_description: r.extra_description as string | null,
      entity_id: r.entity_id as number | null,
      updater_id: r.updater_id as number | null,
      created_at: created,
      pays_vat: r.pays_vat as boolean,
      quotable: r.quotable as boolean,
      ecommerce: r.ecommerce as boolean,
      sellable: r.sellable as boolean,
      purchasable: r.purchasable as boolean,
      category_bundle: r.category_bundle as boolean,
      item_country_code_id: r.item_country_code_id as number | null,
      weight: r.weight as number | null,
      volume: r.volume as number | null,
      measurement_unit: r.measurement_unit as string | null,
      color: r.color as string | null,
      youtube_video_url: r.youtube_video_url as string | null,
    },
  }
}

/** One entry of the list: the plain shape as it is, anything else through the schema; null when the schema refuses it. */
export function restRowColumns(raw: unknown): RowWithColumns | null {
  const plain = plainRowColumns(raw)
  if (plain) return plain
  const row = rowWithColumns.safeParse(raw)
  if (!row.success) return null
  const { id: bundleId, ...columns } = row.data
  return { id: bundleId, columns }
}

/**
 * Every bundle's REST-only columns, handed to `take` in batches as the list
 * arrives (it is streamed: 100,000 bundles are about 100 MB of JSON, never
 * held whole). One odd entry is skipped (its columns stay unknown) rather
 * than failing the list: these columns are optional detail, the GraphQL pull
 * is the catalogue.
 */
export async function readRestBundleColumns(
  rest: RestClient,
  take: (batch: RowWithColumns[]) => void,
  signal?: AbortSignal,
  batchSize = 500,
): Promise<void> {
  let batch: RowWithColumns[] = []
  const list = await rest.stream({ method: 'GET', path: '/inventories/bundles.json', kind: 'streamedList', signal })
  for await (const entries of jsonArrayBatches(list, rest.limits.record.maxBytes)) {
    for (const entry of entries) {
      const row = restRowColumns(entry)
      if (!row) continue
      batch.push(row)
      if (batch.length >= batchSize) {
        take(batch)
        batch = []
      }
    }
  }
  if (batch.length > 0) take(batch)
}
