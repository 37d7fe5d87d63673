import { ref } from 'vue'
import type { CatalogueQuery, CatalogueRow } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { useCatalogueStore } from '../../stores/catalogue'
import { PageCache } from './pageCache'
import { useCatalogueReload, type CatalogueList, type CataloguePage } from './useCatalogueReload'

export type CatalogueFilters = Required<Pick<CatalogueQuery, 'query' | 'tag' | 'active'>>

/**
 * The catalogue list's rows, fetched a page at a time as they come into view
 * (the core answers a page in about a millisecond, so asking is cheap; holding
 * 100,000 rows in the page is not).
 */
export function useCatalogueRows(filters: () => CatalogueFilters, pageSize = 100, keepAround = 3) {
  const catalogue = useCatalogueStore()
  const total = ref<number | null>(null)
  /** A text search lists its best matches only (the core caps them); the clerk is told to narrow it. */
  const truncated = ref(false)
  const list: CatalogueList = {
    cache: new PageCache<CatalogueRow>(pageSize, keepAround),
    version: ref(0),
    generation: 0,
    visible: { first: 0, last: pageSize - 1 },
    answered: (result: CataloguePage) => {
      total.value = result.total
      truncated.value = result.truncated
    },
    forgotten: () => {
      total.value = null
      truncated.value = false
    },
  }
  const { cache, version } = list

  async function fetchPage(page: number) {
    return catalogue.search({ ...filters(), offset: page * pageSize, limit: pageSize })
  }
  const { loading, error, reload } = useCatalogueReload(list, fetchPage, pageSize)

  function nearVisible(page: number): boolean {
    return page >= cache.pageOf(list.visible.first) - keepAround && page <= cache.pageOf(list.visible.last) + keepAround
  }

  async function load(page: number, gen: number): Promise<void> {
    cache.markPending(page)
    try {
      const result = await fetchPage(page)
      if (gen !== list.generation) return
      // A fast scroll may have moved on while this page travelled: keep it only if still near.
      if (nearVisible(page)) cache.store(page, result.rows)
      else cache.fail(page)
      list.answered(result)
      error.value = null
    } catch (err) {
      if (gen !== list.generation) return
      cache.fail(page)
      error.value = AppError.from(err)
    } finally {
      if (gen === list.generation) version.value += 1
    }
  }

  /** The list shows rows first..last now: fetch what is missing, forget what is far. */
  function show(first: number, last: number): void {
    list.visible = { first, last: Math.max(first, last) }
    cache.evictFarFrom(list.visible.first, list.visible.last)
    for (const page of cache.missing(list.visible.first, list.visible.last)) void load(page, list.generation)
  }

  function rowAt(index: number): CatalogueRow | undefined {
    void version.value // a dependency for whoever renders
    return cache.row(index)
  }

  return { total, truncated, error, loading, version, rowAt, show, reload, heldPages: () => cache.heldPages }
}
