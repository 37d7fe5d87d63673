import { z } from 'zod'
import { lotOption } from './counter'

/**
 * The booking a clerk is typing at the counter and has not saved yet (an "open
 * ticket"): kept in the entity's cache as it is typed, so a reload, a crash or
 * a restart finds it again. It is no booking: never sent, never counted against
 * stock, one per entity on this computer. The same schema checks what the
 * renderer sends and what is read back from the cache.
 */

const int = z.number().int()

export const openBookingLine = z.object({
  key: int,
  itemId: int,
  code: z.string().max(200),
  name: z.string().max(1000),
  available: z.number().nullable(),
  lots: z.array(lotOption).max(1000),
  lotId: int.nullable(),
  quantity: z.string().max(40),
  serialNumber: z.string().max(200),
  reference: z.string().max(500),
  bundleId: int.nullable(),
  bundleCode: z.string().max(200).nullable(),
})

export const openBookingForm = z.object({
  destination: int.nullable(),
  plannedDelivery: z.string().max(40).nullable(),
  reference: z.string().max(500),
  needsTransport: z.boolean(),
  transferRequestId: int.nullable(),
  lines: z.array(openBookingLine).max(2000),
})
export type OpenBookingForm = z.infer<typeof openBookingForm>

export const openBooking = z.object({
  /** The entity it was started in: it is only ever restored there. */
  entityId: int,
  form: openBookingForm,
  /** When it was last kept (ISO instant). */
  savedAt: z.string(),
})
export type OpenBooking = z.infer<typeof openBooking>
