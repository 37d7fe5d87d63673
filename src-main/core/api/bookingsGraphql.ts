import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { TransferRequest } from '@shared/counter'
import { fetchBooking } from './bookingsApi'
import { shipmentSchema, type ServiceShipment } from './serviceShipment'
import type { GraphqlClient } from './graphqlClient'
import type { RestClient } from './restClient'
import { serviceBookingView, type ServiceBookingView } from './serviceBookingView'
import { bool, id, nullableDate, nullableId, nullableText, nullableTimestamp, optionalNull } from './normalise'
import { idLiteral } from './idLiteral'

/**
 * The bookings the counter and the dispatch screens show beside their own: the
 * service's open bookings of the agency, what is in transit from and to it,
 * and what was delivered to it lately. REST lists only the first kind, so
 * these come through GraphQL in one query.
 *
 * Only fields the real service shows (ShipmentGraphQL / MovementGraphQL in the
 * SDK) are read: Hasura refuses a whole query for one unknown field. So no
 * lock_version (the REST show carries it), no transfer_request_id, and lines
 * without serial number or bundle (the service expands bundles into items;
 * the grouping is kept locally for bookings made here).
 */

const MOVEMENT_FIELDS = 'id item_id lot_id booked_quantity delivered_quantity reference'

const SHIPMENT_FIELDS = `id zid agency_from_id agency_to_id booker_id reference memo planned_delivery
  needs_transport shipped delivered voided returned created_at shipped_at delivered_at
  movements(order_by: [{id: asc}]) { ${MOVEMENT_FIELDS} }`

export const agencyShipment = shipmentSchema
  .omit({ transfer_request_id: true, lock_version: true, updated_at: true })
  .extend({ shipped_at: nullableTimestamp, delivered_at: nullableTimestamp })
export type AgencyShipment = z.output<typeof agencyShipment>

/** The agency is a literal (idLiteral.ts): the SDK's queries have declared `agency_to_id` as `Int`. */
export const agencyShipmentsQuery = (agencyId: number) => `query($since: timestamp!) {
      shipments(where: {_and: [
        {voided: {_eq: false}}, {returned: {_eq: false}},
        {_or: [{agency_from_id: {_eq: ${idLiteral(agencyId)}}}, {agency_to_id: {_eq: ${idLiteral(agencyId)}}}]},
        {_or: [{delivered: {_eq: false}}, {delivered_at: {_gte: $since}}]}
      ]}, order_by: [{id: desc}], limit: 2000) { ${SHIPMENT_FIELDS} }
    }`

/**
 * Bookings of the agency that are not finished, and those delivered to or from it since `deliveredSince` (ISO).
 * Newest first: should a month of history pass the limit, the oldest are the ones left out, not today's.
 * In our names (serviceBookingView); lock_version and transfer request are null there, as the list does not carry them.
 */
export async function readAgencyShipments(graphql: GraphqlClient, agencyId: number, deliveredSince: string): Promise<ServiceBookingView[]> {
  const data = await graphql.data(agencyShipmentsQuery(agencyId), z.object({ shipments: z.array(agencyShipment) }), {
    since: deliveredSince,
  })
  return data.shipments.map(serviceBookingView)
}

/** Sandbox extension `posSettings` (serviceExtensions.ts): sent only after the server said it has it. */
export const POS_SETTINGS_QUERY = '{ pos_settings(limit: 1) { filter_destinations_by_agency_category } }'

/** Whether destinations are limited to the origin's agency category. */
export async function readCategoryFilter(graphql: GraphqlClient): Promise<boolean> {
  const data = await graphql.data(
    POS_SETTINGS_QUERY,
    z.object({ pos_settings: z.array(z.object({ filter_destinations_by_agency_category: z.preprocess((v) => v ?? false, bool) })) }),
  )
  return data.pos_settings[0]?.filter_destinations_by_agency_category ?? false
}

