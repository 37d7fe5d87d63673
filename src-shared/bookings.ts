import { z } from 'zod'
import { errorPayload } from './errorSchemas'
import { int, isoDate, positiveQuantity, recordId, serviceText } from './patternSchemas'

/**
 * Bookings as the counter works with them: written locally first, queued in the
 * outbox, confirmed by the service later. A booking has a local id from the
 * moment it is typed, and a service id once the service has confirmed it.
 */

export const bookingLine = z.object({
  itemId: recordId,
  bookedQuantity: positiveQuantity,
  lotId: recordId.nullable().default(null),
  serialNumber: serviceText(z.string(), 100).nullable().default(null),
  reference: serviceText(z.string(), 255).nullable().default(null),
  /** The bundle this line came from, when a bundle was expanded into its components. */
  bundleId: recordId.nullable().default(null),
})
export type BookingLine = z.infer<typeof bookingLine>

/** A line as the screens show it: with its item and lot as the cached catalogue knows them. */
export const describedLine = bookingLine.extend({
  itemCode: z.string().nullable().optional(),
  itemName: z.string().nullable().optional(),
  lotName: z.string().nullable().optional(),
  lotExpires: z.string().nullable().optional(),
})
export type DescribedLine = z.infer<typeof describedLine>
/** What the cached catalogue adds to a line (its item's code and name, its lot's name and expiry). */
export type LineDescription = Required<Pick<DescribedLine, 'itemCode' | 'itemName' | 'lotName' | 'lotExpires'>>

export const bookingInput = z.object({
  /** Default: the user's agency (the form rule). */
  agencyFromId: recordId.optional(),
  /** Null only for a draft: the clerk may keep one before choosing it; it is asked for at submission. */
  agencyToId: recordId.nullable().default(null),
  plannedDelivery: isoDate,
  reference: serviceText(z.string(), 255).nullable().default(null),
  needsTransport: z.boolean().default(true),
  transferRequestId: recordId.nullable().default(null),
  lines: z.array(bookingLine).min(1, 'a booking needs at least one line').max(500),
  /** Keep it here as a draft: nothing is queued until it is submitted. */
  draft: z.boolean().default(false),
  /**
   * It is the clerk's open booking (counter.keepOpenBooking): the kept form goes in the same transaction,
   * so a crash never leaves both the booking and a form that would save it again.
   */
  fromOpenBooking: z.boolean().default(false),
})
export type BookingInput = z.input<typeof bookingInput>
export type ParsedBookingInput = z.output<typeof bookingInput>

/** What an edit may change: only the fields given (no defaults fill the others). */
export const bookingChanges = z.object({
  /** Null (no destination yet) only on a draft. */
  agencyToId: recordId.nullable().optional(),
  plannedDelivery: isoDate.optional(),
  reference: serviceText(z.string(), 255).nullable().optional(),
  needsTransport: z.boolean().optional(),
  lines: z.array(bookingLine).min(1, 'a booking needs at least one line').max(500).optional(),
})
export type BookingChanges = z.input<typeof bookingChanges>
export type ParsedBookingChanges = z.output<typeof bookingChanges>

/** draft: kept on this computer only, not queued yet (the clerk will finish it); the others follow the outbox. */
export const syncState = z.enum(['draft', 'pending', 'synced', 'failed', 'conflict'])
export type SyncState = z.infer<typeof syncState>

export const outboxOp = z.enum(['create', 'update', 'delete', 'void', 'ship', 'deliver'])
export type OutboxOp = z.infer<typeof outboxOp>

/**
 * Where a booking was made: here (typed on this computer), or elsewhere and read from the service
 * (another computer, the service's web pages). The local id of the latter was never shown to anyone.
 */
export const bookingOrigin = z.enum(['here', 'service'])
export type BookingOrigin = z.infer<typeof bookingOrigin>

export const localBooking = z.object({
  localId: z.string(),
  serviceId: int.nullable(),
  origin: bookingOrigin,
  state: syncState,
  agencyFromId: int,
  /** Null only while a draft waits for its destination. */
  agencyToId: int.nullable(),
  plannedDelivery: z.string(),
  reference: z.string().nullable(),
  needsTransport: z.boolean(),
  transferRequestId: int.nullable(),
  lines: z.array(describedLine),
  shipped: z.boolean(),
  delivered: z.boolean(),
  deleted: z.boolean(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  bookerId: int.nullable(),
  /** Entries still waiting in the outbox for this booking. */
  pending: int,
  /** The failure or conflict that stops this booking's entries, if any. */
  problem: errorPayload.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LocalBooking = z.infer<typeof localBooking>

/**
 * A shipment on the service that looks like a create whose answer was lost, where the service does not
 * show the create's marker: the clerk says whether it is this booking (sync/bookingReconcile.ts).
 */
export const heldCandidate = z.object({
  serviceId: int,
  /** The service's document number, when it gave one. */
  number: z.string().nullable(),
  reference: z.string().nullable(),
  /** When the service made it, in its own clock (ISO). */
  createdAt: z.string().nullable(),
  lines: z.array(z.object({ itemId: int, bookedQuantity: z.string(), itemCode: z.string().nullable(), itemName: z.string().nullable() })),
})
export type HeldCandidate = z.infer<typeof heldCandidate>

export const outboxEntry = z.object({
  seq: int,
  localId: z.string(),
  serviceId: int.nullable(),
  /** Its booking's (bookingIdentity.ts names the entry as it names the booking). */
  origin: bookingOrigin,
  op: outboxOp,
  /** held: the service may have it but does not show its marker; the clerk decides (candidates). */
  state: z.enum(['queued', 'sending', 'unknown', 'held', 'failed', 'conflict', 'done']),
  attempts: int,
  lastError: errorPayload.nullable(),
  createdAt: z.string(),
  /** A held create's look-alikes on the service, oldest first. */
  candidates: z.array(heldCandidate).optional(),
})
export type OutboxEntry = z.infer<typeof outboxEntry>
