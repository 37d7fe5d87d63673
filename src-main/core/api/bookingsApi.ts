import { z } from 'zod'
import type { BookingLine } from '@shared/bookings'
import { serviceBookingView, type ServiceBookingView } from './serviceBookingView'
import { writeRequest, type RestClient } from './restClient'
import { bookingFieldNames } from './serviceFieldNames'
import { shipmentSchema, type ServiceShipment } from './serviceShipment'

/**
 * The bookings area of the service. Ship and deliver are GETs that change
 * state: this module only sends them; whether to send again is the outbox's
 * decision, after reading the booking back.
 *
 * Answers to writes are lenient (writeRequest): the interface leaves their
 * shape open, so after a 2xx an answer of another shape is `null` (done) and
 * the caller reads the booking back. The REST answers carry no lines on the
 * real service as far as anything public shows (`movements` there is the
 * sandbox's extension): lines are read through GraphQL (bookingsGraphql.ts).
 */

/** A line as the service takes it (movements_attributes): the service's names, whatever ours become. */
export interface WireLine {
  item_id: number
  booked_quantity: string
  lot_id: number | null
  serial_number: string | null
  reference: string | null
  bundle_id: number | null
}

/** Our line in the service's names (each field named on both sides, so renaming ours never reaches the wire). */
export function toWireLine(l: BookingLine): WireLine {
  return {
    item_id: l.itemId,
    booked_quantity: l.bookedQuantity,
    lot_id: l.lotId,
    serial_number: l.serialNumber,
    reference: l.reference,
    bundle_id: l.bundleId,
  }
}

export interface BookingWrite {
  agency_from_id: number
  agency_to_id: number
  planned_delivery: string
  reference: string | null
  memo: string
  needs_transport: boolean
  transfer_request_id: number | null
  lines: WireLine[]
}

function movementsAttributes(lines: WireLine[]) {
  return Object.fromEntries(
    lines.map((l, i) => [String(i), Object.fromEntries(Object.entries({ ...l }).filter(([, v]) => v !== null && v !== undefined))]),
  )
}

/**
 * Lines go in `movements_attributes`, as the interface and the SDK
 * (zauru-bookings.ts `insertBookings`) send them; the documentation's example
 * says `shipment_details_attributes` (ADDITIONS.md, "Bookings").
 */
export async function createBooking(rest: RestClient, b: BookingWrite): Promise<ServiceShipment | null> {
  const { lines, ...fields } = b
  return writeRequest(
    rest,
    {
      method: 'POST',
      path: '/pos/bookings.json',
      body: { shipment: { ...fields, movements_attributes: movementsAttributes(lines) } },
      fieldNames: bookingFieldNames,
    },
    shipmentSchema,
  )
}

/** Replaces the booking's fields and lines: old lines are destroyed, the new ones added. */
export async function updateBooking(
  rest: RestClient,
  serviceId: number,
  changes: Partial<Omit<BookingWrite, 'lines'>> & { lines?: WireLine[]; lock_version?: number },
  oldLineIds: number[] = [],
): Promise<ServiceShipment | null> {
  const { lines, ...fields } = changes
  const body: Record<string, unknown> = { ...fields }
  if (lines) {
    const destroy = oldLineIds.map((lineId) => ({ id: lineId, _destroy: '1' }))
    const add = Object.values(movementsAttributes(lines))
    body.movements_attributes = Object.fromEntries([...destroy, ...add].map((m, i) => [String(i), m]))
  }
  return writeRequest(
    rest,
    { method: 'PUT', path: `/pos/bookings/${serviceId}.json`, body: { shipment: body }, fieldNames: bookingFieldNames },
    shipmentSchema,
  )
}

export async function deleteBooking(rest: RestClient, serviceId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/pos/bookings/${serviceId}.json` }, null)
}

export async function fetchBooking(rest: RestClient, serviceId: number): Promise<ServiceShipment> {
  return rest.request({ method: 'GET', path: `/pos/bookings/${serviceId}.json` }, shipmentSchema)
}

/** The REST show in our names (serviceBookingView): for the services, which never read the service's. */
export async function fetchBookingView(rest: RestClient, serviceId: number): Promise<ServiceBookingView> {
  return serviceBookingView(await fetchBooking(rest, serviceId))
}

export async function shipBooking(rest: RestClient, serviceId: number): Promise<ServiceShipment | null> {
  return writeRequest(rest, { method: 'GET', path: `/pos/bookings/${serviceId}/ship.json` }, shipmentSchema)
}

export async function deliverBooking(rest: RestClient, serviceId: number): Promise<ServiceShipment | null> {
  return writeRequest(rest, { method: 'GET', path: `/pos/bookings/${serviceId}/deliver.json` }, shipmentSchema)
}

/** What arrived of one line of a shipment in transit (its movement id, as the service numbers it). */
export interface DeliveredLine {
  id: number
  delivered_quantity: string
}

/**
 * A shipment in transit received with what arrived: the documentation's transit delivery
 * (docs-zauru `inventarios/envios/transitos.md`, the SDK's `receiveTransit`), one delivered
 * quantity per movement; the service books what is short again. `memo` replaces the shipment's
 * memo when given. The answer's shape is not shown: after a 2xx another shape is done (null).
 */
export async function deliverTransit(
  rest: RestClient,
  serviceId: number,
  lines: DeliveredLine[],
  memo?: string,
): Promise<ServiceShipment | null> {
  const movements = Object.fromEntries(lines.map((l, i) => [String(i), { id: l.id, delivered_quantity: l.delivered_quantity }]))
  const shipment = { movements_attributes: movements, ...(memo === undefined ? {} : { memo }) }
  return writeRequest(
    rest,
    { method: 'PUT', path: `/inventories/transits/${serviceId}.json`, body: { shipment }, fieldNames: bookingFieldNames },
    shipmentSchema,
  )
}

/**
 * Voids (annuls) an open booking: the documentation's plain DELETE of /inventories/bookings/{id}.json
 * (docs-zauru `inventarios/envios/anulaciones.md`, 204); the SDK's `?destroy=true` would remove it instead.
 */
export async function voidBooking(rest: RestClient, serviceId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/inventories/bookings/${serviceId}.json` }, null)
}

export async function fetchOpenBookings(rest: RestClient): Promise<ServiceShipment[]> {
  return rest.request({ method: 'GET', path: '/pos/bookings.json' }, z.array(shipmentSchema))
}
