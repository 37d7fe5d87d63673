import { describe, expect, it } from 'vitest'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { toAppLanguage } from '@renderer/i18n/language'

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

describe('renderer messages', () => {
  it('Spanish and English have exactly the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort())
  })

  it('no message is left empty in either language', () => {
    const empty = (messages: object) =>
      keys(messages).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], messages) === '')
    expect(empty(es)).toEqual([])
    expect(empty(en)).toEqual([])
  })

  it('reads the languages the service stores into the two the app speaks', () => {
    expect(toAppLanguage('es')).toBe('es')
    expect(toAppLanguage('es-GT')).toBe('es')
    expect(toAppLanguage('en')).toBe('en')
    expect(toAppLanguage('en-US')).toBe('en')
    expect(toAppLanguage('English')).toBe('en')
    expect(toAppLanguage('fr')).toBeNull()
    expect(toAppLanguage(null)).toBeNull()
  })
})
