import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { request } from '../api'
import type { Preferences } from '@shared/domain'
import { defaultPreferences } from '@shared/preferenceValues'
import { createSaveQueue } from './saveQueue'

// No window where a screen's controller is tested under plain Node (it prints through usePrint, which reads the paper here).
const darkQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null

/** Theme, language and station chosen on this computer; kept by the main process so they survive restarts. */
export const usePreferencesStore = defineStore('preferences', () => {
  const preferences = ref<Preferences>(structuredClone(defaultPreferences))
  /** The first load is done (the landing screen depends on the station). */
  const loaded = ref(false)
  const systemDark = ref(darkQuery?.matches ?? false)
  const saves = createSaveQueue()

  darkQuery?.addEventListener('change', (e) => {
    systemDark.value = e.matches
  })

  const dark = computed(() => (preferences.value.theme === 'system' ? systemDark.value : preferences.value.theme === 'dark'))

  let first: Promise<void> | null = null
  /** The first load, started once (the landing screen waits for the station). */
  function ensureLoaded(): Promise<void> {
    return (first ??= load())
  }

  async function load(): Promise<void> {
    try {
      preferences.value = await request('preferences.get')
    } catch {
      // Defaults are a fine way to start; the user can still choose.
    } finally {
      loaded.value = true
    }
  }

  /** Applies at once, then saves after the choices before it; a failed save puts back what it changed. */
  function set(patch: Partial<Preferences>): Promise<void> {
    const previous = preferences.value
    preferences.value = { ...previous, ...patch }
    return saves.enqueue(async () => {
      try {
        preferences.value = await request('preferences.set', patch)
      } catch (err) {
        const undone = Object.fromEntries(Object.keys(patch).map((key) => [key, previous[key as keyof Preferences]]))
        preferences.value = { ...preferences.value, ...undone }
        throw err
      }
    })
  }

  const saveError = computed(() => saves.error)
  return { preferences, loaded, dark, saveError, load, ensureLoaded, set }
})
