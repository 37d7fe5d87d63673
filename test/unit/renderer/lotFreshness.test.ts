import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'

// The stores are used as they start; nothing is asked of the core.
vi.mock('@renderer/api', () => import('../../support/renderer/apiStandIn'))

let useLotFreshness: typeof import('@renderer/composables/useLotFreshness').useLotFreshness
beforeAll(async () => {
  // The preferences store asks the window about the theme when it loads.
  vi.stubGlobal('window', {})
  ;({ useLotFreshness } = await import('@renderer/composables/useLotFreshness'))
})

describe('lot freshness on the screens', () => {
  afterEach(() => vi.restoreAllMocks())

  it("marks a dated lot by the clerk's day, and asks for the day only for a dated lot", () => {
    setActivePinia(createPinia())
    const zoneFormat = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    const { freshness } = useLotFreshness()
    expect(freshness(null)).toBe('fresh')
    expect(freshness(undefined)).toBe('fresh')
    expect(zoneFormat).not.toHaveBeenCalled()
    expect(freshness('2000-01-01')).toBe('expired')
    expect(freshness('2999-01-01')).toBe('fresh')
    expect(zoneFormat).toHaveBeenCalled()
  })

  it("marks by the computer's day until the profile is read, not by UTC's", () => {
    setActivePinia(createPinia())
    const zone = process.env.TZ
    // 8 p.m. on the 26th in Guatemala is 2 a.m. on the 27th in UTC.
    process.env.TZ = 'America/Guatemala'
    vi.useFakeTimers({ now: new Date('2026-11-27T02:00:00.000Z'), toFake: ['Date'] })
    try {
      const { freshness, today } = useLotFreshness()
      expect(today()).toBe('2026-11-26')
      expect(freshness('2026-11-26')).toBe('near')
    } finally {
      vi.useRealTimers()
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})
