import { toIanaTimeZone } from './timeZones'

/**
 * The calendar date (`YYYY-MM-DD`) at an instant in a profile's time zone:
 * "today" for a clerk is their day, not UTC's (at 20:00 in Guatemala it is
 * already tomorrow in UTC). An unknown zone falls back to UTC.
 */
export function dateInZone(at: Date, profileZone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: toIanaTimeZone(profileZone) ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' })
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}
