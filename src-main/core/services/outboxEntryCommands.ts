import type { OutboxEntry } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { fetchBooking } from '../api/bookingsApi'
import { fetchBookingViewWithLines } from '../api/bookingsGraphql'
import type { RestClient } from '../api/restClient'
import type { GraphqlClient } from '../api/graphqlClient'
import { settle } from '../sync/bookingPusher'
import type { OutboxStore } from '../sync/outbox/outboxStore'
import type { EntityCache } from './entityCaches'

/**
 * What the clerk decides about one outbox entry in the Sync centre: send it again, give it up, take one of
 * a held create's look-alikes, or take the service's version. Each returns the bookings it changed; the
 * BookingsService announces them.
 */

function entryOf(outbox: OutboxStore, seq: number): OutboxEntry {
  const entry = outbox.get(seq)
  if (!entry) throw new AppError('not_found', { detail: `no outbox entry ${seq}` })
  return entry
}

/** Sends a failed entry again (after the clerk fixed the booking, or because the service may now accept it). */
export function requeueEntry({ bookings, outbox }: EntityCache, seq: number): string[] {
  const entry = entryOf(outbox, seq)
  bookings.write(() => {
    outbox.requeue(seq)
    bookings.refreshState(entry.localId)
  })
  return [entry.localId]
}

/**
 * Gives up an entry and every later one of its booking; a booking never created disappears. The
 * discarded edits, ship or deliver of a booking the service has were shown here only: it goes back to
 * the service's version (read from the service, so this needs the line), as with keep theirs.
 */
export async function discardEntry(cache: EntityCache, seq: number, service: () => ServiceReads, now: () => Date): Promise<string[]> {
  const { bookings: store, outbox } = cache
  const entry = entryOf(outbox, seq)
  if (entry.op !== 'create' && store.serviceIdOf(entry.localId) !== null) return keepTheirEntry(cache, seq, service, now)
  store.write(() => {
    if (entry.op === 'create') store.removeBooking(entry.localId)
    else {
      outbox.dropFrom(entry.localId, seq)
      store.refreshState(entry.localId)
    }
  })
  return [entry.localId]
}

/**
 * A create held for the clerk (the service does not show its marker) is one of its look-alikes: the
 * clerk compared them and chose. Never one another booking here already is.
 */
export async function claimHeldCandidate(
  cache: EntityCache,
  seq: number,
  serviceId: number,
  rest: RestClient,
  now: () => Date,
): Promise<string[]> {
  const entry = entryOf(cache.outbox, seq)
  if (entry.state !== 'held' || !entry.candidates?.some((c) => c.serviceId === serviceId))
    throw new AppError('conflict', { detail: `booking ${serviceId} is not one the held entry ${seq} was compared with` })
  if (cache.bookings.ownedHere(serviceId))
    throw new AppError('conflict', { detail: `booking ${serviceId} is already another booking of this computer` })
  const record = await fetchBooking(rest, serviceId)
  const adopted = settle(entry, record, { bookings: cache.bookings, outbox: cache.outbox, now })
  // The other held creates no longer offer this one: their entries are part of the change.
  const held = cache.outbox.list().filter((e) => e.state === 'held')
  return [entry.localId, ...held.map((e) => e.localId), ...(adopted ? [adopted] : [])]
}

/** The clients a read of the service's version needs (asked only when the booking is on the service). */
export interface ServiceReads {
  rest: RestClient
  graphql: GraphqlClient
}

/** For a conflict: drop our changes and take the service's version of the booking. */
export async function keepTheirEntry(cache: EntityCache, seq: number, service: () => ServiceReads, now: () => Date): Promise<string[]> {
  const { bookings: store, outbox } = cache
  const entry = entryOf(outbox, seq)
  const serviceId = store.serviceIdOf(entry.localId)
  let theirs = null
  if (serviceId !== null) {
    const { rest, graphql } = service()
    theirs = await fetchBookingViewWithLines(rest, graphql, serviceId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return null
      throw err
    })
  }
  const at = now().toISOString()
  store.write(() => {
    outbox.dropFrom(entry.localId, seq)
    if (!theirs) store.removeBooking(entry.localId)
    else {
      store.patch(
        entry.localId,
        {
          agencyToId: theirs.agencyToId ?? undefined,
          plannedDelivery: theirs.plannedDelivery ?? undefined,
          reference: theirs.reference,
          needsTransport: theirs.needsTransport,
          lines: theirs.lines,
          shipped: theirs.shipped,
          delivered: theirs.delivered,
          lockVersion: theirs.lockVersion,
          deleted: theirs.voided,
        },
        at,
      )
      store.refreshState(entry.localId)
    }
  })
  return [entry.localId]
}
