import { computed, ref } from 'vue'
import { request } from '../api'
import type { RequestInput } from '@shared/contract'
import type { CatalogueQuery } from '@shared/catalogue'
import { createLoader } from './loader'

/** Reads of the cached catalogue (the core answers in about a millisecond); nothing of them is kept. */
export const catalogueReads = {
  search: (q: CatalogueQuery) => request('catalogue.search', q),
  searchItems: (text: string) => request('items.search', { query: text.trim(), limit: 20 }),
  exportRows: (input: RequestInput<'catalogue.export'>) => request('catalogue.export', input),
  /** The items of a dynamic bundle's category that the user's agency has in stock, as the service reports them now. */
  dynamicItems: (bundleId: number) => request('bundles.dynamicItems', { bundleId }),
}

/**
 * The item categories, read once per company: the select of the bundle form. Without them the bundle's own category
 * id is still kept; a failed read is kept (createLoader) so the form says why the select is empty and can ask again.
 */
export function useItemCategories() {
  const categories = ref<{ id: number; name: string }[]>([])
  const categoriesLoader = createLoader(
    () => request('itemCategories.list'),
    (next) => (categories.value = next),
  )
  const categoriesError = computed(() => categoriesLoader.error)

  async function loadCategories(): Promise<void> {
    if (categories.value.length > 0) return
    await categoriesLoader.load()
  }
  /** Another company has its own: an answer still on its way, or a failure, is the company left behind's. */
  function forgetCategories(): void {
    categories.value = []
    categoriesLoader.reset()
  }

  return { categories, categoriesError, loadCategories, forgetCategories }
}
