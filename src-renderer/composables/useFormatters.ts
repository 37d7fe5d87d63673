import { toIanaTimeZone } from '@shared/timeZones'
import { useWhoAmIStore } from '../stores/whoami'
import { useEntityLocale } from './useEntityLocale'

// Building an Intl formatter costs far more than using one; lists and scans format many dates.
const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/**
 * Dates and times as a clerk reads them: month names in the language on screen,
 * the order of the entity's country (never Spain's by default), and in the
 * profile's time zone (the machine's until the profile is known, or when the
 * service names a zone this app does not know).
 */
export function useFormatters() {
  const locales = useEntityLocale()
  const whoami = useWhoAmIStore()
  const zone = () => toIanaTimeZone(whoami.timeZone) ?? undefined

  function time(iso: string | null): string | null {
    if (!iso) return null
    const date = new Date(iso)
    if (Number.isNaN(date.getTime())) return iso
    const dayIn = dateFormat('en-CA', { timeZone: zone(), dateStyle: 'short' })
    const sameDay = dayIn.format(date) === dayIn.format(new Date())
    return dateFormat(locales.value.dates, {
      timeZone: zone(),
      ...(sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }),
    }).format(date)
  }

  function dateTime(iso: string | null): string | null {
    if (!iso) return null
    const date = new Date(iso)
    if (Number.isNaN(date.getTime())) return iso
    return dateFormat(locales.value.dates, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone() }).format(date)
  }

  /** A plain YYYY-MM-DD date is a calendar day, not an instant: no zone shifting. */
  function day(value: string | null): string | null {
    if (!value) return null
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (!m) return dateTime(value)
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
    return dateFormat(locales.value.dates, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
  }

  function percent(fraction: number | null): string | null {
    if (fraction === null) return null
    return new Intl.NumberFormat(locales.value.numbers, { style: 'percent', maximumFractionDigits: 4 }).format(fraction)
  }

  return { time, dateTime, day, percent }
}
