import { describe, expect, it } from 'vitest'
import { isIanaTimeZone, isKnownTimeZone, railsTimeZones } from '@shared/timeZones'

describe('time zones', () => {
  it('maps every Rails name to a zone Node knows', () => {
    for (const [rails, iana] of Object.entries(railsTimeZones)) expect(isIanaTimeZone(iana), `${rails} → ${iana}`).toBe(true)
    expect(railsTimeZones['Central America']).toBe('America/Guatemala')
  })

  it('knows Rails names and IANA names, and nothing else', () => {
    expect(isKnownTimeZone('Central America')).toBe(true)
    expect(isKnownTimeZone('Eastern Time (US & Canada)')).toBe(true)
    expect(isKnownTimeZone('America/Guatemala')).toBe(true)
    expect(isKnownTimeZone('UTC')).toBe(true)
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isKnownTimeZone('')).toBe(false)
    expect(isKnownTimeZone(' America/Guatemala')).toBe(false)
    expect(isKnownTimeZone('Central america')).toBe(false)
  })
})
