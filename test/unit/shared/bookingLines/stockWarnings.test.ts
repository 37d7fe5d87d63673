import { describe, expect, it } from 'vitest'
import { countsAgainstStock, lotStockWarnings, netAvailable, ownUnsent, stockWarnings } from '@shared/bookingLines'

const availability = (figures: Record<number, number | null>) => (item: number) => figures[item] ?? null

describe('the over-stock warning', () => {
  it('sums every line of an item exactly before comparing with what is available', () => {
    const lines = [
      { itemId: 1, quantity: '0.1' },
      { itemId: 1, quantity: '0.2' },
    ]
    // 0.1 + 0.2 in binary is 0.30000000000000004: it would be warned against 0.3.
    expect(stockWarnings(lines, availability({ 1: 0.3 }))).toEqual([])
    expect(stockWarnings(lines, availability({ 1: 0.29 }))).toEqual([{ itemId: 1, requested: 0.3, available: 0.29 }])
  })

  it('sums whole and decimal quantities of an item alike, in any order', () => {
    const lines = ['2', '0.5', ' 007 ', '0.25', '1'].map((quantity) => ({ itemId: 1, quantity }))
    expect(stockWarnings(lines, availability({ 1: 10.75 }))).toEqual([])
    expect(stockWarnings(lines, availability({ 1: 10.7 }))).toEqual([{ itemId: 1, requested: 10.75, available: 10.7 }])
    expect(stockWarnings([...lines].reverse(), availability({ 1: 10.7 }))).toEqual([{ itemId: 1, requested: 10.75, available: 10.7 }])
    // Whole numbers too long to stay exact as a double are summed as decimals.
    const huge = [{ itemId: 2, quantity: '9007199254740993' }]
    expect(stockWarnings(huge, availability({ 2: 9007199254740992 }))).toEqual([
      { itemId: 2, requested: 9007199254740992, available: 9007199254740992 },
    ])
    expect(stockWarnings([{ itemId: 3, quantity: '3' }], availability({ 3: 2.9999 }))).toEqual([
      { itemId: 3, requested: 3, available: 2.9999 },
    ])
    expect(stockWarnings([{ itemId: 3, quantity: '0' }], availability({ 3: -1 }))).toEqual([])
  })

  it('says nothing of an item the catalogue has no figure for, nor of lines still being typed', () => {
    expect(stockWarnings([{ itemId: 2, quantity: '50' }], availability({}))).toEqual([])
    expect(
      stockWarnings(
        [
          { itemId: 3, quantity: '' },
          { itemId: 3, quantity: 'abc' },
        ],
        availability({ 3: 0 }),
      ),
    ).toEqual([])
    expect(stockWarnings([{ itemId: 3, quantity: ' 1 ' }], availability({ 3: 0 }))).toEqual([{ itemId: 3, requested: 1, available: 0 }])
  })

  it('compares against the cached stock net of unsent bookings, without drift', () => {
    expect(netAvailable(10, 2.3)).toBe(7.7)
    expect(netAvailable(0.3, 0.1)).toBe(0.2)
    expect(netAvailable(5)).toBe(5)
    expect(netAvailable(null, 3)).toBeNull()
    expect(netAvailable(1, 3)).toBe(-2)
  })
})

describe('what a booking itself weighs on the stock here', () => {
  const lines = [
    { itemId: 1, bookedQuantity: '1.5' },
    { itemId: 1, bookedQuantity: '0.25' },
    { itemId: 2, bookedQuantity: '3' },
  ]
  it('is its lines while the service has not confirmed it', () => {
    expect(ownUnsent({ serviceId: null, deleted: false, state: 'pending', lines })).toEqual(
      new Map([
        [1, 1.75],
        [2, 3],
      ]),
    )
    expect(ownUnsent({ serviceId: null, deleted: false, state: 'failed', lines }).get(2)).toBe(3)
  })
  it('is nothing for a draft, a deleted booking or one the service has', () => {
    expect(countsAgainstStock({ serviceId: null, deleted: false, state: 'draft' })).toBe(false)
    expect(countsAgainstStock({ serviceId: null, deleted: true, state: 'pending' })).toBe(false)
    expect(ownUnsent({ serviceId: 40, deleted: false, state: 'pending', lines })).toEqual(new Map())
  })
})

describe('the over-stock warning of a lot', () => {
  it('sums the lines on each lot and warns against that lot’s figure, not the item’s', () => {
    const lines = [
      { itemId: 1, lotId: 11, quantity: '4' },
      { itemId: 1, lotId: 11, quantity: '6' },
      { itemId: 1, lotId: 12, quantity: '10' },
      { itemId: 2, lotId: null, quantity: '99' },
    ]
    const lots: Record<number, number> = { 11: 6, 12: 30 }
    expect(lotStockWarnings(lines, (lot) => lots[lot] ?? null)).toEqual([{ itemId: 1, lotId: 11, requested: 10, available: 6 }])
    // No figure for the lot here: nothing said.
    expect(lotStockWarnings(lines, () => null)).toEqual([])
  })
})
