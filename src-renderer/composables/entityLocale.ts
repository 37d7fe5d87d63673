import type { Language } from '@shared/domain'
import { toIanaTimeZone } from '@shared/timeZones'

/**
 * The country whose conventions numbers, money and dates follow. The service
 * names a country for the entity's currency (currencies.country, read with the
 * currency: entityCountry prefers it); until that is read, or where it names no
 * country known here, the profile's time zone is the shop's own clock, and a
 * zone names its country: "America/Guatemala" is Guatemala. (The company's
 * `country_id` is an id into a list the app does not read.)
 */
const zoneCountry: Readonly<Record<string, string>> = {
  'America/Guatemala': 'GT',
  'America/El_Salvador': 'SV',
  'America/Tegucigalpa': 'HN',
  'America/Managua': 'NI',
  'America/Costa_Rica': 'CR',
  'America/Panama': 'PA',
  'America/Belize': 'BZ',
  'America/Mexico_City': 'MX',
  'America/Monterrey': 'MX',
  'America/Merida': 'MX',
  'America/Cancun': 'MX',
  'America/Chihuahua': 'MX',
  'America/Mazatlan': 'MX',
  'America/Tijuana': 'MX',
  'America/Bogota': 'CO',
  'America/Lima': 'PE',
  'America/Guayaquil': 'EC',
  'America/Caracas': 'VE',
  'America/La_Paz': 'BO',
  'America/Santiago': 'CL',
  'America/Asuncion': 'PY',
  'America/Montevideo': 'UY',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Buenos_Aires': 'AR',
  'America/Santo_Domingo': 'DO',
  'America/Puerto_Rico': 'PR',
  'America/Havana': 'CU',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'Europe/Madrid': 'ES',
}

/** Each country's own currencies: a currency the zone's country keeps its books in confirms the zone (dollarised countries). */
const countryCurrencies: Readonly<Record<string, readonly string[]>> = {
  GT: ['GTQ'],
  SV: ['USD'],
  HN: ['HNL'],
  NI: ['NIO'],
  CR: ['CRC'],
  PA: ['PAB', 'USD'],
  BZ: ['BZD'],
  MX: ['MXN'],
  CO: ['COP'],
  PE: ['PEN'],
  EC: ['USD'],
  VE: ['VES', 'VED'],
  BO: ['BOB'],
  CL: ['CLP'],
  PY: ['PYG'],
  UY: ['UYU'],
  AR: ['ARS'],
  DO: ['DOP'],
  PR: ['USD'],
  CU: ['CUP'],
  US: ['USD'],
  ES: ['EUR'],
}

/** The countries above by name, Spanish and English, as a person types them (no accents, lower case). */
const countryNames: Readonly<Record<string, string>> = {
  guatemala: 'GT',
  'el salvador': 'SV',
  honduras: 'HN',
  nicaragua: 'NI',
  'costa rica': 'CR',
  panama: 'PA',
  belice: 'BZ',
  belize: 'BZ',
  mexico: 'MX',
  colombia: 'CO',
  peru: 'PE',
  ecuador: 'EC',
  venezuela: 'VE',
  bolivia: 'BO',
  chile: 'CL',
  paraguay: 'PY',
  uruguay: 'UY',
  argentina: 'AR',
  'republica dominicana': 'DO',
  'dominican republic': 'DO',
  'puerto rico': 'PR',
  cuba: 'CU',
  'estados unidos': 'US',
  'estados unidos de america': 'US',
  'united states': 'US',
  'united states of america': 'US',
  'ee uu': 'US',
  eeuu: 'US',
  usa: 'US',
  espana: 'ES',
  spain: 'ES',
}

/**
 * The country the service names for the entity's currency (currencies.country). The SDK types it
 * only as a string: an ISO code ("GT") or a name ("Guatemala") of a country above is understood,
 * anything else is not a country this app knows (null).
 */
export function countryOfCurrency(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim()
  if (/^[A-Za-z]{2}$/.test(text)) return countryCurrencies[text.toUpperCase()] ? text.toUpperCase() : null
  const key = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return countryNames[key] ?? null
}

/** What the entity's currency says of its country, when the screens have read it. */
export interface CurrencyCountry {
  code: string
  country: string | null
}

/**
 * The entity's country: the one its currency names, which the service keeps for the entity, is
 * preferred to the guess from the profile's time zone; but where the zone's country keeps its books in
 * that same currency (the dollar in El Salvador, Panama, Ecuador), the zone is the more precise of the two.
 */
export function entityCountry(zone: string | null | undefined, currency?: CurrencyCountry | null): string | null {
  const guessed = countryOfZone(zone)
  const named = countryOfCurrency(currency?.country)
  if (!named) return guessed
  if (guessed && currency && countryCurrencies[guessed]?.includes(currency.code.toUpperCase())) return guessed
  return named
}

/** Countries whose own language is English; the rest of those above speak Spanish. */
const englishCountries = new Set(['US', 'BZ'])

export function countryOfZone(zone: string | null | undefined): string | null {
  const iana = toIanaTimeZone(zone ?? null)
  return iana ? (zoneCountry[iana] ?? null) : null
}

export interface EntityLocales {
  /** Digits, grouping and currency symbols: the entity's country, whatever the UI language (Q2,483.04 in Guatemala). */
  numbers: string
  /** Dates: the UI's month names in the country's order (day first outside the US). */
  dates: string
}

/**
 * Locales for Intl. Unknown country: Latin American Spanish (es-419) or US
 * English, never Spain's conventions (1.234,5), which none of the service's
 * shops use.
 */
export function entityLocales(language: Language, zone: string | null | undefined, currency?: CurrencyCountry | null): EntityLocales {
  const country = entityCountry(zone, currency)
  if (!country) {
    const fallback = language === 'en' ? 'en-US' : 'es-419'
    return { numbers: fallback, dates: fallback }
  }
  const own = `${englishCountries.has(country) ? 'en' : 'es'}-${country}`
  if (own.startsWith(`${language}-`)) return { numbers: own, dates: own }
  // English on screen in a Spanish-speaking country: English month names, the day first as the shop writes it.
  return { numbers: own, dates: language === 'en' ? 'en-GB' : `es-${country}` }
}
