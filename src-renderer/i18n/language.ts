import type { Language } from '@shared/domain'

/** The service stores languages freely ("es", "en-US", "English"); the app speaks two. */
export function toAppLanguage(profileLanguage: string | null | undefined): Language | null {
  if (!profileLanguage) return null
  const value = profileLanguage.trim().toLowerCase()
  if (value.startsWith('en') || value === 'inglés' || value === 'ingles') return 'en'
  if (value.startsWith('es') || value === 'spanish') return 'es'
  return null
}
