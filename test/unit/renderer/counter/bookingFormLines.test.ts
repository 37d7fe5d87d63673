import { describe, expect, it, vi } from 'vitest'
import { lotFreshness } from '@shared/lots'
import type { LocalBooking } from '@shared/bookings'
import type { ScannedItem } from '@shared/counter'
import { bookingLine, localBooking } from '../../../support/localBooking'
import {
  addBundle,
  addItem,
  datedLotLines,
  lineAvailable,
  needsLot,
  fromBooking,
  overStock,
  toBookingLines,
  validQuantity,
} from '@renderer/stores/bookingFormLines'

const scanned = (id: number, available: number | null, lots: ScannedItem['lots'] = []): ScannedItem => ({
  item: { id, code: `ART-${id}`, name: `Artículo ${id}`, ean13: null, measurementUnit: null, itemCategoryId: null, available },
  lots,
})

describe('the lines of a booking being typed', () => {
  it('adds one to the line when the same code is scanned again', () => {
    let { lines } = addItem([], scanned(1, 10), '1')
    ;({ lines } = addItem(lines, scanned(1, 10), '1'))
    ;({ lines } = addItem(lines, scanned(2, 10), '1'))
    expect(lines.map((l) => [l.itemId, l.quantity])).toEqual([
      [1, '2'],
      [2, '1'],
    ])
  })

  it('keeps the same item from a bundle apart from the loose one', () => {
    let { lines } = addItem([], scanned(1, 10), '1')
    ;({ lines } = addItem(lines, scanned(1, 10), '2', { id: 9, code: 'PAQ-9' }))
    expect(lines.map((l) => [l.itemId, l.bundleId, l.quantity])).toEqual([
      [1, null, '1'],
      [1, 9, '2'],
    ])
  })

  it('takes the first lot to expire', () => {
    const lots = [
      { id: 7, name: 'L7', expires: '2026-12-01', available: 3 },
      { id: 5, name: 'L5', expires: '2027-03-01', available: 9 },
    ]
    expect(addItem([], scanned(1, 12, lots), '1').line.lotId).toBe(7)
    expect(addItem([], scanned(1, 12, []), '1').line.lotId).toBeNull()
  })

  it('sums decimal quantities exactly', () => {
    let { lines } = addItem([], scanned(1, 10), '0.1')
    ;({ lines } = addItem(lines, scanned(1, 10), '0.2'))
    expect(lines[0]!.quantity).toBe('0.3')
  })

  it('warns on every line of an item booked above its stock, over all its lines', () => {
    let { lines } = addItem([], scanned(1, 3), '2')
    ;({ lines } = addItem(lines, scanned(1, 3), '2', { id: 9, code: 'PAQ-9' }))
    ;({ lines } = addItem(lines, scanned(2, null), '50'))
    const over = overStock(lines)
    expect([...over.values()]).toEqual([
      { available: 3, lot: null },
      { available: 3, lot: null },
    ])
    expect(over.has(lines[2]!.key)).toBe(false)
  })

  it("finds the lines on an expired or expiring lot (chosen by hand), by the clerk's day and the warning days", () => {
    const lots = [
      { id: 7, name: 'L7', expires: '2026-11-20', available: 3 },
      { id: 5, name: 'L5', expires: '2026-11-24', available: 9 },
      { id: 6, name: 'L6', expires: '2027-06-01', available: 9 },
    ]
    const on = (day: string) => (expires: string | null) => lotFreshness(expires, day, 10)
    let { lines } = addItem([], scanned(1, 21, lots), '1', null, '2026-11-24')
    ;({ lines } = addItem(lines, scanned(2, 12, []), '1', null, '2026-11-24'))
    // The default lot is never the expired one; the first unexpired expires today: asked about.
    expect(lines[0]!.lotId).toBe(5)
    expect(datedLotLines(lines, on('2026-11-24')).map((d) => [d.line.itemId, d.state])).toEqual([[1, 'near']])
    lines = lines.map((l) => (l.itemId === 1 ? { ...l, lotId: 7 } : l))
    expect(datedLotLines(lines, on('2026-11-24')).map((d) => [d.line.itemId, d.lot.name, d.state])).toEqual([[1, 'L7', 'expired']])
    // Far from expiry: nothing to ask.
    lines = lines.map((l) => (l.itemId === 1 ? { ...l, lotId: 6 } : l))
    expect(datedLotLines(lines, on('2026-11-24'))).toEqual([])
  })

  it("asks for the clerk's day only when a line's lot has a date (the first zone format costs ~15 ms)", () => {
    const { lines } = addItem([], scanned(2, 12, []), '1', null, '2026-11-24')
    const freshness = vi.fn(() => 'fresh' as const)
    expect(datedLotLines(lines, freshness)).toEqual([])
    expect(datedLotLines([], freshness)).toEqual([])
    expect(freshness).not.toHaveBeenCalled()
  })

  it('takes no expired lot by default: an item whose lots all expired needs one chosen; "no lot" is for items without lots', () => {
    const expired = [{ id: 3, name: 'L2603-6127', expires: '2026-03-14', available: 75 }]
    const line = addItem([], scanned(1, 75, expired), '1', null, '2026-11-24').line
    expect(line.lotId).toBeNull()
    expect(needsLot(line)).toBe(true)
    expect(needsLot({ ...line, lotId: 3 })).toBe(false)
    expect(needsLot(addItem([], scanned(2, 5, []), '1', null, '2026-11-24').line)).toBe(false)
  })

  it("shows and warns against the chosen lot's figure, not the item's", () => {
    const lots = [
      { id: 1, name: 'L2606-5158', expires: '2027-01-01', available: 6 },
      { id: 2, name: 'L2606-9000', expires: '2027-05-01', available: 30 },
    ]
    let { lines } = addItem([], scanned(1, 36, lots), '10', null, '2026-11-24')
    // 10 is more than the first lot has: FEFO takes the first that covers it.
    expect(lines[0]!.lotId).toBe(2)
    lines = lines.map((l) => ({ ...l, lotId: 1 }))
    expect(lineAvailable(lines[0]!)).toBe(6)
    expect([...overStock(lines).values()]).toEqual([{ available: 6, lot: 'L2606-5158' }])
    lines = lines.map((l) => ({ ...l, lotId: 2 }))
    expect(lineAvailable(lines[0]!)).toBe(30)
    expect(overStock(lines).size).toBe(0)
    // Without a lot, the item's figure.
    expect(lineAvailable({ ...lines[0]!, lotId: null })).toBe(36)
  })

  it('refuses quantities that are not positive numbers', () => {
    expect(['1', '2.5', ' 3 '].every(validQuantity)).toBe(true)
    expect(['0', '-1', 'abc', '', '1,5'].some(validQuantity)).toBe(false)
    // Within what the service stores, as the save refuses it: 4 decimals, below a billion.
    expect(['999999999.9999', '0.0001'].every(validQuantity)).toBe(true)
    expect(['1000000000', '1.00001', '99999999999999999999999'].some(validQuantity)).toBe(false)
  })

  it('sends blank serials and references as absent', () => {
    const { lines } = addItem([], scanned(1, 3), '1')
    expect(toBookingLines(lines)).toEqual([
      { itemId: 1, bookedQuantity: '1', lotId: null, serialNumber: null, reference: null, bundleId: null },
    ])
  })
})

