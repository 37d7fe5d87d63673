import type { catalogueRequests } from '@shared/contract/catalogue'
import type { AreaHandlers, CoreParts } from './parts'

/** The catalogue: the snapshot, bundles, their images. Assembled in core/createCore.ts. */
export function catalogueHandlers({ catalogue, bundles, bundleImages }: CoreParts): AreaHandlers<typeof catalogueRequests> {
  return {
    'catalogue.status': async () => catalogue.status(),
    'catalogue.pull': (input) => catalogue.pull(input?.full ?? false),
    'catalogue.search': async (query) => catalogue.search(query),
    'catalogue.tags': async () => catalogue.tags(),
    'catalogue.export': (query) => bundles.exportList(query),
    'items.search': async ({ query, limit }) => catalogue.items(query, limit),
    'itemCategories.list': async () => catalogue.itemCategories(),
    'bundles.get': ({ id, online }) => catalogue.bundle(id, online),
    'bundles.create': (input) => bundles.create(input),
    'bundles.update': ({ id, changes }) => bundles.update(id, changes),
    'bundles.delete': ({ id }) => bundles.delete(id),
    'bundles.dynamicItems': ({ bundleId, agencyId }) => bundles.dynamicItems(bundleId, agencyId),
    'bundles.importPreview': (file) => bundles.importPreview(file),
    'bundles.import': (file) => bundles.import(file),
    'bundles.media': ({ bundleId }) => bundleImages.media(bundleId),
    'bundles.setImage': ({ bundleId, slot, file }) => bundleImages.setImage(bundleId, slot, file),
    'bundles.removeImage': ({ bundleId, slot }) => bundleImages.removeImage(bundleId, slot),
  }
}
