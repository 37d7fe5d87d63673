import { describe, expect, it } from 'vitest'
import { computed } from 'vue'
import { createI18n } from 'vue-i18n'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { i18n } from '@renderer/i18n'

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

/** What a call gives: its text, or that it threw (vue-i18n refuses a message it cannot compile; so must the app). */
function outcome(call: () => string): string {
  try {
    return call()
  } catch {
    return '(throws)'
  }
}

/** vue-i18n as it comes, to hold the app's answers against. */
function plainVueI18n(locale: 'es' | 'en') {
  return createI18n({ legacy: false, locale, fallbackLocale: 'es', messages: { es, en }, missingWarn: false }).global
}

describe("the app's t() for labels and messages with named placeholders", () => {
  it('answers every message of both languages as vue-i18n does', () => {
    for (const locale of ['es', 'en'] as const) {
      i18n.global.locale.value = locale
      const reference = plainVueI18n(locale)
      const differ = keys(es).filter((key) => i18n.global.t(key) !== reference.t(key))
      expect(differ, locale).toEqual([])
    }
    i18n.global.locale.value = 'es'
  })

  it('fills in every message of both languages as vue-i18n does, with text or numbers', () => {
    const t = i18n.global.t as (key: string, ...args: unknown[]) => string
    for (const locale of ['es', 'en'] as const) {
      i18n.global.locale.value = locale
      const reference = plainVueI18n(locale).t as (key: string, ...args: unknown[]) => string
      const tree = locale === 'es' ? es : en
      const differ = keys(tree).flatMap((key) => {
        const text = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], tree) as string
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
        if (names.length === 0) return []
        const asText = Object.fromEntries(names.map((name) => [name, `«${name}»`]))
        const asNumbers = Object.fromEntries(names.map((name, i) => [name, i + 1.5]))
        return [asText, asNumbers]
          .filter((args) => outcome(() => t(key, args)) !== outcome(() => reference(key, args)))
          .map((args) => `${key} ${JSON.stringify(args)}`)
      })
      expect(differ, locale).toEqual([])
    }
    i18n.global.locale.value = 'es'
  })

  it('still fills in placeholders and plural forms through vue-i18n', () => {
    const t = i18n.global.t as (key: string, ...args: unknown[]) => string
    const reference = plainVueI18n('es').t as (key: string, ...args: unknown[]) => string
    expect(t('status.lastContact', { time: '10:42' })).toBe(reference('status.lastContact', { time: '10:42' }))
    expect(t('status.lastContact', { time: '10:42' })).toContain('10:42')
    // A value that is neither text nor a number, and a missing one, are vue-i18n's to show.
    expect(t('status.lastContact', { time: null })).toBe(reference('status.lastContact', { time: null }))
    expect(t('status.lastContact', {})).toBe(reference('status.lastContact', {}))
  })

  it('follows a change of language on a screen already showing the label', () => {
    i18n.global.locale.value = 'es'
    const label = computed(() => i18n.global.t('app.retry'))
    expect(label.value).toBe('Reintentar')
    i18n.global.locale.value = 'en'
    expect(label.value).toBe(en.app.retry)
    i18n.global.locale.value = 'es'
    expect(label.value).toBe('Reintentar')
  })
})
