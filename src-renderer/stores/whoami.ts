import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import type { WhoAmI } from '../../src-shared/domain'
import { AppError } from '../../src-shared/errors'

/** The signed-in profile, its memberships and where it works now. */
export const useWhoAmIStore = defineStore('whoami', () => {
  const data = ref<WhoAmI | null>(null)
  const loading = ref(false)
  const error = ref<AppError | null>(null)
  const switchingTo = ref<number | null>(null)

  const currentEntity = computed(() => data.value?.currentEntity ?? null)

  onEvent('entity.changed', (next) => {
    data.value = next
  })

  async function load(): Promise<void> {
    loading.value = true
    try {
      data.value = await request('profile.whoami')
      error.value = null
    } catch (err) {
      error.value = AppError.from(err)
    } finally {
      loading.value = false
    }
  }

  /** Throws so the caller can show the failure where the user clicked. */
  async function switchEntity(entityId: number): Promise<WhoAmI> {
    switchingTo.value = entityId
    try {
      const next = await request('entity.switch', { entityId })
      data.value = next
      return next
    } finally {
      switchingTo.value = null
    }
  }

  function clear(): void {
    data.value = null
    error.value = null
  }

  return { data, loading, error, switchingTo, currentEntity, load, switchEntity, clear }
})
