import { describe, expect, it } from 'vitest'
import { fefoLot, lotFreshness } from '@shared/lots'

const today = '2026-11-24'

describe('lot freshness', () => {
  it('is expired before today, near within the warning days, fresh otherwise or without expiry', () => {
    expect(lotFreshness('2026-11-23', today)).toBe('expired')
    expect(lotFreshness('2026-11-24', today)).toBe('near')
    expect(lotFreshness('2026-12-20', today, 30)).toBe('near')
    expect(lotFreshness('2026-12-20', today, 10)).toBe('fresh')
    expect(lotFreshness(null, today)).toBe('fresh')
    // With no days of warning, a lot is near on its last day only.
    expect(lotFreshness('2026-11-23', today, 0)).toBe('expired')
    expect(lotFreshness(today, today, 0)).toBe('near')
    expect(lotFreshness('2026-11-25', today, 0)).toBe('fresh')
  })
})

describe('the default lot (FEFO)', () => {
  const expired = { id: 1, expires: '2026-10-01', available: 50 }
  const small = { id: 2, expires: '2026-12-01', available: 2 }
  const large = { id: 3, expires: '2027-03-01', available: 40 }

  it('skips an expired lot even when it is first by expiry and has stock', () => {
    expect(fefoLot([expired, small, large], '1', today)).toBe(2)
  })

  it('takes the first unexpired lot that covers the quantity', () => {
    expect(fefoLot([expired, small, large], '5', today)).toBe(3)
    expect(fefoLot([expired, small, large], '2.0', today)).toBe(2)
  })

  it('gives none when no unexpired lot covers the quantity (the clerk chooses)', () => {
    expect(fefoLot([expired, small, large], '100', today)).toBeNull()
    expect(fefoLot([expired], '1', today)).toBeNull()
    expect(fefoLot([], '1', today)).toBeNull()
  })
})
