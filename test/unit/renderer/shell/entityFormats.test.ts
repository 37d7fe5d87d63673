import { describe, expect, it, vi } from 'vitest'
import { createSSRApp, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { createPinia, setActivePinia } from 'pinia'
import { createI18n } from 'vue-i18n'
import Decimal from 'decimal.js'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { countryOfCurrency, countryOfZone, entityLocales } from '@renderer/composables/entityLocale'
import { formatMoney, useMoney } from '@renderer/composables/useMoney'
import { formatQuantity, useNumberFormat } from '@renderer/composables/useNumberFormat'
import { useFormatters } from '@renderer/composables/useFormatters'
import { useEntityLocale } from '@renderer/composables/useEntityLocale'
import { useWhoAmIStore } from '@renderer/stores/whoami'
import { useEntityCurrencyStore } from '@renderer/stores/entityCurrency'
import type { EntityCurrency } from '@shared/purchasing'
import type { WhoAmI } from '@shared/domain'

// The whoami store is filled by hand here; nothing is asked of the core.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

/** Intl separates a symbol with a no-break space; a clerk (and this test) reads a space. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

async function inApp<T>(language: 'es' | 'en', timeZone: string, use: () => T, currency: EntityCurrency | null = null): Promise<T> {
  let result: T | undefined
  const app = createSSRApp({
    setup() {
      result = use()
      return () => h('div')
    },
  })
  const pinia = createPinia()
  setActivePinia(pinia)
  app.use(pinia)
  app.use(createI18n({ legacy: false, locale: language, fallbackLocale: 'es', messages: { es, en } }))
  const whoami = useWhoAmIStore()
  whoami.data = {
    profile: { id: 1, email: 'a@b.c', name: 'A', language, timeZone },
    memberships: [],
    currentEntity: { id: 1, name: 'E' },
    agency: null,
    agencyError: null,
    fromCache: false,
  } satisfies WhoAmI
  // The entity's currency as the money screens' context keeps it.
  if (currency) useEntityCurrencyStore().currency = currency
  await renderToString(app)
  return result!
}

describe('the entity locale', () => {
  it('reads the country from the profile zone, IANA or Rails name', () => {
    expect(countryOfZone('America/Guatemala')).toBe('GT')
    expect(countryOfZone('Central America')).toBe('GT')
    expect(countryOfZone('Mars/Olympus')).toBeNull()
    expect(countryOfZone(null)).toBeNull()
  })

  it("follows the entity's country whatever the UI language, and never falls back to Spain's", () => {
    expect(entityLocales('es', 'America/Guatemala')).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    expect(entityLocales('en', 'America/Guatemala')).toEqual({ numbers: 'es-GT', dates: 'en-GB' })
    expect(entityLocales('es', 'Mars/Olympus')).toEqual({ numbers: 'es-419', dates: 'es-419' })
    expect(entityLocales('en', undefined)).toEqual({ numbers: 'en-US', dates: 'en-US' })
  })
})

describe("the country the entity's currency names", () => {
  it('is understood as an ISO code or a name, Spanish or English, and nothing else is taken for a country', () => {
    expect(countryOfCurrency('GT')).toBe('GT')
    expect(countryOfCurrency('gt')).toBe('GT')
    expect(countryOfCurrency('Guatemala')).toBe('GT')
    expect(countryOfCurrency(' República Dominicana ')).toBe('DO')
    expect(countryOfCurrency('Estados Unidos')).toBe('US')
    expect(countryOfCurrency('Narnia')).toBeNull()
    expect(countryOfCurrency('ZZ')).toBeNull()
    expect(countryOfCurrency(null)).toBeNull()
  })

  it("is preferred to the zone's guess, unless the zone's country keeps its books in that currency", () => {
    // A Guatemalan entity whose user left the profile on a US zone: the quetzal's country decides.
    expect(entityLocales('es', 'America/Chicago', { code: 'GTQ', country: 'Guatemala' })).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    expect(entityLocales('es', 'Mars/Olympus', { code: 'GTQ', country: 'GT' })).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    // El Salvador keeps its books in dollars: the dollar's country does not make it the US (month first).
    expect(entityLocales('es', 'America/El_Salvador', { code: 'USD', country: 'Estados Unidos' })).toEqual({
      numbers: 'es-SV',
      dates: 'es-SV',
    })
    // No country named, or one unknown here: the zone's guess, as before the currency was read.
    expect(entityLocales('es', 'America/Guatemala', { code: 'EUR', country: null })).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    expect(entityLocales('es', 'America/Guatemala', { code: 'XYZ', country: 'Narnia' })).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    expect(entityLocales('es', 'America/Guatemala', null)).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
  })

  it('decides the formats on screen once the money screens have read the currency', async () => {
    const before = await inApp('es', 'America/Chicago', useEntityLocale)
    expect(before.value).toEqual({ numbers: 'en-US', dates: 'es-US' })
    const after = await inApp('es', 'America/Chicago', () => ({ locale: useEntityLocale(), ...useFormatters() }), {
      id: 1,
      code: 'GTQ',
      symbol: 'Q',
      country: 'Guatemala',
    })
    expect(after.locale.value).toEqual({ numbers: 'es-GT', dates: 'es-GT' })
    expect(after.day('2026-11-25')).toBe('25/11/2026')
  })
})

describe('money and numbers in Guatemala', () => {
  it('writes quetzales as a Guatemalan shop does: Q2,483.04', () => {
    expect(formatMoney('es-GT', '2483.04', 'GTQ')).toBe('Q2,483.04')
    expect(formatMoney('es-GT', new Decimal('0.1').plus('0.2'), 'GTQ')).toBe('Q0.30')
    // Not Spain's "2483,04 GTQ".
    expect(formatMoney('es-GT', '2483.04', 'GTQ')).not.toMatch(/,04/)
  })

  it('keeps an ISO code apart from the digits and writes an unknown code beside them', () => {
    expect(plain(formatMoney('es-GT', '10', 'USD'))).toMatch(/^(USD|US\$) ?10\.00$/)
    expect(formatMoney('es-GT', '10', 'XYZ1')).toBe('XYZ1 10.00')
  })

  it('groups thousands with a comma and decimals with a point', () => {
    expect(formatQuantity('es-GT', '1234.5')).toBe('1,234.5')
    expect(formatQuantity('es-GT', 'n/a')).toBe('n/a')
  })

  it('the composables follow the profile: Q2,483.04 and 1,234.5 on a Spanish and an English screen', async () => {
    for (const language of ['es', 'en'] as const) {
      const { money, quantity } = await inApp(language, 'America/Guatemala', () => ({ ...useMoney(), ...useNumberFormat() }))
      expect(money('2483.04', { code: 'GTQ' })).toBe('Q2,483.04')
      expect(quantity(1234.5)).toBe('1,234.5')
    }
  })

  it('dates of a Guatemalan entity on a Spanish screen are written as there: day first', async () => {
    const { day } = await inApp('es', 'America/Guatemala', useFormatters)
    expect(day('2026-11-25')).toBe('25/11/2026')
  })
})
