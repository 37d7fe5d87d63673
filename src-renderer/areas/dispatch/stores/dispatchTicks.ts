import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '@renderer/api'
import { AppError } from '@shared/errors'
import { createSaveQueue } from '@renderer/stores/saveQueue'
import type { Ticks } from '../dispatchScan'

/**
 * What the warehouse has counted of each booking it is picking, by the booking's
 * local id. Kept by the core in the entity's cache (dispatch.keepTicks) as it is
 * counted, so a reload or a restart of the app finds the count again; shown at
 * once, saved behind. The core drops a booking's count once it is shipped or gone.
 */
export const useDispatchTicksStore = defineStore('dispatchTicks', () => {
  const ticks = ref<Record<string, Ticks>>({})
  /** The entity the counts were read in: writes name it, so a switch of company never carries them over. */
  const entityId = ref<number | null>(null)
  /** The last save failed: the count lasts only in this window until a save goes through. */
  const saves = createSaveQueue()
  const loaded = ref(false)

  let loadError: AppError | null = null
  let loading: Promise<void> | null = null
  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const read = await request('dispatch.ticks')
        // Counted in this window while the read was under way: that is the newer count.
        ticks.value = entityId.value === read.entityId ? { ...read.ticks, ...ticks.value } : read.ticks
        entityId.value = read.entityId
      } catch (err) {
        // The entity is not known yet (first start offline): counting works in this window, and says so once it is used.
        loadError = AppError.from(err)
      } finally {
        loaded.value = true
        loading = null
      }
    })()
    return loading
  }

  onEvent('entity.changed', () => {
    ticks.value = {}
    entityId.value = null
    loaded.value = false
    loadError = null
    saves.reset()
    void load()
  })

  /** One booking's count, whole (empty forgets it): shown at once, then kept in the core. */
  function set(localId: string, next: Ticks): Promise<void> {
    const all = { ...ticks.value }
    if (Object.keys(next).length > 0) all[localId] = next
    else delete all[localId]
    ticks.value = all
    // In order: a later count never lands before an earlier one.
    return saves.enqueue(async () => {
      if (entityId.value === null) await load()
      const entity = entityId.value
      if (entity === null) throw loadError ?? new AppError('not_ready')
      await request('dispatch.keepTicks', { entityId: entity, localId, ticks: { ...next } })
    })
  }

  /** Shipped (or gone): its count is of no more use. */
  function forget(localId: string): Promise<void> {
    return ticks.value[localId] ? set(localId, {}) : saves.settled()
  }

  const saveError = computed(() => saves.error)
  return { ticks, entityId, saveError, loaded, load, set, forget }
})
