import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { BookingLine, LocalBooking, OutboxOp, ParsedBookingChanges } from '@shared/bookings'
import { toWireLine } from '../../api/bookingsApi'
import { storedLine } from '../../cache/storedLines'

/**
 * What an outbox entry of a booking carries, as stored (JSON in outbox.payload) on the clerk's computer
 * until it is sent. Stored in the service's names — the shape every version so far wrote — so entries
 * queued by an older version are sent as they were, and renaming a field of our own types never
 * changes what waits in the outbox. Every entry is read through these schemas, never cast.
 */

const int = z.number().int()

/** A create: the whole booking (the memo with its marker is added when it is sent). */
export const storedCreate = z.object({
  agency_from_id: int,
  agency_to_id: int,
  planned_delivery: z.string(),
  reference: z.string().nullable().default(null),
  needs_transport: z.boolean().default(true),
  transfer_request_id: int.nullable().default(null),
  lines: z.array(storedLine),
})
export type StoredCreate = z.output<typeof storedCreate>

/** An update: only the fields the edit changed. base_lock_version: written by earlier versions, no longer used. */
export const storedUpdate = z.object({
  agency_to_id: int.optional(),
  planned_delivery: z.string().optional(),
  reference: z.string().nullable().optional(),
  needs_transport: z.boolean().optional(),
  lines: z.array(storedLine).optional(),
  base_lock_version: z.unknown().optional(),
})
export type StoredUpdate = z.output<typeof storedUpdate>

/**
 * A deliver. Versions before delivered quantities wrote `{}`: every line arrives as booked, as it still
 * does when nothing is given. A counted delivery names what arrived per item and lot (the dispatch
 * screen's lines) and may carry the clerk's note on the discrepancy.
 */
export const storedDeliver = z.object({
  delivered: z.array(z.object({ item_id: int, lot_id: int.nullable(), delivered_quantity: z.string() })).optional(),
  note: z.string().nullable().optional(),
})
export type StoredDeliver = z.output<typeof storedDeliver>

/** The ops whose stored payload a send reads, each with its schema (the others send the booking's id alone). */
export const storedPayloads: Partial<Record<OutboxOp, z.ZodType>> = { create: storedCreate, update: storedUpdate, deliver: storedDeliver }

/**
 * An entry's stored payload read through its schema. One that does not read is never sent (nothing says what it
 * would send): the pusher stops it as failed and keeps it with its booking.
 */
export function readStored<S extends z.ZodType>(schema: S, payload: unknown, op: string): z.output<S> {
  const read = schema.safeParse(payload)
  if (read.success) return read.data
  throw new AppError('unreadable_stored_change', { detail: `the stored ${op} does not read: ${read.error.message}` })
}

/** What arrived of one item and lot, in our names. */
export interface DeliveredCount {
  itemId: number
  lotId: number | null
  quantity: string
}

export function deliverPayload(delivered: DeliveredCount[] | undefined, note: string | null): StoredDeliver {
  const out: StoredDeliver = {}
  if (delivered) out.delivered = delivered.map((d) => ({ item_id: d.itemId, lot_id: d.lotId, delivered_quantity: d.quantity }))
  if (note) out.note = note
  return out
}

/** The fields of a booking a create carries, by our names: one that goes out has its destination. */
export type CreateFields = Pick<LocalBooking, 'agencyFromId' | 'plannedDelivery' | 'reference' | 'needsTransport' | 'transferRequestId'> & {
  agencyToId: number
  lines: BookingLine[]
}

export function createPayload(b: CreateFields): StoredCreate {
  return {
    agency_from_id: b.agencyFromId,
    agency_to_id: b.agencyToId,
    planned_delivery: b.plannedDelivery,
    reference: b.reference,
    needs_transport: b.needsTransport,
    transfer_request_id: b.transferRequestId,
    lines: b.lines.map(toWireLine),
  }
}

/** An edit in the stored names; a field the edit does not name stays absent. */
export function updatePayload(c: ParsedBookingChanges): StoredUpdate {
  const out: StoredUpdate = {}
  // Null (no destination) is a draft's alone, and a draft queues nothing (bookingsService).
  if (c.agencyToId !== undefined && c.agencyToId !== null) out.agency_to_id = c.agencyToId
  if (c.plannedDelivery !== undefined) out.planned_delivery = c.plannedDelivery
  if (c.reference !== undefined) out.reference = c.reference
  if (c.needsTransport !== undefined) out.needs_transport = c.needsTransport
  if (c.lines !== undefined) out.lines = c.lines.map(toWireLine)
  return out
}

/** A create never sent, with an edit made since: the create carries the new version. */
export function withUpdate(storedPayload: unknown, update: StoredUpdate): StoredCreate {
  const create = readStored(storedCreate, storedPayload, 'create')
  const { base_lock_version: _b, ...fields } = update
  return { ...create, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) }
}
