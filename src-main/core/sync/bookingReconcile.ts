import { z } from 'zod'
import { AppError } from '@shared/errors'
import { fetchBooking, type ServiceShipment } from '../api/bookingsApi'
import { fetchBookingWithLines, RECONCILE_CANDIDATES_QUERY } from '../api/bookingsGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import { id } from '../api/normalise'
import type { RestClient } from '../api/restClient'
import type { BookingStore } from '../cache/bookingStore'
import type { QueuedEntry } from './outbox/outboxStore'
import { storedCreate, storedUpdate, type StoredCreate } from './outbox/bookingPayloads'

/**
 * What to do with an entry whose outcome is unknown (the request left and no
 * answer came): read the service and look for the write before anything is
 * sent again. A create is found by its marker in the memo, or else by its
 * fingerprint (origin, destination, planned delivery, reference, lines, time).
 */
export type Reconciled = { applied: true; record: ServiceShipment | null } | { applied: false }

const FINGERPRINT_WINDOW_MS = 10 * 60 * 1000
/** Creates whose windows start within the same minute share one read of the candidates. */
const SHARED_WINDOW_MS = 60 * 1000

type Candidates = z.infer<typeof candidates>['shipments']

/**
 * The candidates read during one push, shared by the lost creates of a route and day: a batch of
 * lost answers costs one read, not one each. Made afresh for every push (a snapshot taken before
 * the push began cannot miss a create answered in an earlier one).
 */
export type CandidateReads = Map<string, Promise<Candidates>>

export interface ReconcileDeps {
  bookings: BookingStore
  rest: RestClient
  graphql: GraphqlClient
  candidateReads?: CandidateReads
}

const candidates = z.object({
  shipments: z.array(
    z.object({
      id,
      memo: z.string().nullable(),
      reference: z.string().nullable(),
      movements: z.array(z.object({ item_id: id, booked_quantity: z.union([z.string(), z.number()]).transform(Number) })),
    }),
  ),
})

/** Lines as a comparable multiset: item and quantity, order ignored. */
export function lineKey(lines: { item_id: number; booked_quantity: string | number }[]): string {
  return lines
    .map((l) => `${l.item_id}:${Number(l.booked_quantity)}`)
    .sort()
    .join(',')
}

export async function reconcile(entry: QueuedEntry, deps: ReconcileDeps): Promise<Reconciled> {
  const serviceId = deps.bookings.serviceIdOf(entry.localId)
  if (entry.op === 'create') return findCreated(entry, deps)
  if (serviceId === null) throw new AppError('internal', { detail: `booking ${entry.localId} has no service id for ${entry.op}` })
  let current: ServiceShipment
  try {
    // An edit is compared line by line, and lines come through GraphQL (the REST show's are the sandbox's alone).
    current =
      entry.op === 'update' ? await fetchBookingWithLines(deps.rest, deps.graphql, serviceId) : await fetchBooking(deps.rest, serviceId)
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found')
      return entry.op === 'delete' ? { applied: true, record: null } : { applied: false }
    throw err
  }
  switch (entry.op) {
    case 'delete':
      return { applied: false }
    case 'ship':
      return current.shipped ? { applied: true, record: current } : { applied: false }
    case 'deliver':
      return current.delivered ? { applied: true, record: current } : { applied: false }
    case 'update': {
      // Every field the edit may carry is compared: one left out would make an edit of only that field look applied.
      const changes = storedUpdate.parse(entry.payload)
      const same =
        (changes.lines === undefined || lineKey(changes.lines) === lineKey(current.movements)) &&
        (changes.reference === undefined || changes.reference === current.reference) &&
        (changes.agency_to_id === undefined || changes.agency_to_id === current.agency_to_id) &&
        (changes.planned_delivery === undefined || changes.planned_delivery === current.planned_delivery) &&
        (changes.needs_transport === undefined || changes.needs_transport === current.needs_transport)
      return same ? { applied: true, record: current } : { applied: false }
    }
  }
}

async function findCreated(entry: QueuedEntry, deps: ReconcileDeps): Promise<Reconciled> {
  const p = storedCreate.parse(entry.payload)
  // The window starts at the minute's start (at most a minute wider), so creates made together share it.
  const from = Date.parse(entry.createdAt) - FINGERPRINT_WINDOW_MS
  const since = new Date(from - (from % SHARED_WINDOW_MS)).toISOString()
  const variables = { from: p.agency_from_id, to: p.agency_to_id, day: p.planned_delivery, since }
  const read = () => deps.graphql.data(RECONCILE_CANDIDATES_QUERY, candidates, variables).then((r) => r.shipments)
  const key = JSON.stringify(variables)
  const shared = deps.candidateReads?.get(key)
  let match = shared ? findIn(entry, p, await shared.catch(() => []), deps) : undefined
  // Found in the push's shared read: it is on the service. Not found: only a read made now may say
  // so, since a resend follows; that read is then shared with the lost creates after this one.
  if (!match) {
    const fresh = read()
    deps.candidateReads?.set(key, fresh)
    // A failed read is not kept: the next lost create of the batch tries again.
    fresh.catch(() => deps.candidateReads?.get(key) === fresh && deps.candidateReads.delete(key))
    match = findIn(entry, p, await fresh, deps)
  }
  if (!match) return { applied: false }
  return { applied: true, record: await fetchBooking(deps.rest, match.id) }
}

/** The shipment a create made: by its marker in the memo, else by its fingerprint (never one another local booking owns). */
function findIn(
  entry: QueuedEntry,
  p: Pick<StoredCreate, 'reference' | 'lines'>,
  shipments: Candidates,
  deps: ReconcileDeps,
): Candidates[number] | undefined {
  return (
    shipments.find((s) => s.memo?.includes(entry.marker)) ??
    shipments.find(
      (s) =>
        (s.reference ?? null) === (p.reference ?? null) &&
        lineKey(s.movements) === lineKey(p.lines) &&
        deps.bookings.byServiceId(s.id) === null,
    )
  )
}
