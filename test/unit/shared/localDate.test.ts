import { describe, expect, it } from 'vitest'
import { dateInZone, dayInZone } from '@shared/localDate'
import { toIanaTimeZone } from '@shared/timeZones'

describe('dateInZone', () => {
  const instant = new Date('2025-03-10T03:30:00Z')

  it('gives the calendar date in a Rails or an IANA zone', () => {
    expect(dateInZone(instant, 'Central America')).toBe('2025-03-09')
    expect(dateInZone(instant, 'America/Guatemala')).toBe('2025-03-09')
    expect(dateInZone(instant, 'Tokyo')).toBe('2025-03-10')
    expect(dateInZone(instant, 'UTC')).toBe('2025-03-10')
  })

  it('falls back to UTC for a zone it does not know', () => {
    expect(dateInZone(instant, 'Mars/Olympus_Mons')).toBe('2025-03-10')
  })

  it('maps Rails names to IANA and leaves IANA names alone', () => {
    expect(toIanaTimeZone('Central America')).toBe('America/Guatemala')
    expect(toIanaTimeZone('Europe/Madrid')).toBe('Europe/Madrid')
    expect(toIanaTimeZone('Mars/Olympus_Mons')).toBeNull()
  })
})

describe('dayInZone', () => {
  it('reads a service timestamp as the day it was in the profile’s zone (20:30 in Guatemala is 02:30 UTC the next day)', () => {
    expect(dayInZone('2026-11-25T02:30:00.000Z', 'America/Guatemala')).toBe('2026-11-24')
    expect(dayInZone('2026-11-25 02:30:00', 'Central America')).toBe('2026-11-24')
    expect(dayInZone('2026-11-24T20:30:00.000-06:00', 'Central America')).toBe('2026-11-24')
  })

  it('keeps a plain date as written, whatever the zone, and an unreadable value as it came', () => {
    expect(dayInZone('2026-11-25', 'America/Guatemala')).toBe('2026-11-25')
    expect(dayInZone('soon', 'America/Guatemala')).toBe('soon')
  })
})
