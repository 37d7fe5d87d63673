import { ref } from 'vue'
import type { CatalogueQuery, CatalogueRow } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { useCatalogueStore } from '../../stores/catalogue'
import { PageCache } from './pageCache'

export type CatalogueFilters = Required<Pick<CatalogueQuery, 'query' | 'tag' | 'active'>>

/**
 * The catalogue list's rows, fetched a page at a time as they come into view
 * (the core answers a page in about a millisecond, so asking is cheap; holding
 * 100,000 rows in the page is not).
 */
export function useCatalogueRows(filters: () => CatalogueFilters, pageSize = 100, keepAround = 3) {
  const catalogue = useCatalogueStore()
  const cache = new PageCache<CatalogueRow>(pageSize, keepAround)
  const total = ref<number | null>(null)
  /** A text search lists its best matches only (the core caps them); the clerk is told to narrow it. */
  const truncated = ref(false)
  const error = ref<AppError | null>(null)
  /** Bumped when held rows change, so whoever reads rowAt renders again. */
  const version = ref(0)
  const loading = ref(false)
  let generation = 0
  let visible = { first: 0, last: pageSize - 1 }

  function nearVisible(page: number): boolean {
    return page >= cache.pageOf(visible.first) - keepAround && page <= cache.pageOf(visible.last) + keepAround
  }

  async function fetchPage(page: number) {
    return catalogue.search({ ...filters(), offset: page * pageSize, limit: pageSize })
  }

  async function load(page: number, gen: number): Promise<void> {
    cache.markPending(page)
    try {
      const result = await fetchPage(page)
      if (gen !== generation) return
      // A fast scroll may have moved on while this page travelled: keep it only if still near.
      if (nearVisible(page)) cache.store(page, result.rows)
      else cache.fail(page)
      total.value = result.total
      truncated.value = result.truncated
      error.value = null
    } catch (err) {
      if (gen !== generation) return
      cache.fail(page)
      error.value = AppError.from(err)
    } finally {
      if (gen === generation) version.value += 1
    }
  }

  /** The list shows rows first..last now: fetch what is missing, forget what is far. */
  function show(first: number, last: number): void {
    visible = { first, last: Math.max(first, last) }
    cache.evictFarFrom(visible.first, visible.last)
    for (const page of cache.missing(visible.first, visible.last)) void load(page, generation)
  }

  function rowAt(index: number): CatalogueRow | undefined {
    void version.value // a dependency for whoever renders
    return cache.row(index)
  }

  /**
   * Asks again for what is on screen. With `fromTop` (new filters) the list
   * starts over at the first row; otherwise (the cache changed) the rows stay
   * in place until their fresh copies arrive, so nothing flickers.
   */
  async function reload(fromTop: boolean): Promise<void> {
    generation += 1
    const gen = generation
    if (fromTop) visible = { first: 0, last: Math.max(visible.last - visible.first, pageSize - 1) }
    const pages: number[] = []
    for (let page = cache.pageOf(visible.first); page <= cache.pageOf(visible.last); page++) pages.push(page)
    loading.value = true
    try {
      const results = await Promise.all(pages.map((page) => fetchPage(page)))
      if (gen !== generation) return
      cache.clear()
      pages.forEach((page, i) => cache.store(page, results[i]!.rows))
      total.value = results[0]?.total ?? 0
      truncated.value = results[0]?.truncated ?? false
      error.value = null
    } catch (err) {
      if (gen !== generation) return
      cache.clear()
      error.value = AppError.from(err)
    } finally {
      if (gen === generation) {
        loading.value = false
        version.value += 1
      }
    }
  }

  return { total, truncated, error, loading, version, rowAt, show, reload, heldPages: () => cache.heldPages }
}