export const BOOKING_LINES_QUERY = `query($id: bigint!) {
      shipments(where: {id: {_eq: $id}}) { id movements(order_by: [{id: asc}]) { ${MOVEMENT_FIELDS} } }
    }`

const linesAnswer = z.object({
  shipments: z.array(
    z.object({
      id,
      movements: z.array(
        z.object({
          id: nullableId,
          item_id: id,
          lot_id: nullableId,
          booked_quantity: z.union([z.string(), z.number()]).transform(String),
          delivered_quantity: optionalNull(z.union([z.string(), z.number()]).transform(String)),
          reference: nullableText,
        }),
      ),
    }),
  ),
})

/**
 * A booking as the service holds it now: the REST show for its header and
 * lock_version (the interface's Shipment record), its lines through GraphQL
 * (`shipments.movements`, which the real service documents; a `movements`
 * array in the REST answer is only the sandbox's). The show is read first:
 * an edit sent with its lock_version is refused if the lines change after.
 */
export async function fetchBookingWithLines(rest: RestClient, graphql: GraphqlClient, serviceId: number): Promise<ServiceShipment> {
  const header = await fetchBooking(rest, serviceId)
  const data = await graphql.data(BOOKING_LINES_QUERY, linesAnswer, { id: serviceId })
  const found = data.shipments.find((s) => s.id === serviceId)
  // REST shows it and GraphQL does not: its lines are not known, and an edit must not guess which to replace.
  if (!found) throw new AppError('bad_response', { detail: `the lines of booking ${serviceId} could not be read` })
  return { ...header, movements: found.movements.map((m) => ({ ...m, serial_number: null, bundle_id: null })) }
}

/** fetchBookingWithLines in our names (serviceBookingView): for the services, which never read the service's. */
export async function fetchBookingViewWithLines(rest: RestClient, graphql: GraphqlClient, serviceId: number): Promise<ServiceBookingView> {
  return serviceBookingView(await fetchBookingWithLines(rest, graphql, serviceId))
}

const transferRequestRow = z.object({
  id,
  agency_from_id: id,
  agency_to_id: id,
  planned_delivery: nullableDate,
  reference: nullableText,
  transfer_request_lines: z.array(
    z.object({
      item_id: id,
      quantity: z.union([z.string(), z.number()]).transform(String),
      item: z.object({ code: nullableText, name: nullableText }).nullable(),
    }),
  ),
})

/** Sandbox extension `transferRequests`: the real service shows no transfer requests on GraphQL or in the SDK's REST calls. */
export const PENDING_TRANSFER_REQUESTS_QUERY = `query($agency: bigint!) {
      transfer_requests(where: {agency_from_id: {_eq: $agency}, voided: {_eq: false}, booked: {_eq: false}}, order_by: [{planned_delivery: asc}, {id: asc}], limit: 500) {
        id agency_from_id agency_to_id planned_delivery reference
        transfer_request_lines(order_by: [{id: asc}]) { item_id quantity item { code name } }
      }
    }`

/** Requests the agency is asked to send: neither voided nor booked yet. */
export async function readPendingTransferRequests(graphql: GraphqlClient, agencyId: number): Promise<TransferRequest[]> {
  const data = await graphql.data(PENDING_TRANSFER_REQUESTS_QUERY, z.object({ transfer_requests: z.array(transferRequestRow) }), {
    agency: agencyId,
  })
  // Field by field into ours: the service's names stay in this answer's schema.
  return data.transfer_requests.map((r): TransferRequest => ({
    id: r.id,
    agencyFromId: r.agency_from_id,
    agencyToId: r.agency_to_id,
    plannedDelivery: r.planned_delivery,
    reference: r.reference,
    lines: r.transfer_request_lines.map((l): TransferRequest['lines'][number] => ({
      itemId: l.item_id,
      quantity: l.quantity,
      itemCode: l.item?.code ?? null,
      itemName: l.item?.name ?? null,
    })),
  }))
}
