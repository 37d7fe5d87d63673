import { describe, expect, it } from 'vitest'
import type { LocalBooking } from '@shared/bookings'
import { dateInZone } from '@shared/localDate'
import { groupCardLines, isOverdue } from '@renderer/areas/dispatch/cardLines'
import { bookingByNumber, itemByCode, setLineCount, tickItem, tickProgress, type Ticks } from '@renderer/areas/dispatch/dispatchScan'
import { bookingLine, localBooking } from '../../../support/localBooking'

const line = bookingLine

/** A booking sent from agency 300 to 306 for 10 May with one line; `over` sets the rest. */
const booking = (over: Partial<LocalBooking>): LocalBooking =>
  localBooking(over.localId ?? crypto.randomUUID(), {
    state: 'synced',
    agencyFromId: 300,
    agencyToId: 306,
    plannedDelivery: '2026-05-10',
    lines: [line()],
    createdAt: '2026-05-10T09:00:00Z',
    updatedAt: '2026-05-10T09:00:00Z',
    ...over,
  })

describe('dispatch card lines', () => {
  it('shows the same item from the same lot once, with the quantities summed exactly', () => {
    const grouped = groupCardLines([
      line({ itemId: 7, bookedQuantity: '2', lotId: 70, itemCode: 'A-7' }),
      line({ itemId: 9, bookedQuantity: '1' }),
      line({ itemId: 7, bookedQuantity: '0.1', lotId: 70 }),
      line({ itemId: 7, bookedQuantity: '0.2', lotId: 70 }),
    ])
    expect(grouped.map((l) => [l.itemId, l.quantity, l.merged])).toEqual([
      [7, '2.3', 3],
      [9, '1', 1],
    ])
    expect(grouped[0]?.itemCode).toBe('A-7')
  })

  it('keeps lots apart: each lot is picked from its own place and may expire on its own', () => {
    const grouped = groupCardLines([
      line({ itemId: 7, bookedQuantity: '2', lotId: 70 }),
      line({ itemId: 7, bookedQuantity: '3', lotId: 71 }),
      line({ itemId: 7, bookedQuantity: '1', lotId: null }),
      line({ itemId: 7, bookedQuantity: '4', lotId: 71 }),
    ])
    expect(grouped.map((l) => [l.lotId, l.quantity])).toEqual([
      [70, '2'],
      [71, '7'],
      [null, '1'],
    ])
  })

  it('lists the serial numbers of the grouped lines', () => {
    const [grouped] = groupCardLines([line({ itemId: 3, serialNumber: 'S1' }), line({ itemId: 3, serialNumber: 'S2' })])
    expect(grouped?.serials).toEqual(['S1', 'S2'])
    expect(grouped?.quantity).toBe('2')
  })
})

describe('overdue bookings', () => {
  it('is overdue when planned for a day before today in the profile zone, not for today', () => {
    // 20:30 in Guatemala on 10 May is 02:30 UTC on 11 May: still the 10th for the warehouse.
    const evening = new Date('2026-05-11T02:30:00Z')
    const today = dateInZone(evening, 'America/Guatemala')
    expect(today).toBe('2026-05-10')
    expect(isOverdue(booking({ plannedDelivery: '2026-05-10' }), today, 'America/Guatemala')).toBe(false)
    expect(isOverdue(booking({ plannedDelivery: '2026-05-09' }), today, 'America/Guatemala')).toBe(true)
    // In UTC the same instant is the 11th, and the booking planned for the 10th is late.
    expect(isOverdue(booking({ plannedDelivery: '2026-05-10' }), dateInZone(evening, 'UTC'), 'UTC')).toBe(true)
  })

  it('is not overdue once delivered, and reads a timestamped plan as its day in the zone', () => {
    expect(isOverdue(booking({ plannedDelivery: '2026-05-01', delivered: true }), '2026-05-10', 'UTC')).toBe(false)
    expect(isOverdue(booking({ plannedDelivery: '2026-05-01', shipped: true }), '2026-05-10', 'UTC')).toBe(true)
    // 01:00 UTC on the 10th is the evening of the 9th in Guatemala.
    expect(isOverdue(booking({ plannedDelivery: '2026-05-10T01:00:00Z' }), '2026-05-10', 'America/Guatemala')).toBe(true)
    expect(isOverdue(booking({ plannedDelivery: '2026-05-10T01:00:00Z' }), '2026-05-10', 'UTC')).toBe(false)
  })
})

