import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import type { RequestInput, RequestOutput } from '@shared/contract'
import type { SessionStatus } from '@shared/domain'
import { createLoader } from './loader'
import { loadPageAgain, needsFreshPage, notePageLoadedFor } from './pageServiceOrigin'

type AppInfo = RequestOutput<'app.info'>

/** Who is signed in and in which mode; the router and the shell follow it. */
export const useSessionStore = defineStore('session', () => {
  const status = ref<SessionStatus | null>(null)
  const appInfo = ref<AppInfo | null>(null)
  const loader = createLoader(
    () => Promise.all([request('session.status'), request('app.info')]),
    ([current, info]) => {
      notePageLoadedFor(current)
      status.value = current
      appInfo.value = info
    },
  )
  const loadError = computed(() => loader.error)
  let loaded: Promise<void> | null = null

  const signedIn = computed(() => status.value?.state === 'signed_in')
  const training = computed(() => status.value?.state === 'signed_in' && status.value.training)

  /**
   * Takes a new session status, unless it is a session on a service the page's policy does not name: then the
   * page loads again (pageServiceOrigin.ts) and false says the status was not taken.
   */
  function apply(next: SessionStatus): boolean {
    if (needsFreshPage(next)) {
      loadPageAgain()
      return false
    }
    status.value = next
    return true
  }

  /** What a command that began a session waits on while the page loads again: the shell opens in the new page. */
  const reloading = () => new Promise<void>(() => undefined)

  onEvent('session.changed', (next) => {
    apply(next)
  })

  /** Loads once; the router waits on it before the first navigation. Never throws. */
  function ensureLoaded(): Promise<void> {
    loaded ??= loader.load().then((applied) => {
      if (!applied) loaded = null // let a retry try again
    })
    return loaded
  }

  async function signIn(input: RequestInput<'session.signIn'>): Promise<void> {
    if (!apply(await request('session.signIn', input))) await reloading()
  }

  async function startTraining(): Promise<void> {
    if (!apply(await request('session.startTraining'))) await reloading()
  }

  async function resetTraining(): Promise<void> {
    if (!apply(await request('session.resetTraining'))) await reloading()
  }

  /** Training's "Simular sin conexión" (the core refuses it outside training). */
  const trainingLineDown = computed(() => status.value?.state === 'signed_in' && status.value.trainingLineDown === true)
  async function setTrainingLine(up: boolean): Promise<void> {
    if (!apply(await request('session.trainingLine', { up }))) await reloading()
  }

  async function signOut(): Promise<void> {
    apply(await request('session.signOut'))
  }

  return {
    status,
    appInfo,
    loadError,
    signedIn,
    training,
    trainingLineDown,
    ensureLoaded,
    signIn,
    startTraining,
    resetTraining,
    setTrainingLine,
    signOut,
  }
})
