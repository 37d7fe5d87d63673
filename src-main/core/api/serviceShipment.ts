import { z } from 'zod'
import { bool, count, id, nullableDate, nullableId, nullableText, nullableTimestamp, optionalNull } from './normalise'

// A shipment as the service's REST answers give it, in its own names; read by the bookings calls
// (bookingsApi.ts, bookingsGraphql.ts) and put in ours by serviceBookingView.ts.
const movementSchema = z.object({
  id: nullableId,
  item_id: id,
  lot_id: nullableId,
  booked_quantity: z.union([z.string(), z.number()]).transform(String),
  /** What arrived, once delivered (MovementGraphQL.delivered_quantity); null before. */
  delivered_quantity: optionalNull(z.union([z.string(), z.number()]).transform(String)),
  serial_number: nullableText,
  reference: nullableText,
  bundle_id: nullableId,
})

const flag = z.preprocess((v) => v ?? false, bool)

export const shipmentSchema = z.object({
  id,
  zid: nullableId,
  agency_from_id: nullableId,
  agency_to_id: nullableId,
  booker_id: nullableId,
  transfer_request_id: nullableId,
  reference: nullableText,
  memo: nullableText,
  planned_delivery: nullableDate,
  needs_transport: flag,
  shipped: flag,
  delivered: flag,
  voided: flag,
  returned: flag,
  lock_version: z.preprocess((v) => v ?? 0, count),
  created_at: nullableTimestamp,
  updated_at: nullableTimestamp,
  movements: optionalNull(z.array(movementSchema)).transform((m) => m ?? []),
})
export type ServiceShipment = z.output<typeof shipmentSchema>
