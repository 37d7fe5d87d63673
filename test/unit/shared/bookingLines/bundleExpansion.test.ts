import { describe, expect, it } from 'vitest'
import { bundleRefusal, expandBundle } from '@shared/bookingLines'

describe('a static bundle booked', () => {
  const components = [
    { itemId: 1, quantity: '2' },
    { itemId: 2, quantity: '0.5' },
  ]
  it('becomes its components, each times the bundles booked, in decimals', () => {
    expect(expandBundle(components)).toEqual(components)
    expect(expandBundle(components, '3')).toEqual([
      { itemId: 1, quantity: '6' },
      { itemId: 2, quantity: '1.5' },
    ])
    expect(expandBundle([{ itemId: 3, quantity: '0.1' }], '3').map((c) => c.quantity)).toEqual(['0.3'])
  })
  it('keeps what else the component carries (the screen’s scanned item)', () => {
    expect(expandBundle([{ itemId: 1, quantity: '1', code: 'A' }], '2')).toEqual([{ itemId: 1, quantity: '2', code: 'A' }])
  })
  it('refuses a count that is not above zero', () => {
    expect(() => expandBundle(components, '0')).toThrow(RangeError)
    expect(() => expandBundle(components, '-1')).toThrow(RangeError)
  })
})

describe('a bundle that may be booked', () => {
  it('is an active one; an inactive bundle is refused with the reason', () => {
    expect(bundleRefusal({ active: true })).toBeNull()
    expect(bundleRefusal({ active: false })).toBe('inactive')
  })
})
