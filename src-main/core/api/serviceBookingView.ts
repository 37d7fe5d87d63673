import type { BookingLine } from '@shared/bookings'
import type { ServiceShipment } from './serviceShipment'

/**
 * What the service says of a booking, in our names: the one place where a shipment record (the REST show or a
 * GraphQL list row) becomes something the services and the cache read. Each field is named on both sides, so
 * renaming one of ours never reaches the wire and the service's names stop here (issue 13, item 6).
 *
 * null means "the service did not say": the GraphQL list carries no lock_version and no transfer request, and a
 * record may lack its agencies, date or creation time. What to do then is the reader's decision.
 */
export interface ServiceBookingView {
  id: number
  agencyFromId: number | null
  agencyToId: number | null
  bookerId: number | null
  plannedDelivery: string | null
  reference: string | null
  needsTransport: boolean
  transferRequestId: number | null
  lines: BookingLine[]
  shipped: boolean
  delivered: boolean
  voided: boolean
  lockVersion: number | null
  shippedAt: string | null
  deliveredAt: string | null
  createdAt: string | null
}

/** A shipment as the REST show (ServiceShipment) or the GraphQL list (AgencyShipment) gives it: what only one of them carries is optional. */
export type ShipmentRecord = Omit<ServiceShipment, 'transfer_request_id' | 'lock_version' | 'updated_at'> & {
  transfer_request_id?: number | null
  lock_version?: number | null
  shipped_at?: string | null
  delivered_at?: string | null
}

export function serviceBookingView(s: ShipmentRecord): ServiceBookingView {
  return {
    id: s.id,
    agencyFromId: s.agency_from_id,
    agencyToId: s.agency_to_id,
    bookerId: s.booker_id,
    plannedDelivery: s.planned_delivery,
    reference: s.reference,
    needsTransport: s.needs_transport,
    transferRequestId: s.transfer_request_id ?? null,
    lines: linesOf(s),
    shipped: s.shipped,
    delivered: s.delivered,
    voided: s.voided,
    lockVersion: s.lock_version ?? null,
    shippedAt: s.shipped_at ?? null,
    deliveredAt: s.delivered_at ?? null,
    createdAt: s.created_at,
  }
}

/** A shipment's movements as the lines the counter keeps. */
export function linesOf(shipment: Pick<ServiceShipment, 'movements'>): BookingLine[] {
  return shipment.movements.map((m): BookingLine => ({
    itemId: m.item_id,
    bookedQuantity: m.booked_quantity,
    lotId: m.lot_id,
    serialNumber: m.serial_number,
    reference: m.reference,
    bundleId: m.bundle_id,
  }))
}
