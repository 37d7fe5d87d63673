import { railsTimeZones } from './timeZones'

/** The IANA zone for a profile's zone, which may be a Rails name ("Central America") or already IANA. */
export function ianaZone(profileZone: string): string {
  return Object.hasOwn(railsTimeZones, profileZone) ? railsTimeZones[profileZone]! : profileZone
}

/**
 * The calendar date (`YYYY-MM-DD`) at an instant in a profile's time zone:
 * "today" for a clerk is their day, not UTC's (at 20:00 in Guatemala it is
 * already tomorrow in UTC). An unknown zone falls back to UTC.
 */
export function dateInZone(at: Date, profileZone: string): string {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: ianaZone(profileZone), year: 'numeric', month: '2-digit', day: '2-digit' })
  } catch {
    return at.toISOString().slice(0, 10)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}
