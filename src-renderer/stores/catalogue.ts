import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { onEvent, request } from '../api'
import type { RequestInput } from '@shared/contract'
import type { BundleMedia, ImageSlot } from '@shared/bundleImages'
import type { ImportOutcome } from '@shared/bundleImport'
import type { BundleDetail, CatalogueQuery, CatalogueStatus, FileData, PullProgress } from '@shared/catalogue'
import { createLoader } from './loader'
import { useWhoAmIStore } from './whoami'

export type ActiveFilter = 'all' | 'active' | 'inactive'

/**
 * The catalogue area's one door to the service: the cached catalogue's state
 * (when it was pulled, whether a pull runs), the list's filters, the open
 * bundle's images, and every read and command the catalogue screens make.
 * The filters live here, not in the view, so coming back from a bundle finds
 * the list as it was left. Commands apply what they changed here (the list's
 * revision, the tags, the images) so no screen re-reads after its own change.
 */
export const useCatalogueStore = defineStore('catalogue', () => {
  const status = ref<CatalogueStatus | null>(null)
  const statusLoader = createLoader(
    () => request('catalogue.status'),
    (next) => (status.value = next),
  )
  const statusError = computed(() => statusLoader.error)
  const progress = ref<PullProgress | null>(null)
  const tags = ref<{ tag: string; count: number }[]>([])
  /** Bumped whenever the cached rows may have changed; the list reloads on it. */
  const revision = ref(0)

  const query = ref('')
  const tag = ref<string | null>(null)
  const active = ref<ActiveFilter>('all')

  /** Whether the next pull reads everything again (the clerk asked to), not only what changed. */
  let pullWhole = false
  const puller = createLoader(
    () => request('catalogue.pull', { full: pullWhole }),
    (next) => (status.value = next),
  )
  const pullError = computed(() => puller.error)
  const pulling = computed(() => puller.loading || (status.value?.pulling ?? false))
  const hasSnapshot = computed(() => !!status.value?.pulledAt)
  /** False when the snapshot's server has no tags (unknown before the first pull counts as available). */
  const tagsAvailable = computed(() => status.value?.capabilities?.tags !== false)
  /** The note on what this server lacks is said once: closed, it stays closed until the app restarts. */
  const limitsDismissed = ref(false)
  const whoami = useWhoAmIStore()

  onEvent('catalogue.progress', (next) => {
    progress.value = next.phase === 'done' ? null : next
  })
  onEvent('catalogue.changed', (next) => {
    status.value = next
    if (!next.pulling) progress.value = null
    revision.value += 1
    void loadTags()
  })

  async function loadStatus(): Promise<void> {
    await statusLoader.load()
  }

  async function loadTags(): Promise<void> {
    try {
      tags.value = await request('catalogue.tags')
      // A tag that no longer exists would filter the list down to nothing.
      if (tag.value !== null && !tags.value.some((t) => t.tag === tag.value)) tag.value = null
    } catch {
      // The cloud is a convenience: without it the list still works.
    }
  }

  /**
   * What changed on the service since the last pull (`full`: everything again, every agency's stock).
   * Never throws: the failure is shown on the catalogue screen.
   */
  async function pull(full = false): Promise<void> {
    if (puller.loading) return
    pullWhole = full
    // The last failure goes as the clerk asks again: the progress takes its place.
    puller.reset()
    await puller.load()
    progress.value = null
    revision.value += 1
    void loadTags()
  }

  function clearFilters(): void {
    query.value = ''
    tag.value = null
    active.value = 'all'
  }

  /** The cached rows changed by a command of ours: the list reads its visible page again, the tag cloud too. */
  function cachedRowsChanged(): void {
    revision.value += 1
    void loadTags()
  }

  // --- Reads of the cached catalogue (the core answers in about a millisecond)
  const search = (q: CatalogueQuery) => request('catalogue.search', q)
  const searchItems = (text: string) => request('items.search', { query: text.trim(), limit: 20 })
  const exportRows = (input: RequestInput<'catalogue.export'>) => request('catalogue.export', input)
  /** The items of a dynamic bundle's category that the user's agency has in stock, as the service reports them now. */
  const dynamicItems = (bundleId: number) => request('bundles.dynamicItems', { bundleId })

  const categories = ref<{ id: number; name: string }[]>([])
  /** Read once per company: the select of the bundle form. Without it the bundle's own category id is still kept. */
  async function loadCategories(): Promise<void> {
    if (categories.value.length > 0) return
    try {
      categories.value = await request('itemCategories.list')
    } catch {
      // The select stays empty; the form still works.
    }
  }

  // --- Bundles
  const getBundle = (id: number, online: boolean) => request('bundles.get', { id, online })
  async function createBundle(input: RequestInput<'bundles.create'>): Promise<BundleDetail> {
    const created = await request('bundles.create', input)
    cachedRowsChanged()
    return created
  }
  async function updateBundle(id: number, changes: RequestInput<'bundles.update'>['changes']): Promise<BundleDetail> {
    const updated = await request('bundles.update', { id, changes })
    cachedRowsChanged()
    return updated
  }
  async function deleteBundle(id: number): Promise<void> {
    await request('bundles.delete', { id })
    cachedRowsChanged()
  }
  const importPreview = (file: FileData) => request('bundles.importPreview', file)
  async function importBundles(file: FileData): Promise<ImportOutcome> {
    const result = await request('bundles.import', file)
    // Updates are in the cache already; new bundles come with the pull the core started (the list follows it).
    cachedRowsChanged()
    return result
  }

  // --- The open bundle's images and forms (online only; offline the cached addresses stand in)
  const media = ref<BundleMedia | null>(null)
  let mediaOf = 0
  // Kept with its bundle's id: a screen shows it only for the bundle it has open.
  const mediaLoader = createLoader(
    () => request('bundles.media', { bundleId: mediaOf }),
    (fresh) => (media.value = fresh),
  )
  const mediaError = computed(() => mediaLoader.error)
  async function loadMedia(bundleId: number): Promise<void> {
    mediaOf = bundleId
    await mediaLoader.load()
  }
  /** An answer still on its way is forgotten too: it belongs to the bundle or the company left. */
  function forgetMedia(): void {
    media.value = null
    mediaLoader.reset()
  }
  async function setImage(input: RequestInput<'bundles.setImage'>): Promise<BundleMedia> {
    media.value = await request('bundles.setImage', input)
    return media.value
  }
  async function removeImage(bundleId: number, slot: ImageSlot): Promise<BundleMedia> {
    media.value = await request('bundles.removeImage', { bundleId, slot })
    return media.value
  }

  // Another company has its own categories and bundles.
  watch(
    () => whoami.currentEntity?.id,
    (next, previous) => {
      if (previous === undefined || next === previous) return
      categories.value = []
      forgetMedia()
    },
  )

  return {
    status,
    statusError,
    progress,
    pullError,
    pulling,
    hasSnapshot,
    tagsAvailable,
    limitsDismissed,
    tags,
    revision,
    query,
    tag,
    active,
    loadStatus,
    loadTags,
    pull,
    clearFilters,
    search,
    searchItems,
    exportRows,
    dynamicItems,
    categories,
    loadCategories,
    getBundle,
    createBundle,
    updateBundle,
    deleteBundle,
    importPreview,
    importBundles,
    media,
    mediaError,
    loadMedia,
    forgetMedia,
    setImage,
    removeImage,
  }
})
