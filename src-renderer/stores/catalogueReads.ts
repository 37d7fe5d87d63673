import { ref } from 'vue'
import { request } from '../api'
import type { RequestInput } from '@shared/contract'
import type { CatalogueQuery } from '@shared/catalogue'

/** Reads of the cached catalogue (the core answers in about a millisecond); nothing of them is kept. */
export const catalogueReads = {
  search: (q: CatalogueQuery) => request('catalogue.search', q),
  searchItems: (text: string) => request('items.search', { query: text.trim(), limit: 20 }),
  exportRows: (input: RequestInput<'catalogue.export'>) => request('catalogue.export', input),
  /** The items of a dynamic bundle's category that the user's agency has in stock, as the service reports them now. */
  dynamicItems: (bundleId: number) => request('bundles.dynamicItems', { bundleId }),
}

/** The item categories, read once per company: the select of the bundle form. Without them the bundle's own category id is still kept. */
export function useItemCategories() {
  const categories = ref<{ id: number; name: string }[]>([])

  async function loadCategories(): Promise<void> {
    if (categories.value.length > 0) return
    try {
      categories.value = await request('itemCategories.list')
    } catch {
      // The select stays empty; the form still works.
    }
  }

  return { categories, loadCategories }
}
