import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import { createLoader } from './loader'
import type { WhoAmI } from '@shared/domain'
import { AppError } from '@shared/errors'

const agencyRetryMs = 60_000

/** The signed-in profile, its memberships and where it works now. */
export const useWhoAmIStore = defineStore('whoami', () => {
  const data = ref<WhoAmI | null>(null)
  const switchingTo = ref<number | null>(null)

  const currentEntity = computed(() => data.value?.currentEntity ?? null)
  /**
   * The clerk's time zone as the profile names it; until the profile is read (the first moments of a start), the
   * computer's. Days and times on screen (useFormatters, useLotFreshness) follow it.
   */
  const timeZone = computed(() => data.value?.profile.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
  const agencyError = computed(() => (data.value?.agencyError ? AppError.fromPayload(data.value.agencyError) : null))

  // An agency the service would not give is asked for again, so a counter recovers by itself.
  let agencyRetry: ReturnType<typeof setTimeout> | undefined
  function retryAgencyLater(): void {
    clearTimeout(agencyRetry)
    agencyRetry = data.value?.agencyError ? setTimeout(() => void load(), agencyRetryMs) : undefined
  }

  onEvent('entity.changed', (next) => {
    data.value = next
    retryAgencyLater()
  })

  const loader = createLoader(
    () => request('profile.whoami'),
    (next) => {
      data.value = next
      retryAgencyLater()
    },
  )
  async function load(): Promise<void> {
    await loader.load()
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
    clearTimeout(agencyRetry)
    data.value = null
    // An answer still on its way is the signed-out profile's.
    loader.reset()
  }

  const loading = computed(() => loader.loading)
  const error = computed(() => loader.error)
  return { data, loading, error, switchingTo, currentEntity, timeZone, agencyError, load, switchEntity, clear }
})
