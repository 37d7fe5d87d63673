import type { BookingOrigin, LocalBooking, SyncState } from '@shared/bookings'
import type { OpenSummary } from './bookingOutbox'
import { linesFromStored } from './storedLines'

/** A row of the bookings table as SQLite keeps it (flags 0 or 1, lines as stored JSON), read by its statements. */
export interface BookingRow {
  local_id: string
  service_id: number | null
  state: SyncState
  agency_from_id: number
  agency_to_id: number | null
  planned_delivery: string
  reference: string | null
  needs_transport: number
  transfer_request_id: number | null
  lines: string
  shipped: number
  delivered: number
  deleted: number
  lock_version: number | null
  shipped_at: string | null
  delivered_at: string | null
  booker_id: number | null
  origin: BookingOrigin
  created_at: string
  updated_at: string
}

/** The row in our names, with what the outbox still holds of it. */
export function toBooking(r: BookingRow, open: OpenSummary): LocalBooking {
  return {
    localId: r.local_id,
    serviceId: r.service_id,
    origin: r.origin,
    state: r.state,
    agencyFromId: r.agency_from_id,
    agencyToId: r.agency_to_id,
    plannedDelivery: r.planned_delivery,
    reference: r.reference,
    needsTransport: r.needs_transport === 1,
    transferRequestId: r.transfer_request_id,
    lines: linesFromStored(r.lines),
    shipped: r.shipped === 1,
    delivered: r.delivered === 1,
    deleted: r.deleted === 1,
    shippedAt: r.shipped_at,
    deliveredAt: r.delivered_at,
    bookerId: r.booker_id,
    pending: open.pending,
    problem: open.problem,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}
