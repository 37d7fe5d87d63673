import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import type { RequestInput, RequestOutput } from '@shared/contract'
import type { SessionStatus } from '@shared/domain'
import { AppError } from '@shared/errors'

type AppInfo = RequestOutput<'app.info'>

/** Who is signed in and in which mode; the router and the shell follow it. */
export const useSessionStore = defineStore('session', () => {
  const status = ref<SessionStatus | null>(null)
  const appInfo = ref<AppInfo | null>(null)
  const loadError = ref<AppError | null>(null)
  let loading: Promise<void> | null = null

  const signedIn = computed(() => status.value?.state === 'signed_in')
  const training = computed(() => status.value?.state === 'signed_in' && status.value.training)

  onEvent('session.changed', (next) => {
    status.value = next
  })

  /** Loads once; the router waits on it before the first navigation. Never throws. */
  function ensureLoaded(): Promise<void> {
    loading ??= (async () => {
      try {
        const [current, info] = await Promise.all([request('session.status'), request('app.info')])
        status.value = current
        appInfo.value = info
        loadError.value = null
      } catch (err) {
        loadError.value = AppError.from(err)
        loading = null // let a retry try again
      }
    })()
    return loading
  }

  async function signIn(input: RequestInput<'session.signIn'>): Promise<void> {
    status.value = await request('session.signIn', input)
  }

  async function startTraining(): Promise<void> {
    status.value = await request('session.startTraining')
  }

  async function resetTraining(): Promise<void> {
    status.value = await request('session.resetTraining')
  }

  async function signOut(): Promise<void> {
    status.value = await request('session.signOut')
  }

  return { status, appInfo, loadError, signedIn, training, ensureLoaded, signIn, startTraining, resetTraining, signOut }
})
