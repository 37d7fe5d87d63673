import { describe, expect, it } from 'vitest'
import { addQuantities, defaultLot, mergeTarget, normalQuantity } from '@shared/bookingLines'

describe('a repeated scan', () => {
  const lines = [
    { key: 1, itemId: 1, bundleId: null, serialNumber: '' },
    { key: 2, itemId: 1, bundleId: 9, serialNumber: '' },
    { key: 3, itemId: 2, bundleId: null, serialNumber: 'SN-1' },
  ]
  it('goes to the line of the same item from the same bundle (or none)', () => {
    expect(mergeTarget(lines, 1, null)?.key).toBe(1)
    expect(mergeTarget(lines, 1, 9)?.key).toBe(2)
    expect(mergeTarget(lines, 1, 8)).toBeUndefined()
  })
  it('never goes to a line with a serial number (one unit of its own)', () => {
    expect(mergeTarget(lines, 2, null)).toBeUndefined()
  })
  it('adds exactly, a quantity still being typed counting as none', () => {
    expect(addQuantities('0.1', '0.2')).toBe('0.3')
    expect(addQuantities('', '1')).toBe('1')
    expect(addQuantities('abc', '2.5')).toBe('2.5')
    expect(normalQuantity(' 1.50 ')).toBe('1.5')
  })
})

describe('the default lot', () => {
  const lots = [
    { id: 1, expires: '2026-10-01', available: 50 },
    { id: 2, expires: '2026-12-01', available: 1 },
    { id: 3, expires: '2027-03-01', available: 40 },
  ]
  it('is the first by expiry, not expired, that covers the quantity', () => {
    expect(defaultLot(lots, '1', '2026-11-24')).toBe(2)
    expect(defaultLot(lots, '1.5', '2026-11-24')).toBe(3)
    expect(defaultLot(lots, '41', '2026-11-24')).toBeNull()
  })
  it('is the first by expiry while the clerk’s day is not known', () => {
    expect(defaultLot(lots, '1', null)).toBe(1)
    expect(defaultLot([], '1', null)).toBeNull()
  })
})
