import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import type { CatalogueStatus, PullProgress } from '@shared/catalogue'
import { createLoader } from './loader'

/** A change of the service's clock against this computer's past this is a clock set right or found wrong, not drift. */
const OFFSET_MOVED_MS = 60_000

/**
 * The cached catalogue's state (when it was pulled, whether a pull runs, what its server lacks) and pulling it.
 * `rowsChanged` is told whenever a pull or the core may have changed the cached rows.
 */
export function useCatalogueSnapshot(rowsChanged: () => void) {
  const status = ref<CatalogueStatus | null>(null)
  const statusLoader = createLoader(
    () => request('catalogue.status'),
    (next) => (status.value = next),
  )
  const statusError = computed(() => statusLoader.error)
  const progress = ref<PullProgress | null>(null)

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

  onEvent('catalogue.progress', (next) => {
    progress.value = next.phase === 'done' ? null : next
  })
  // Another entity, another cache: its state is read at once, not when its first pull ends. The state of the
  // company left behind goes first, so a read that fails shows the state as unknown, not as the old company's.
  onEvent('entity.changed', () => {
    status.value = null
    void statusLoader.load()
  })
  // The clocks' difference measured anew: the snapshot's time is told on this clock as it is now (the core's
  // clockStamp.ts), so a computer set right since the pull makes the figures older: read it again.
  // The core tells a difference once it matters (a minute or more), so none told yet is as good as none.
  let offsetSeen = 0
  onEvent('connection.changed', ({ clockOffsetMs }) => {
    if (clockOffsetMs === null) return
    const moved = Math.abs(clockOffsetMs - offsetSeen) > OFFSET_MOVED_MS
    offsetSeen = clockOffsetMs
    if (moved && status.value) void statusLoader.load()
  })
  onEvent('catalogue.changed', (next) => {
    status.value = next
    if (!next.pulling) progress.value = null
    rowsChanged()
  })

  async function loadStatus(): Promise<void> {
    await statusLoader.load()
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
    rowsChanged()
  }

  return { status, statusError, progress, pullError, pulling, hasSnapshot, tagsAvailable, limitsDismissed, loadStatus, pull }
}
