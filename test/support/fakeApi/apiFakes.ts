import { bookingsFake } from './bookingsFake'
import { bundlesFake } from './bundlesFake'
import { catalogueFake } from './catalogueFake'
import type { FakeService } from './fakeService'
import { profileFake } from './profileFake'
import { purchasingFake } from './purchasingFake'

/**
 * Every api fake over one service, by the module each replaces (mockedApi.ts hands them to vi.mock, over
 * the real module, so what a fake leaves out stays real).
 */
export function apiFakes(service: FakeService) {
  const catalogue = catalogueFake(service)
  const purchasing = purchasingFake(service)
  const bookings = bookingsFake(service)
  return {
    profileApi: profileFake(service),
    catalogueGraphql: { readPages: catalogue.readPages, readReference: catalogue.readReference },
    bundleColumnsRest: { readRestBundleColumns: catalogue.readRestBundleColumns },
    bundlesApi: bundlesFake(service),
    receptionsApi: { createReception: purchasing.createReception, listReceptions: purchasing.listReceptions },
    purchaseOrdersApi: { fetchPurchaseOrder: purchasing.fetchPurchaseOrder, fetchOrderRecordFacts: purchasing.fetchOrderRecordFacts },
    bookingsApi: {
      createBooking: bookings.createBooking,
      fetchBooking: bookings.fetchBooking,
      updateBooking: bookings.updateBooking,
      shipBooking: bookings.shipBooking,
      deliverBooking: bookings.deliverBooking,
      voidBooking: bookings.voidBooking,
      deleteBooking: bookings.deleteBooking,
    },
    bookingsGraphql: {
      fetchBookingWithLines: bookings.fetchBookingWithLines,
      fetchBookingViewWithLines: bookings.fetchBookingViewWithLines,
    },
    reconcileGraphql: {
      readMarkedShipments: bookings.readMarkedShipments,
      readLookalikeShipments: bookings.readLookalikeShipments,
      readShipmentMemo: bookings.readShipmentMemo,
    },
  }
}
