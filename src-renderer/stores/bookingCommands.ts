import { request } from '../api'
import type { BookingInput, BookingChanges, LocalBooking } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import type { RequestInput, RequestOutput } from '@shared/contract'

/** The commands on bookings and on the outbox: each answers with what it changed, applied at once (`apply`). */
export function useBookingCommands(apply: (delta: BookingsDelta) => void) {
  async function create(input: BookingInput): Promise<RequestOutput<'bookings.create'>> {
    const answer = await request('bookings.create', input)
    apply(answer.changes)
    return answer
  }

  /** A command on one booking: what it changed is applied here, and the booking it left is the answer. */
  async function onBooking<N extends 'bookings.update' | 'bookings.submit' | 'bookings.ship' | 'bookings.deliver'>(
    name: N,
    input: RequestInput<N>,
  ): Promise<LocalBooking> {
    const answer = (await request(name, input)) as RequestOutput<N>
    apply(answer.changes)
    return answer.booking
  }

  const update = (id: string, changes: BookingChanges) => onBooking('bookings.update', { id, changes })
  const submit = (id: string) => onBooking('bookings.submit', { id })
  const ship = (id: string) => onBooking('bookings.ship', { id })
  /** Delivered whole, or as counted (a shipment in transit) with the clerk's note on the difference. */
  const deliver = (id: string, counted: Omit<RequestInput<'bookings.deliver'>, 'id'> = {}) =>
    onBooking('bookings.deliver', { id, ...counted })

  /** Voids (annuls) the booking on the service: it leaves the lists here at once. */
  async function voidBooking(id: string): Promise<void> {
    apply((await request('bookings.void', { id })).changes)
  }

  async function remove(id: string): Promise<void> {
    apply((await request('bookings.delete', { id })).changes)
  }

  async function retry(seq: number): Promise<void> {
    apply(await request('outbox.retry', { seq }))
  }

  async function discard(seq: number): Promise<void> {
    apply(await request('outbox.discard', { seq }))
  }

  async function keepTheirs(seq: number): Promise<void> {
    apply(await request('outbox.keepTheirs', { seq }))
  }

  /** The clerk compared a held create with its look-alikes: it is the service's booking `serviceId`. */
  async function claimCandidate(seq: number, serviceId: number): Promise<void> {
    apply(await request('outbox.claimCandidate', { seq, serviceId }))
  }

  return { create, update, submit, remove, voidBooking, ship, deliver, retry, discard, keepTheirs, claimCandidate }
}
