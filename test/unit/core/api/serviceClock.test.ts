import { describe, expect, it } from 'vitest'
import { clockIsOff, offsetInWords } from '@shared/serviceClock'
import { offsetFromDate, ServiceClock } from '@core/api/serviceClock'

describe("the service's clock from its answers", () => {
  it('takes the middle of the Date header’s second against the middle of the exchange', () => {
    const sent = Date.parse('2026-11-28T10:00:00.000Z')
    // The service says 09:49:00, eleven minutes behind: this computer is fast.
    expect(offsetFromDate('Sat, 28 Nov 2026 09:49:00 GMT', sent, sent + 200)).toBe(-11 * 60_000 + 500 - 100)
  })

  it('learns nothing from an answer without a date, or one too slow to say when it was stamped', () => {
    expect(offsetFromDate(undefined, 0, 10)).toBeNull()
    expect(offsetFromDate('not a date', 0, 10)).toBeNull()
    expect(offsetFromDate('Sat, 28 Nov 2026 09:49:00 GMT', 0, 60_000)).toBeNull()
  })

  it('keeps the median of the latest answers, so one odd answer does not move it, and tells only real moves', () => {
    const told: number[] = []
    const clock = new ServiceClock(null, (ms) => told.push(ms))
    expect(clock.offsetMs()).toBeNull()
    clock.observe(-660_000)
    clock.observe(-660_400)
    clock.observe(5_000_000)
    expect(clock.offsetMs()).toBe(-660_000)
    clock.observe(-660_300)
    expect(told).toEqual([-660_000])
    clock.observe(null)
    expect(told).toEqual([-660_000])
  })

  it('starts from the offset kept for the account', () => {
    expect(new ServiceClock(90_000).offsetMs()).toBe(90_000)
  })
})

describe('telling the clerk', () => {
  it('says nothing within two minutes, and the size in minutes or hours beyond', () => {
    expect(clockIsOff(null)).toBe(false)
    expect(clockIsOff(-119_000)).toBe(false)
    expect(clockIsOff(-11 * 60_000)).toBe(true)
    expect(offsetInWords(-11 * 60_000)).toBe('11 min')
    expect(offsetInWords(3 * 3_600_000)).toBe('3 h')
    expect(offsetInWords(24 * 3_600_000 + 5 * 60_000)).toBe('24 h 5 min')
  })
})
