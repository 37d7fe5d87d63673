import { describe, expect, it } from 'vitest'
import type { LocalBooking } from '@shared/bookings'
import { applyFilters, canDeliver, canShip, canSign, dispatchLists, pictureStepOf, tabOf } from '@renderer/areas/dispatch/dispatchLists'
import { slipTotals } from '@renderer/areas/dispatch/slipTotals'
import { bookingLine, localBooking } from '../../../support/localBooking'

const here = 300
const now = new Date('2026-05-10T12:00:00Z')

/** A booking sent from this agency to 306 for 10 May with a line of two; `over` sets the rest. */
const booking = (over: Partial<LocalBooking>): LocalBooking =>
  localBooking(over.localId ?? crypto.randomUUID(), {
    state: 'synced',
    agencyFromId: here,
    agencyToId: 306,
    plannedDelivery: '2026-05-10',
    lines: [bookingLine({ bookedQuantity: '2' })],
    createdAt: '2026-05-10T09:00:00Z',
    updatedAt: '2026-05-10T09:00:00Z',
    ...over,
  })

describe('dispatch tabs', () => {
  it('puts each booking on the tab the warehouse of this agency works it from', () => {
    const open = booking({ localId: 'open' })
    const outgoing = booking({ localId: 'out', shipped: true })
    const incoming = booking({ localId: 'in', agencyFromId: 306, agencyToId: here, shipped: true })
    const openElsewhere = booking({ localId: 'elsewhere-open', agencyFromId: 306, agencyToId: here })
    const stranger = booking({ localId: 'stranger', agencyFromId: 306, agencyToId: 307 })
    const recent = booking({ localId: 'recent', shipped: true, delivered: true, deliveredAt: '2026-05-10T01:00:00Z' })
    const old = booking({ localId: 'old', shipped: true, delivered: true, deliveredAt: '2026-05-09T11:59:00Z' })
    const deleted = booking({ localId: 'deleted', deleted: true })
    const lists = dispatchLists([open, outgoing, incoming, openElsewhere, stranger, recent, old, deleted], here, now)
    expect(Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.map((b) => b.localId)]))).toEqual({
      toShip: ['open'],
      inTransitOut: ['out'],
      inTransitIn: ['in'],
      delivered: ['recent'],
    })
    expect(tabOf(old, here, now)).toBeNull()
  })

  it('orders what is to ship by planned delivery, and deliveries latest first', () => {
    const later = booking({ localId: 'later', plannedDelivery: '2026-05-12' })
    const sooner = booking({ localId: 'sooner', plannedDelivery: '2026-05-11' })
    const d1 = booking({ localId: 'd1', shipped: true, delivered: true, deliveredAt: '2026-05-10T08:00:00Z' })
    const d2 = booking({ localId: 'd2', shipped: true, delivered: true, deliveredAt: '2026-05-10T10:00:00Z' })
    const lists = dispatchLists([later, sooner, d1, d2], here, now)
    expect(lists.toShip.map((b) => b.localId)).toEqual(['sooner', 'later'])
    expect(lists.delivered.map((b) => b.localId)).toEqual(['d2', 'd1'])
  })

  it('filters by the other agency (destination going out, origin coming in) and by planned delivery', () => {
    const toA = booking({ localId: 'toA', agencyToId: 401 })
    const toB = booking({ localId: 'toB', agencyToId: 402, plannedDelivery: '2026-05-11' })
    const fromA = booking({ localId: 'fromA', agencyFromId: 401, agencyToId: here, shipped: true })
    const ids = (list: LocalBooking[]) => list.map((b) => b.localId)
    expect(ids(applyFilters([toA, toB, fromA], here, { agencyId: 401, plannedDelivery: null }))).toEqual(['toA', 'fromA'])
    expect(ids(applyFilters([toA, toB, fromA], here, { agencyId: null, plannedDelivery: '2026-05-11' }))).toEqual(['toB'])
    expect(ids(applyFilters([toA, toB, fromA], here, { agencyId: 401, plannedDelivery: '2026-05-11' }))).toEqual([])
  })

  it('offers delivery on incoming shipments, and on our own only when they need no transport', () => {
    expect(canDeliver(booking({ agencyFromId: 306, agencyToId: here, shipped: true }), here)).toBe(true)
    expect(canDeliver(booking({ agencyFromId: 306, agencyToId: here, shipped: false }), here)).toBe(false)
    expect(canDeliver(booking({ shipped: true }), here)).toBe(false)
    expect(canDeliver(booking({ needsTransport: false }), here)).toBe(true)
    expect(canDeliver(booking({ needsTransport: false, delivered: true }), here)).toBe(false)
    expect(canShip(booking({}), here)).toBe(true)
    expect(canShip(booking({ shipped: true }), here)).toBe(false)
    expect(canShip(booking({ agencyFromId: 306, agencyToId: here }), here)).toBe(false)
  })

  it('takes a picture of the shipping while ours goes out, of the delivery where it arrives; signs only for a delivery', () => {
    const incoming = booking({ agencyFromId: 306, agencyToId: here, shipped: true })
    expect(pictureStepOf(booking({}), here)).toBe('shipping')
    expect(pictureStepOf(booking({ shipped: true }), here)).toBe('shipping')
    expect(pictureStepOf(incoming, here)).toBe('delivery')
    expect(pictureStepOf({ ...incoming, delivered: true }, here)).toBe('delivery')
    // Handed over at our own counter (no transport): the delivery is the step to prove.
    expect(pictureStepOf(booking({ needsTransport: false }), here)).toBe('delivery')
    expect(pictureStepOf(booking({ agencyFromId: 306, agencyToId: here, shipped: false }), here)).toBeNull()
    expect(canSign(incoming, here)).toBe(true)
    expect(canSign(booking({}), here)).toBe(false)
    expect(canSign(booking({ shipped: true }), here)).toBe(false)
  })
})

describe('slip totals', () => {
  it('counts lines as printed (the same item and lot once) and sums fractional quantities exactly', () => {
    const line = (q: string, itemId = 1, lotId: number | null = null) => ({
      itemId,
      bookedQuantity: q,
      lotId,
      serialNumber: null,
      reference: null,
      bundleId: null,
    })
    const a = booking({ lines: [line('0.1'), line('0.2', 2)] })
    const b = booking({ lines: [line('3')] })
    expect(slipTotals([a, b])).toEqual({ lines: 3, units: '3.3' })
    // Twice the same item and lot is one printed line; another lot of it is a line of its own.
    const c = booking({ lines: [line('1.5', 4, 40), line('1', 4, 40), line('2', 4, 41)] })
    expect(slipTotals([c])).toEqual({ lines: 2, units: '4.5' })
    expect(slipTotals([])).toEqual({ lines: 0, units: '0' })
  })
})
