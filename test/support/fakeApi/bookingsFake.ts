import type * as bookingsApi from '@core/api/bookingsApi'
import type { BookingWrite } from '@core/api/bookingsApi'
import type * as bookingsGraphql from '@core/api/bookingsGraphql'
import type * as reconcileGraphql from '@core/api/reconcileGraphql'
import { serviceBookingView } from '@core/api/serviceBookingView'
import type { ServiceShipment } from '@core/api/serviceShipment'
import type { FakeService } from './fakeService'

/** A new shipment as the service records a booking it takes (the memo keeps what was sent, markers included). */
function recorded(id: number, b: BookingWrite, at: string): ServiceShipment {
  return {
    id,
    zid: id,
    agency_from_id: b.agency_from_id,
    agency_to_id: b.agency_to_id,
    booker_id: 7,
    transfer_request_id: b.transfer_request_id,
    reference: b.reference,
    memo: b.memo,
    planned_delivery: b.planned_delivery,
    needs_transport: b.needs_transport,
    shipped: false,
    delivered: false,
    voided: false,
    returned: false,
    lock_version: 0,
    created_at: at,
    updated_at: at,
    movements: b.lines.map((l, i) => ({ ...l, id: id * 100 + i, delivered_quantity: null })),
  }
}

/**
 * The booking calls the outbox's push makes (sync/bookingPusher.ts, bookingReconcile.ts): creates, ship,
 * deliver, void and delete, the reads back, and the memo searches that find a create whose answer was lost by its marker.
 */
export function bookingsFake(
  service: FakeService,
): Pick<
  typeof bookingsApi,
  'createBooking' | 'fetchBooking' | 'updateBooking' | 'shipBooking' | 'deliverBooking' | 'voidBooking' | 'deleteBooking'
> &
  Pick<typeof bookingsGraphql, 'fetchBookingWithLines' | 'fetchBookingViewWithLines'> &
  Pick<typeof reconcileGraphql, 'readMarkedShipments' | 'readLookalikeShipments' | 'readShipmentMemo'> {
  const found = (id: number) => {
    const s = service.shipments.get(id)
    if (!s) throw service.notFound(`booking ${id}`)
    return s
  }
  const change = (id: number, changes: Partial<ServiceShipment>) => {
    const s = { ...found(id), ...changes, lock_version: found(id).lock_version + 1 }
    service.shipments.set(id, s)
    return s
  }
  return {
    createBooking: (_rest, b) =>
      service.write('createBooking', () => {
        const s = recorded(service.newId(), b, '2026-03-02T15:00:00Z')
        service.shipments.set(s.id, s)
        return s
      }),
    fetchBooking: (_rest, id) => service.read('fetchBooking', () => found(id)),
    fetchBookingWithLines: (_rest, _graphql, id) => service.read('fetchBookingWithLines', () => found(id)),
    fetchBookingViewWithLines: (_rest, _graphql, id) => service.read('fetchBookingViewWithLines', () => serviceBookingView(found(id))),
    updateBooking: (_rest, id, { lines, lock_version: _sent, ...fields }) =>
      service.write('updateBooking', () => {
        const movements = lines?.map((l, i) => ({ ...l, id: id * 100 + 50 + i, delivered_quantity: null }))
        return change(id, { ...fields, ...(movements ? { movements } : {}) })
      }),
    shipBooking: (_rest, id) => service.write('shipBooking', () => change(id, { shipped: true })),
    deliverBooking: (_rest, id) => service.write('deliverBooking', () => change(id, { delivered: true })),
    voidBooking: (_rest, id) => service.write('voidBooking', () => void change(id, { voided: true })),
    deleteBooking: (_rest, id) => service.write('deleteBooking', () => void service.shipments.delete(found(id).id)),
    readMarkedShipments: (_graphql, from, markers) =>
      service.read('readMarkedShipments', () =>
        [...service.shipments.values()]
          .filter((s) => s.agency_from_id === from && markers.some((m) => s.memo?.includes(m)))
          .map((s) => ({ id: s.id, memo: s.memo })),
      ),
    readLookalikeShipments: () => service.read('readLookalikeShipments', () => []),
    readShipmentMemo: (_graphql, id) => service.read('readShipmentMemo', () => service.shipments.get(id)?.memo),
  }
}
