import { z } from 'zod'
import { bundleSchema, type ServiceBundle } from './bundlesApi'
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

const rowWithId = z.object({ id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]) })

/**
 * Every bundle's REST-only columns by id. One odd entry is skipped (its
 * columns stay unknown) rather than failing the list: these columns are
 * optional detail, the GraphQL pull is the catalogue.
 */
export async function fetchRestBundleColumns(rest: RestClient): Promise<Map<number, RestBundleColumns>> {
  const list = await rest.request({ method: 'GET', path: '/inventories/bundles.json' }, z.array(z.unknown()))
  const byId = new Map<number, RestBundleColumns>()
  for (const entry of list) {
    const key = rowWithId.safeParse(entry)
    const columns = restOnlyBundleColumns.safeParse(entry)
    if (key.success && columns.success) byId.set(key.data.id, columns.data)
  }
  return byId
}
