import { toRefs, type Ref } from 'vue'
import type { CatalogueRow } from '@shared/catalogue'
import type { useCatalogueStore } from '../../stores/catalogue'
import { createLoader } from '../../stores/loader'
import type { PageCache } from './pageCache'

export type CataloguePage = Awaited<ReturnType<ReturnType<typeof useCatalogueStore>['search']>>

/** What the catalogue list's paging and its reload share: the rows held, the window on screen, the reload's count. */
export interface CatalogueList {
  cache: PageCache<CatalogueRow>
  /** Bumped when held rows change, so whoever reads rowAt renders again. */
  version: Ref<number>
  /** Bumped by each reload: a page or a reload asked before the last reload is dropped. */
  generation: number
  visible: { first: number; last: number }
  /** The total and the truncation of the latest answer. */
  answered: (page: CataloguePage) => void
  /** The total and the truncation unknown: no answer stands for what is asked now. */
  forgotten: () => void
}

/**
 * The catalogue list read again: the pages on screen together, replacing what was held when they arrive. It is
 * the list's read (createLoader); a page fetched while scrolling shares its error, so one notice speaks for the list.
 */
export function useCatalogueReload(list: CatalogueList, fetchPage: (page: number) => Promise<CataloguePage>, pageSize: number) {
  const { cache, version } = list
  /** The pages the running reload asks for (those on screen when it started). */
  let reloading: number[] = []
  const loader = createLoader(readVisible, showVisible)

  /**
   * The pages on screen, read together; a failure still current empties the list (its error says why) and forgets
   * its count, which belonged to the rows gone (the footer would count a filter never read).
   */
  async function readVisible(): Promise<{ pages: number[]; results: CataloguePage[] }> {
    const gen = list.generation
    const pages = reloading
    try {
      return { pages, results: await Promise.all(pages.map((page) => fetchPage(page))) }
    } catch (err) {
      if (gen === list.generation) {
        cache.clear()
        list.forgotten()
        version.value += 1
      }
      throw err
    }
  }

  function showVisible({ pages, results }: { pages: number[]; results: CataloguePage[] }): void {
    cache.clear()
    pages.forEach((page, i) => cache.store(page, results[i]!.rows))
    list.answered(results[0] ?? { rows: [], total: 0, truncated: false })
    version.value += 1
  }

  /**
   * Asks again for what is on screen. With `fromTop` (new filters) the list
   * starts over at the first row; otherwise (the cache changed) the rows stay
   * in place until their fresh copies arrive, so nothing flickers.
   */
  async function reload(fromTop: boolean): Promise<void> {
    list.generation += 1
    const visible = list.visible
    if (fromTop) list.visible = { first: 0, last: Math.max(visible.last - visible.first, pageSize - 1) }
    reloading = []
    for (let page = cache.pageOf(list.visible.first); page <= cache.pageOf(list.visible.last); page++) reloading.push(page)
    await loader.load()
  }

  return { ...toRefs(loader), reload }
}
