import { describe, expect, it } from 'vitest'
import { shipmentSchema } from '@core/api/serviceShipment'
import { agencyShipment } from '@core/api/bookingsGraphql'
import { serviceBookingView } from '@core/api/serviceBookingView'

// The one place where the service's names for a booking become ours: every field is checked with a value of
// its own, so two fields swapped or one left behind shows here and not as a wrong booking on the counter.
describe('what the service says of a booking, in our names', () => {
  it('takes the REST show field by field, with its lock_version and its lines', () => {
    const show = shipmentSchema.parse({
      id: 5001,
      zid: 17,
      agency_from_id: 7,
      agency_to_id: 8,
      booker_id: 33,
      transfer_request_id: 44,
      reference: 'REF-1',
      memo: 'nota',
      planned_delivery: '2026-12-01',
      needs_transport: true,
      shipped: true,
      delivered: false,
      voided: true,
      returned: false,
      lock_version: 6,
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-21T09:00:00.000Z',
      movements: [{ id: 1, item_id: 501, lot_id: 9, booked_quantity: 2.5, serial_number: 'SN-1', reference: 'r', bundle_id: 77 }],
    })
    expect(serviceBookingView(show)).toEqual({
      id: 5001,
      agencyFromId: 7,
      agencyToId: 8,
      bookerId: 33,
      plannedDelivery: '2026-12-01',
      reference: 'REF-1',
      needsTransport: true,
      transferRequestId: 44,
      lines: [{ itemId: 501, bookedQuantity: '2.5', lotId: 9, serialNumber: 'SN-1', reference: 'r', bundleId: 77 }],
      shipped: true,
      delivered: false,
      voided: true,
      lockVersion: 6,
      shippedAt: null,
      deliveredAt: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    })
  })

  it('says "not told" for what the GraphQL list does not carry (lock_version, transfer request)', () => {
    const row = agencyShipment.parse({
      id: 5002,
      zid: null,
      agency_from_id: 8,
      agency_to_id: 7,
      booker_id: null,
      reference: null,
      memo: null,
      planned_delivery: null,
      needs_transport: false,
      shipped: true,
      delivered: true,
      voided: false,
      returned: false,
      created_at: null,
      shipped_at: '2026-11-22T10:00:00.000Z',
      delivered_at: '2026-11-23T11:00:00.000Z',
      movements: [{ id: 2, item_id: 502, lot_id: null, booked_quantity: '1', reference: null }],
    })
    expect(serviceBookingView(row)).toMatchObject({
      agencyFromId: 8,
      agencyToId: 7,
      plannedDelivery: null,
      transferRequestId: null,
      lockVersion: null,
      shippedAt: '2026-11-22T10:00:00.000Z',
      deliveredAt: '2026-11-23T11:00:00.000Z',
      createdAt: null,
      lines: [{ itemId: 502, bookedQuantity: '1', lotId: null, serialNumber: null, reference: null, bundleId: null }],
    })
  })
})
