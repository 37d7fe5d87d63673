import { z } from 'zod'
import { shipmentSchema } from './bookingsApi'
import type { GraphqlClient } from './graphqlClient'
import { bool, id, nullableDate, nullableText, nullableTimestamp } from './normalise'

/**
 * The bookings the counter and the dispatch screens show beside their own: the
 * service's open bookings of the agency, what is in transit from and to it,
 * and what was delivered to it lately. REST lists only the first kind, so
 * these come through GraphQL in one query.
 */

const SHIPMENT_FIELDS = `id zid agency_from_id agency_to_id booker_id transfer_request_id reference memo planned_delivery
  needs_transport shipped delivered voided returned lock_version created_at updated_at shipped_at delivered_at
  movements(order_by: [{id: asc}]) { id item_id lot_id booked_quantity serial_number reference bundle_id }`

export const agencyShipment = shipmentSchema.extend({ shipped_at: nullableTimestamp, delivered_at: nullableTimestamp })
export type AgencyShipment = z.output<typeof agencyShipment>

export const AGENCY_SHIPMENTS_QUERY = `query($agency: bigint!, $since: timestamp!) {
      shipments(where: {_and: [
        {voided: {_eq: false}}, {returned: {_eq: false}},
        {_or: [{agency_from_id: {_eq: $agency}}, {agency_to_id: {_eq: $agency}}]},
        {_or: [{delivered: {_eq: false}}, {delivered_at: {_gte: $since}}]}
      ]}, order_by: [{id: asc}], limit: 2000) { ${SHIPMENT_FIELDS} }
      pos_settings { filter_destinations_by_agency_category }
    }`

/** Bookings of the agency that are not finished, those delivered to or from it since `deliveredSince` (ISO), and the POS setting on destinations. */
export async function readAgencyShipments(
  graphql: GraphqlClient,
  agencyId: number,
  deliveredSince: string,
): Promise<{ shipments: AgencyShipment[]; filterByCategory: boolean }> {
  const data = await graphql.data(
    AGENCY_SHIPMENTS_QUERY,
    z.object({ shipments: z.array(agencyShipment), pos_settings: z.array(z.object({ filter_destinations_by_agency_category: z.preprocess((v) => v ?? false, bool) })) }),
    { agency: agencyId, since: deliveredSince },
  )
  return { shipments: data.shipments, filterByCategory: data.pos_settings[0]?.filter_destinations_by_agency_category ?? false }
}

const transferRequestRow = z.object({
  id,
  agency_from_id: id,
  agency_to_id: id,
  planned_delivery: nullableDate,
  reference: nullableText,
  transfer_request_lines: z.array(
    z.object({ item_id: id, quantity: z.union([z.string(), z.number()]).transform(String), item: z.object({ code: nullableText, name: nullableText }).nullable() }),
  ),
})

export const PENDING_TRANSFER_REQUESTS_QUERY = `query($agency: bigint!) {
      transfer_requests(where: {agency_from_id: {_eq: $agency}, voided: {_eq: false}, booked: {_eq: false}}, order_by: [{planned_delivery: asc}, {id: asc}], limit: 500) {
        id agency_from_id agency_to_id planned_delivery reference
        transfer_request_lines(order_by: [{id: asc}]) { item_id quantity item { code name } }
      }
    }`

/** Requests the agency is asked to send: neither voided nor booked yet. */
export async function readPendingTransferRequests(graphql: GraphqlClient, agencyId: number) {
  const data = await graphql.data(
    PENDING_TRANSFER_REQUESTS_QUERY,
    z.object({ transfer_requests: z.array(transferRequestRow) }),
    { agency: agencyId },
  )
  return data.transfer_requests.map(({ transfer_request_lines, ...r }) => ({
    ...r,
    lines: transfer_request_lines.map((l) => ({ item_id: l.item_id, quantity: l.quantity, item_code: l.item?.code ?? null, item_name: l.item?.name ?? null })),
  }))
}

/**
 * Shipments that may be a create whose answer was lost (sync/bookingReconcile.ts): same origin,
 * destination and planned delivery, created since a moment before the entry was queued.
 */
export const RECONCILE_CANDIDATES_QUERY = `query($from: bigint!, $to: bigint!, $day: date!, $since: timestamp!) {
      shipments(where: {agency_from_id: {_eq: $from}, agency_to_id: {_eq: $to}, planned_delivery: {_eq: $day}, created_at: {_gte: $since}}, order_by: [{id: asc}]) {
        id memo reference movements { item_id booked_quantity } } }`
