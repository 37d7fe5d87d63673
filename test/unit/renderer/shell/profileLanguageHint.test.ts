import { describe, expect, it } from 'vitest'
import { lastProfileLanguage, rememberProfileLanguage } from '@renderer/i18n/profileLanguageHint'

/** The browser's storage as far as the hint uses it. */
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const kept = new Map<string, string>()
  return {
    getItem: (k) => kept.get(k) ?? null,
    setItem: (k, v) => void kept.set(k, v),
    removeItem: (k) => void kept.delete(k),
  }
}

describe("the last profile's language, for the next start", () => {
  it('is none on a first start, then the one remembered, and gone for a profile in a language the app does not speak', () => {
    const s = storage()
    expect(lastProfileLanguage(s)).toBeNull()
    rememberProfileLanguage(s, 'en')
    expect(lastProfileLanguage(s)).toBe('en')
    rememberProfileLanguage(s, null)
    expect(lastProfileLanguage(s)).toBeNull()
  })

  it('takes nothing but the two languages from storage another program may have written', () => {
    const s = storage()
    s.setItem('mostrador.profileLanguage', 'fr')
    expect(lastProfileLanguage(s)).toBeNull()
  })

  it('is never an error where storage is unavailable or full', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(lastProfileLanguage(broken)).toBeNull()
    expect(() => rememberProfileLanguage(broken, 'en')).not.toThrow()
  })
})
