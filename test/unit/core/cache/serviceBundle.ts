import { unknownRestColumns, type RestBundleColumns } from '@core/api/bundleColumnsRest'
import type { ServiceBundleWithDetails } from '@core/cache/catalogueRowWrites'

/** A bundle as its REST show gives it (a routine pull's read), its REST-only columns `columns`. */
export const serviceBundle = (id: number, columns: RestBundleColumns = unknownRestColumns): ServiceBundleWithDetails =>
  Object.assign({}, columns, {
    id,
    code: `KIT-${id}`,
    name: `Caja ${id}`,
    description: null,
    updated_at: '2026-11-30T10:00:00.000Z',
    item_category_id: null,
    active: true,
    bundle_details_count: 1,
    bundle_details: [{ id: id * 10, item_id: 1, quantity: '1' }],
    tags: ['feria'],
  }) as unknown as ServiceBundleWithDetails
