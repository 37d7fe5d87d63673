import { describe, expect, it } from 'vitest'
import type { LocalBooking } from '@shared/bookings'
import { deliveryCount } from '@core/services/deliveryCount'

const line = (itemId: number, lotId: number | null, bookedQuantity: string) => ({
  itemId,
  lotId,
  bookedQuantity,
  serialNumber: null,
  reference: null,
  bundleId: null,
})
const booking = (shipped: boolean): LocalBooking => ({
  localId: 'b',
  serviceId: 10,
  origin: 'service',
  state: 'synced',
  agencyFromId: 1,
  agencyToId: 2,
  plannedDelivery: '2026-11-28',
  reference: null,
  needsTransport: true,
  transferRequestId: null,
  lines: [line(7, 70, '3'), line(7, 70, '2'), line(8, null, '1')],
  shipped,
  delivered: false,
  deleted: false,
  shippedAt: null,
  deliveredAt: null,
  bookerId: null,
  pending: 0,
  problem: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
})

describe('a count to deliver, checked against the booking', () => {
  it('is an ordinary delivery when every item and lot arrived whole, and one figure per item and lot when short', () => {
    expect(deliveryCount(booking(true), undefined)).toBeUndefined()
    expect(
      deliveryCount(booking(true), [
        { itemId: 7, lotId: 70, quantity: '5' },
        { itemId: 8, lotId: null, quantity: '1' },
      ]),
    ).toBeUndefined()
    expect(
      deliveryCount(booking(true), [
        { itemId: 7, lotId: 70, quantity: '4' },
        { itemId: 8, lotId: null, quantity: '1' },
      ]),
    ).toEqual([
      { itemId: 7, lotId: 70, quantity: '4' },
      { itemId: 8, lotId: null, quantity: '1' },
    ])
  })

  it('refuses an over-count, a line left out, an item not on it, nothing at all, and a short booking that never travelled', () => {
    const refused = (shipped: boolean, counts: { itemId: number; lotId: number | null; quantity: string }[], field: string) =>
      expect(() => deliveryCount(booking(shipped), counts)).toThrow(expect.objectContaining({ code: 'bad_input', field }))
    refused(
      true,
      [
        { itemId: 7, lotId: 70, quantity: '6' },
        { itemId: 8, lotId: null, quantity: '1' },
      ],
      'delivered.0.quantity',
    )
    refused(true, [{ itemId: 7, lotId: 70, quantity: '5' }], 'delivered')
    refused(true, [{ itemId: 9, lotId: null, quantity: '1' }], 'delivered.0.itemId')
    refused(
      true,
      [
        { itemId: 7, lotId: 70, quantity: '0' },
        { itemId: 8, lotId: null, quantity: '0' },
      ],
      'delivered',
    )
    refused(
      false,
      [
        { itemId: 7, lotId: 70, quantity: '4' },
        { itemId: 8, lotId: null, quantity: '1' },
      ],
      'delivered',
    )
  })
})
