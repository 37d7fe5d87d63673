import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { request } from '../api'
import type { RequestInput, RequestOutput } from '@shared/contract'
import type { SessionStatus } from '@shared/domain'
import { createLoader } from './loader'
import { notePageLoadedFor } from './pageServiceOrigin'
import { useSessionStatus } from './sessionStatus'

type AppInfo = RequestOutput<'app.info'>

/** Who is signed in and in which mode; the router and the shell follow it. */
export const useSessionStore = defineStore('session', () => {
  const { status, signedIn, training, trainingLineDown, take } = useSessionStatus()
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

  /** Loads once; the router waits on it before the first navigation. Never throws. */
  function ensureLoaded(): Promise<void> {
    loaded ??= loader.load().then((applied) => {
      if (!applied) loaded = null // let a retry try again
    })
    return loaded
  }

  /** A command that begins a session: its status is taken, or it waits while the page loads again (the shell opens in the new page). */
  async function begin(answer: Promise<SessionStatus>): Promise<void> {
    if (!take(await answer)) await new Promise<void>(() => undefined)
  }

  async function signIn(input: RequestInput<'session.signIn'>): Promise<void> {
    await begin(request('session.signIn', input))
  }

  async function startTraining(): Promise<void> {
    await begin(request('session.startTraining'))
  }

  async function resetTraining(): Promise<void> {
    await begin(request('session.resetTraining'))
  }

  async function setTrainingLine(up: boolean): Promise<void> {
    await begin(request('session.trainingLine', { up }))
  }

  async function signOut(): Promise<void> {
    take(await request('session.signOut'))
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
