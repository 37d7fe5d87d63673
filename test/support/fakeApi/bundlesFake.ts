import type * as bundlesApi from '@core/api/bundlesApi'
import type { ServiceBundleDetail } from '@core/api/bundlesApi'
import type { BundleInput } from '@shared/catalogue'
import type { FakeService } from './fakeService'

/** A bundle as the service's REST show gives it, with what a test does not name left at the service's defaults. */
export function serviceBundle(id: number, input: BundleInput): ServiceBundleDetail {
  return {
    id,
    zid: id,
    active: input.active ?? true,
    code: input.code,
    ean13: input.ean13 ?? null,
    name: input.name,
    description: input.description ?? null,
    extra_description: null,
    entity_id: 3,
    updater_id: null,
    created_at: null,
    updated_at: null,
    bundle_details_count: input.components?.length ?? 0,
    pays_vat: true,
    quotable: true,
    ecommerce: false,
    sellable: true,
    purchasable: false,
    force_as_service_for_document_external_storage_service: false,
    category_bundle: input.categoryBundle ?? false,
    item_category_id: input.itemCategoryId ?? null,
    item_country_code_id: null,
    weight: null,
    volume: null,
    measurement_unit: null,
    color: null,
    image: null,
    image2: null,
    image3: null,
    image4: null,
    image5: null,
    youtube_video_url: null,
    tags: input.tags ?? [],
    bundle_details: (input.components ?? []).flatMap((c, i) =>
      c.itemId === undefined ? [] : [{ id: id * 100 + i, item_id: c.itemId, quantity: c.quantity, item: null }],
    ),
  }
}

/**
 * The bundle calls of BundleService. The service keeps a code unique in the entity: a second bundle
 * with a taken code is refused on `code`, as the real one refuses it.
 */
export function bundlesFake(
  service: FakeService,
): Pick<typeof bundlesApi, 'createBundle' | 'fetchBundles' | 'fetchBundle' | 'updateBundle' | 'deleteBundle'> {
  const taken = (code: string) => [...service.bundles.values()].some((b) => b.code === code)
  const found = (id: number) => {
    const b = service.bundles.get(id)
    if (!b) throw service.notFound(`bundle ${id}`)
    return b
  }
  return {
    createBundle: (_rest, input) => {
      if (taken(input.code))
        service.failNext('createBundle', { kind: 'refused', field: 'code', message: 'ya está en uso / has already been taken' })
      return service.write('createBundle', () => {
        const b = serviceBundle(service.newId(), input)
        service.bundles.set(b.id, b)
        return b
      })
    },
    fetchBundles: () => service.read('fetchBundles', () => [...service.bundles.values()]),
    fetchBundle: (_rest, id) => service.read('fetchBundle', () => found(id)),
    updateBundle: (_rest, id, changes) =>
      service.write('updateBundle', () => {
        const old = found(id)
        const b = { ...old, name: changes.name ?? old.name, description: changes.description ?? old.description }
        service.bundles.set(id, b)
        return b
      }),
    deleteBundle: (_rest, id) => service.write('deleteBundle', () => void service.bundles.delete(found(id).id)),
  }
}
