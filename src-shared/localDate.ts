import { TZDate } from '@date-fns/tz'
import { toIanaTimeZone } from './timeZones'

// Building an Intl format costs far more than using one, and lists date every row: one per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>()
function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(zone, format)
  }
  return format
}

/**
 * The calendar date (`YYYY-MM-DD`) at an instant in a profile's time zone:
 * "today" for a clerk is their day, not UTC's (at 20:00 in Guatemala it is
 * already tomorrow in UTC). An unknown zone falls back to UTC.
 */
export function dateInZone(at: Date, profileZone: string): string {
  const format = dayFormat(toIanaTimeZone(profileZone) ?? 'UTC')
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

const clockFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * An instant as digits for a file name, on the clerk's clock (`20261127`, `222030`): a file saved at 22:20 in
 * Guatemala is not named 04:20 of the next day. An unknown zone falls back to UTC.
 */
export function fileStamp(at: Date, profileZone: string | null | undefined): { day: string; time: string } {
  const zone = toIanaTimeZone(profileZone ?? null) ?? 'UTC'
  let format = clockFormats.get(zone)
  if (!format) {
    const parts = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', ...parts })
    clockFormats.set(zone, format)
  }
  const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]))
  return { day: `${p.year}${p.month}${p.day}`, time: `${p.hour}${p.minute}${p.second}` }
}

/**
 * The instant on a calendar date the user picked, at the time of day it is
 * now in their zone: a reception dated "today" at 20:30 in Guatemala is
 * 02:30 UTC the next day, and reads back as today there. (Combining the date
 * with UTC's clock instead put it on the day before.)
 */
export function instantOnLocalDate(date: string, now: Date, profileZone: string): Date {
  const zone = toIanaTimeZone(profileZone) ?? 'UTC'
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const clock = new TZDate(now.getTime(), zone)
  return new Date(
    new TZDate(y, m - 1, d, clock.getHours(), clock.getMinutes(), clock.getSeconds(), clock.getMilliseconds(), zone).getTime(),
  )
}

/**
 * The calendar day a service value names in a profile's zone: a plain
 * `YYYY-MM-DD` is already a day and stays as written; a timestamp is the day
 * it was there (cutting the first ten characters of a UTC stamp gave the next
 * day for an evening in Guatemala). A zoneless timestamp is UTC, as the service
 * writes them; an unreadable value is returned as it came.
 */
export function dayInZone(value: string, profileZone: string): string {
  const text = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text
  const zoneless = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(text)
  const at = new Date(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : text)
  return Number.isNaN(at.getTime()) ? text : dateInZone(at, profileZone)
}