describe('the default lot of a scanned line', () => {
  it('is the first by expiry that has not expired and covers the quantity, given the clerk’s day', () => {
    const lots = [
      { id: 1, name: 'VIEJO', expires: '2026-10-01', available: 50 },
      { id: 2, name: 'CORTO', expires: '2026-12-01', available: 1 },
      { id: 3, name: 'BUENO', expires: '2027-03-01', available: 40 },
    ]
    expect(addItem([], scanned(7, 91, lots), '1', null, '2026-11-24').line.lotId).toBe(2)
    expect(addItem([], scanned(7, 91, lots), '3', null, '2026-11-24').line.lotId).toBe(3)
  })
})

describe('a static bundle scanned at the counter', () => {
  const found = {
    kind: 'bundle' as const,
    code: 'PAQ-9',
    bundle: { id: 9, code: 'PAQ-9', name: 'Paquete', categoryBundle: false, itemCategoryId: null },
    components: [
      { ...scanned(1, 10), quantity: '2' },
      { ...scanned(2, 10), quantity: '0.5' },
    ],
    choices: [],
  }
  it('adds its components marked with the bundle, and a second scan adds to them', () => {
    let { lines } = addBundle([], found)
    ;({ lines } = addBundle(lines, found, '2'))
    expect(lines.map((l) => [l.itemId, l.bundleId, l.bundleCode, l.quantity])).toEqual([
      [1, 9, 'PAQ-9', '6'],
      [2, 9, 'PAQ-9', '1.5'],
    ])
  })
})

describe('a saved booking opened for editing', () => {
  const booking = (state: LocalBooking['state'], serviceId: number | null): LocalBooking =>
    localBooking('b1', {
      serviceId,
      state,
      agencyFromId: 7,
      agencyToId: 8,
      pending: 1,
      lines: [bookingLine({ bookedQuantity: '2.5' })],
    })
  // The scan's figure is net of unsent bookings, this one included: 4 in stock, 2.5 of them this booking's.
  const scans = new Map([[1, scanned(1, 1.5)]])
  it('is not warned against itself while it is unsent', () => {
    const lines = fromBooking(booking('pending', null), scans)
    expect(lines[0]!.available).toBe(4)
    expect(overStock(lines).size).toBe(0)
  })
  it('takes the figure as it is once the service has the booking (no longer in the unsent figure)', () => {
    expect(fromBooking(booking('synced', 40), scans)[0]!.available).toBe(1.5)
    expect(fromBooking(booking('draft', null), scans)[0]!.available).toBe(1.5)
  })
})
