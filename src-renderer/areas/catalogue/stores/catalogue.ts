import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '@renderer/api'
import type { CatalogueStatus, PullProgress } from '@shared/catalogue'
import { AppError } from '@shared/errors'

export type ActiveFilter = 'all' | 'active' | 'inactive'

/**
 * The cached catalogue's state (when it was pulled, whether a pull runs) and
 * the list's filters. The filters live here, not in the view, so coming back
 * from a bundle finds the list as it was left.
 */
export const useCatalogueStore = defineStore('catalogue', () => {
  const status = ref<CatalogueStatus | null>(null)
  const statusError = ref<AppError | null>(null)
  const progress = ref<PullProgress | null>(null)
  const pullError = ref<AppError | null>(null)
  const pullRequested = ref(false)
  const tags = ref<{ tag: string; count: number }[]>([])
  /** Bumped whenever the cached rows may have changed; the list reloads on it. */
  const revision = ref(0)

  const query = ref('')
  const tag = ref<string | null>(null)
  const active = ref<ActiveFilter>('all')

  const pulling = computed(() => pullRequested.value || (status.value?.pulling ?? false))
  const hasSnapshot = computed(() => !!status.value?.pulledAt)
  /** False when the snapshot's server has no tags (unknown before the first pull counts as available). */
  const tagsAvailable = computed(() => status.value?.capabilities?.tags !== false)
  /** The note on what this server lacks is said once: closed, it stays closed until the app restarts. */
  const limitsDismissed = ref(false)

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
    try {
      status.value = await request('catalogue.status')
      statusError.value = null
    } catch (err) {
      statusError.value = AppError.from(err)
    }
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

  /** Fresh snapshot from the service. Never throws: the failure is shown on the catalogue screen. */
  async function pull(): Promise<void> {
    if (pullRequested.value) return
    pullRequested.value = true
    pullError.value = null
    try {
      status.value = await request('catalogue.pull')
    } catch (err) {
      pullError.value = AppError.from(err)
    } finally {
      pullRequested.value = false
      progress.value = null
      revision.value += 1
      void loadTags()
    }
  }

  function clearFilters(): void {
    query.value = ''
    tag.value = null
    active.value = 'all'
  }

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
  }
})