describe('scanning at dispatch', () => {
  it('finds the booking a slip names, whatever the letter case of a local number', () => {
    const a = booking({ localId: 'abcdef12-0000', serviceId: null })
    const b = booking({ serviceId: 61109 })
    const numberOf = (x: LocalBooking) => (x.serviceId !== null ? String(x.serviceId) : x.localId.slice(0, 8).toUpperCase())
    expect(bookingByNumber([a, b], ' 61109 ', numberOf)).toBe(b)
    expect(bookingByNumber([a, b], 'abcdef12', numberOf)).toBe(a)
    expect(bookingByNumber([a, b], '6110', numberOf)).toBeNull()
  })

  it('ticks one unit per scan on the line of the item, moves to its next lot when one is full, and refuses one over', () => {
    const lines = groupCardLines([
      line({ itemId: 7, bookedQuantity: '1', lotId: 70, itemCode: 'A-7' }),
      line({ itemId: 7, bookedQuantity: '2', lotId: 71, itemCode: 'A-7' }),
    ])
    expect(itemByCode(lines, 'a-7')).toBe(7)
    let ticks: Ticks = {}
    const results: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = tickItem(lines, ticks, 7)
      if (r.kind === 'ticked') ticks = r.ticks
      results.push(r.kind === 'ticked' ? `${r.line.lotId}:${r.count}` : r.kind)
    }
    expect(results).toEqual(['70:1', '71:1', '71:2', 'full'])
    expect(ticks).toEqual({ '7:70': '1', '7:71': '2' })
    expect(tickProgress(lines, ticks)).toEqual({ done: 2, of: 2 })
    expect(tickItem(lines, ticks, 8).kind).toBe('notOnBooking')
  })

  it("counts 5*CODE as five across the item's lots, and refuses a count that does not fit, counting nothing of it", () => {
    const lines = groupCardLines([line({ itemId: 7, bookedQuantity: '2', lotId: 70 }), line({ itemId: 7, bookedQuantity: '4', lotId: 71 })])
    const five = tickItem(lines, {}, 7, '5')
    expect(five.kind === 'ticked' && five.ticks).toEqual({ '7:70': '2', '7:71': '3' })
    if (five.kind !== 'ticked') throw new Error('five fit')
    const over = tickItem(lines, five.ticks, 7, '2')
    expect(over).toMatchObject({ kind: 'over', left: '1' })
    expect(tickItem(lines, five.ticks, 7, '1').kind).toBe('ticked')
  })

  it('counts fractional lines exactly: 2.5 kg is 2.5, not one scan more or less', () => {
    const lines = groupCardLines([
      line({ itemId: 9, bookedQuantity: '1.2', lotId: 90 }),
      line({ itemId: 9, bookedQuantity: '1.3', lotId: 90 }),
    ])
    expect(lines[0]!.quantity).toBe('2.5')
    // Two scans of one: then 0.5 is left, and a third whole unit would be more than booked.
    let ticks: Ticks = {}
    for (let i = 0; i < 2; i++) {
      const r = tickItem(lines, ticks, 9)
      if (r.kind === 'ticked') ticks = r.ticks
    }
    expect(tickItem(lines, ticks, 9)).toMatchObject({ kind: 'over', left: '0.5' })
    expect(tickItem(lines, ticks, 9, '0.5')).toMatchObject({ kind: 'ticked', count: '2.5' })
    // Typed on the line: 2,5 and 2.5 are the same; 0.1 + 0.2 style floats never enter.
    const typed = setLineCount(lines, {}, '9:90', '2,5')
    expect(typed).toMatchObject({ kind: 'set', count: '2.5', ticks: { '9:90': '2.5' } })
    expect(tickProgress(lines, typed?.kind === 'set' ? typed.ticks : {})).toEqual({ done: 1, of: 1 })
    expect(setLineCount(lines, {}, '9:90', '2.51')?.kind).toBe('over')
    expect(setLineCount(lines, {}, '9:90', 'dos')?.kind).toBe('invalid')
    expect(setLineCount(lines, {}, '9:90', '-1')?.kind).toBe('invalid')
    // Typed back to nothing, the line is no longer counted.
    expect(setLineCount(lines, { '9:90': '1' }, '9:90', '')).toMatchObject({ kind: 'set', count: '0', ticks: {} })
    expect(setLineCount(lines, {}, '1:-', '1')).toBeNull()
  })
})
