import type { LocalBooking } from '@shared/bookings'

type Line = LocalBooking['lines'][number]

/** A line as a booking holds it: one unit of item 1, no lot, serial, reference or bundle; `over` sets the rest. */
export function bookingLine(over: Partial<Line> = {}): Line {
  return { itemId: 1, bookedQuantity: '1', lotId: null, serialNumber: null, reference: null, bundleId: null, ...over }
}

/** A booking as the core hands it to the window: typed here, waiting to be sent, no lines, nothing shipped; `over` sets the rest. */
export function localBooking(localId: string, over: Partial<LocalBooking> = {}): LocalBooking {
  return {
    localId,
    serviceId: null,
    origin: 'here',
    state: 'pending',
    agencyFromId: 1,
    agencyToId: 2,
    plannedDelivery: '2026-12-01',
    reference: null,
    needsTransport: true,
    transferRequestId: null,
    lines: [],
    shipped: false,
    delivered: false,
    deleted: false,
    shippedAt: null,
    deliveredAt: null,
    bookerId: null,
    pending: 0,
    problem: null,
    createdAt: '2026-11-24T10:00:00Z',
    updatedAt: '2026-11-24T10:00:00Z',
    ...over,
  }
}
