import { computed } from 'vue'
import { usePreferencesStore } from '@renderer/stores/preferences'

/** Where earlier versions kept the choice (this window's storage): read once, moved into the preferences, removed. */
const oldViewKey = 'mostrador.dispatch.view'

/** Cards or the dense list: the user's preference, kept with the others (settings) so it survives restarts. */
export function useDispatchViewMode() {
  const preferences = usePreferencesStore()
  void moveOldViewChoice(preferences)
  return computed({
    get: () => preferences.preferences.dispatchView,
    set: (mode: 'cards' | 'list') => void preferences.set({ dispatchView: mode }),
  })
}

async function moveOldViewChoice(preferences: ReturnType<typeof usePreferencesStore>): Promise<void> {
  let old: string | null
  try {
    old = window.localStorage.getItem(oldViewKey)
    window.localStorage.removeItem(oldViewKey)
  } catch {
    return
  }
  if (old !== 'list' && old !== 'cards') return
  await preferences.ensureLoaded()
  if (preferences.preferences.dispatchView !== old) await preferences.set({ dispatchView: old })
}
