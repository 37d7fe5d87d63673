import { describe, expect, it } from 'vitest'
import { olderThan, stampNow, stampOnClockNow } from '@core/cache/clockStamp'

// A stamp is told on this computer's clock as it is now, never later than either clock makes it.
const AT = new Date('2026-11-30T10:00:00.000Z')
const minute = 60_000
const shifted = (ms: number) => new Date(AT.getTime() + ms).toISOString()

describe('a time stamped with both clocks', () => {
  it.each([
    ['the offset unchanged (the clock as wrong as it was)', -11 * minute, -11 * minute, shifted(0)],
    ['the computer 11 minutes fast then, set right since', -11 * minute, 0, shifted(-11 * minute)],
    ['the computer set back 30 minutes since', 0, 30 * minute, shifted(-30 * minute)],
    ['the computer set 11 minutes fast since', 0, -11 * minute, shifted(0)],
    ['no offset measured then', null, 0, shifted(0)],
    ['no offset known now', -11 * minute, null, shifted(0)],
  ])('with %s, is told as this clock now would', (_case, then, now, told) => {
    expect(stampOnClockNow(stampNow(AT, then), now)).toBe(told)
  })
})

describe('the age of what was read', () => {
  it.each([
    ['read 2 minutes ago', shifted(-2 * minute), false],
    ['read 11 minutes ago', shifted(-11 * minute), true],
    ['never read', null, true],
    ['read a few seconds after now (a clock slewing)', shifted(5000), false],
    ['read an hour after now (the clock set back since)', shifted(60 * minute), true],
  ])('when %s, is older than ten minutes: %s', (_case, at, old) => {
    expect(olderThan(at, AT, 10 * minute)).toBe(old)
  })
})
