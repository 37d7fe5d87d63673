import { randomBytes } from 'node:crypto'
import type { ParsedBookingInput } from '@shared/bookings'
import { AppError } from '@shared/errors'
import type { CreateFields } from '../sync/outbox/bookingPayloads'

/** What a booking keeps here, from a checked booking and its origin (a draft may still lack its destination). */
export function keptFields(agencyFromId: number, input: ParsedBookingInput): KeptFields {
  return {
    agencyFromId,
    agencyToId: input.agencyToId,
    plannedDelivery: input.plannedDelivery,
    reference: input.reference,
    needsTransport: input.needsTransport,
    transferRequestId: input.transferRequestId,
    lines: input.lines,
  }
}
export type KeptFields = Omit<CreateFields, 'agencyToId'> & { agencyToId: number | null }

/** What a create queues: a booking goes out with its destination; only a draft is kept without one. */
export function createFields(kept: KeptFields): CreateFields {
  const { agencyToId } = kept
  if (agencyToId === null)
    throw new AppError('bad_input', { field: 'agencyToId', detail: 'choose the destination before the booking goes out' })
  return { ...kept, agencyToId }
}

/** A short marker of an outbox entry: written into the booking's memo so a lost answer can be found again. */
export const newMarker = () => `mostrador:${randomBytes(6).toString('hex')}`
