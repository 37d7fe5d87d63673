import { z } from 'zod'
import { bundleSchema, type ServiceBundle } from './bundlesApi'
import { jsonArrayElements } from './jsonArrayElements'
import { id } from './normalise'
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

/**
 * Every bundle's REST-only columns, handed to `take` in batches as the list
 * arrives (it is streamed: 100,000 bundles are about 100 MB of JSON, never
 * held whole). One odd entry is skipped (its columns stay unknown) rather
 * than failing the list: these columns are optional detail, the GraphQL pull
 * is the catalogue.
 */
export async function readRestBundleColumns(
  rest: RestClient,
  take: (batch: { id: number; columns: RestBundleColumns }[]) => void,
  batchSize = 2000,
): Promise<void> {
  let batch: { id: number; columns: RestBundleColumns }[] = []
  for await (const text of jsonArrayElements(await rest.stream({ method: 'GET', path: '/inventories/bundles.json' }))) {
    const row = rowWithColumns.safeParse(JSON.parse(text))
    if (!row.success) continue
    const { id: bundleId, ...columns } = row.data
    batch.push({ id: bundleId, columns })
    if (batch.length >= batchSize) {
      take(batch)
      batch = []
    }
  }
  if (batch.length > 0) take(batch)
}
