import { z } from 'zod'
import type { GraphqlClient } from './graphqlClient'
import { id, nullableText, nullableTimestamp } from './normalise'
import { idLiteral } from './idLiteral'

/**
 * What the outbox asks the service when a create's answer was lost (sync/bookingReconcile.ts): the
 * shipments that carry an entry's marker in their memo, and, only where the service is not known to
 * keep that marker, the shipments that look like the entry, for the clerk to compare.
 *
 * The marker read has no time window: comparing the computer's clock with the service's is what a
 * clock running fast broke. Markers are fixed-length (`mostrador:` and 12 hex digits) and carry no
 * LIKE wildcard, so `%marker%` matches that marker and no other.
 */

export const MARKED_SHIPMENTS_QUERY = `query($from: bigint!, $marked: [shipments_bool_exp!]!) {
      shipments(where: {agency_from_id: {_eq: $from}, _or: $marked}, order_by: [{id: asc}]) { id memo } }`

/** The destination is a literal (idLiteral.ts): the SDK's queries have declared `agency_to_id` as `Int`. */
export const lookalikeShipmentsQuery = (to: number) => `query($from: bigint!, $day: date!) {
      shipments(where: {agency_from_id: {_eq: $from}, agency_to_id: {_eq: ${idLiteral(to)}}, planned_delivery: {_eq: $day}}, order_by: [{id: asc}]) {
        id id_number memo reference created_at movements(order_by: [{id: asc}]) { item_id booked_quantity } } }`

export const SHIPMENT_MEMO_QUERY = `query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { id memo } }`

export interface MarkedShipment {
  id: number
  memo: string | null
}

/** A shipment that looks like a create whose answer was lost, in our names. */
export interface LookalikeShipment {
  id: number
  number: string | null
  memo: string | null
  reference: string | null
  /** The service's own time of creation (ISO), or null when it did not say. */
  createdAt: string | null
  lines: { itemId: number; bookedQuantity: string }[]
}

const marked = z.object({ shipments: z.array(z.object({ id, memo: nullableText })) })

const lookalikes = z.object({
  shipments: z.array(
    z.object({
      id,
      id_number: nullableText,
      memo: nullableText,
      reference: nullableText,
      created_at: nullableTimestamp,
      movements: z.array(z.object({ item_id: id, booked_quantity: z.union([z.string(), z.number()]).transform(String) })),
    }),
  ),
})

/** The shipments from an agency whose memo carries any of the markers (one read for a batch of lost answers). */
export async function readMarkedShipments(graphql: GraphqlClient, from: number, markers: readonly string[]): Promise<MarkedShipment[]> {
  if (markers.length === 0) return []
  const data = await graphql.data(MARKED_SHIPMENTS_QUERY, marked, {
    from,
    marked: markers.map((m) => ({ memo: { _ilike: `%${m}%` } })),
  })
  return data.shipments
}

/**
 * Shipments of one route and planned day, whenever they were made: a bound on their creation would come from this
 * computer's clock when the booking was typed, and a clock set right since (a day fast while offline) hid the very
 * shipment looked for, which was then sent again.
 */
export async function readLookalikeShipments(
  graphql: GraphqlClient,
  route: { from: number; to: number; day: string },
): Promise<LookalikeShipment[]> {
  const data = await graphql.data(lookalikeShipmentsQuery(route.to), lookalikes, { from: route.from, day: route.day })
  return data.shipments.map((s) => ({
    id: s.id,
    number: s.id_number,
    memo: s.memo,
    reference: s.reference,
    createdAt: s.created_at,
    lines: s.movements.map((m) => ({ itemId: m.item_id, bookedQuantity: m.booked_quantity })),
  }))
}

/** The memo a shipment has now, or undefined when the service does not show the shipment (yet). */
export async function readShipmentMemo(graphql: GraphqlClient, serviceId: number): Promise<string | null | undefined> {
  const data = await graphql.data(SHIPMENT_MEMO_QUERY, marked, { id: serviceId })
  return data.shipments.find((s) => s.id === serviceId)?.memo
}
