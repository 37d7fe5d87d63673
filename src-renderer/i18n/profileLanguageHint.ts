import type { Language } from '@shared/domain'
import { safely } from '../storageHint'

/**
 * The language of the profile last signed in on this computer, kept in the browser's own storage: a start
 * speaks it before the profile is read again (after the first screen, see composables/firstScreenReady.ts) rather
 * than open in Spanish and turn English a moment later. Only a hint: the profile's own answer replaces it.
 */
const key = 'mostrador.profileLanguage'

export function lastProfileLanguage(storage: Pick<Storage, 'getItem'>): Language | null {
  const value = safely(() => storage.getItem(key))
  return value === 'es' || value === 'en' ? value : null
}

/** A profile whose language the app does not speak leaves no hint: its start is in Spanish, as its screens. */
export function rememberProfileLanguage(storage: Pick<Storage, 'setItem' | 'removeItem'>, language: Language | null): void {
  safely(() => (language ? storage.setItem(key, language) : storage.removeItem(key)))
}
