import type { Language } from '@shared/domain'
import { toIanaTimeZone } from '@shared/timeZones'

/**
 * The country whose conventions numbers, money and dates follow. WhoAmI does
 * not carry the entity's country (the company's `country_id` is an id into a
 * list the app does not read), but the profile's time zone is the shop's own
 * clock, and a zone names its country: "America/Guatemala" is Guatemala.
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
export function entityLocales(language: Language, zone: string | null | undefined): EntityLocales {
  const country = countryOfZone(zone)
  if (!country) {
    const fallback = language === 'en' ? 'en-US' : 'es-419'
    return { numbers: fallback, dates: fallback }
  }
  const own = `${englishCountries.has(country) ? 'en' : 'es'}-${country}`
  if (own.startsWith(`${language}-`)) return { numbers: own, dates: own }
  // English on screen in a Spanish-speaking country: English month names, the day first as the shop writes it.
  return { numbers: own, dates: language === 'en' ? 'en-GB' : `es-${country}` }
}
