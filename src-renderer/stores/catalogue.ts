import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import { useBundleCommands } from './bundleCommands'
import { useBundleMedia } from './bundleMedia'
import { useCatalogueFilters } from './catalogueFilters'
import { catalogueReads, useItemCategories } from './catalogueReads'
import { useCatalogueSnapshot } from './catalogueSnapshot'
import { useCatalogueTags } from './catalogueTags'
import { useWhoAmIStore } from './whoami'

export type { ActiveFilter } from './catalogueFilters'

/**
 * The catalogue area's one door to the service: the cached catalogue's state
 * (when it was pulled, whether a pull runs), the list's filters, the open
 * bundle's images, and every read and command the catalogue screens make.
 * The filters live here, not in the view, so coming back from a bundle finds
 * the list as it was left. Commands apply what they changed here (the list's
 * revision, the tags, the images) so no screen re-reads after its own change.
 */
export const useCatalogueStore = defineStore('catalogue', () => {
  const filters = useCatalogueFilters()
  const { tags, loadTags } = useCatalogueTags(filters.tag)
  /** Bumped whenever the cached rows may have changed; the list reloads on it. */
  const revision = ref(0)
  /** The cached rows changed (a pull, the core, a command of ours): the list reads its visible page again, the tag cloud too. */
  function cachedRowsChanged(): void {
    revision.value += 1
    void loadTags()
  }
  const snapshot = useCatalogueSnapshot(cachedRowsChanged)
  const { categories, categoriesError, loadCategories, forgetCategories } = useItemCategories()
  const media = useBundleMedia()

  // Another company has its own categories and bundles.
  const whoami = useWhoAmIStore()
  watch(
    () => whoami.currentEntity?.id,
    (next, previous) => {
      if (previous === undefined || next === previous) return
      forgetCategories()
      media.forgetMedia()
    },
  )

  return {
    ...snapshot,
    tags,
    revision,
    ...filters,
    loadTags,
    ...catalogueReads,
    categories,
    categoriesError,
    loadCategories,
    ...useBundleCommands(cachedRowsChanged),
    ...media,
  }
})
