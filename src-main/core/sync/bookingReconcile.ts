import { z } from 'zod'
import type { BookingLine } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { fetchBooking, type ServiceShipment } from '../api/bookingsApi'
import { fetchBookingWithLines, RECONCILE_CANDIDATES_QUERY } from '../api/bookingsGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import { id } from '../api/normalise'
import type { RestClient } from '../api/restClient'
import type { BookingStore, QueuedEntry } from '../cache/bookingStore'

/**
 * What to do with an entry whose outcome is unknown (the request left and no
 * answer came): read the service and look for the write before anything is
 * sent again. A create is found by its marker in the memo, or else by its
 * fingerprint (origin, destination, planned delivery, reference, lines, time).
 */
export type Reconciled = { applied: true; record: ServiceShipment | null } | { applied: false }

const FINGERPRINT_WINDOW_MS = 10 * 60 * 1000

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

export async function reconcile(entry: QueuedEntry, deps: { store: BookingStore; rest: RestClient; graphql: GraphqlClient }): Promise<Reconciled> {
  const serviceId = deps.store.serviceIdOf(entry.localId)
  if (entry.op === 'create') return findCreated(entry, deps)
  if (serviceId === null) throw new AppError('internal', { detail: `booking ${entry.localId} has no service id for ${entry.op}` })
  let current: ServiceShipment
  try {
    // An edit is compared line by line, and lines come through GraphQL (the REST show's are the sandbox's alone).
    current = entry.op === 'update' ? await fetchBookingWithLines(deps.rest, deps.graphql, serviceId) : await fetchBooking(deps.rest, serviceId)
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return entry.op === 'delete' ? { applied: true, record: null } : { applied: false }
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
      const changes = entry.payload as { lines?: BookingLine[]; reference?: string | null; agency_to_id?: number; planned_delivery?: string; needs_transport?: boolean }
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

async function findCreated(entry: QueuedEntry, deps: { store: BookingStore; rest: RestClient; graphql: GraphqlClient }): Promise<Reconciled> {
  const p = entry.payload as { agency_from_id: number; agency_to_id: number; planned_delivery: string; reference: string | null; lines: BookingLine[] }
  const since = new Date(Date.parse(entry.createdAt) - FINGERPRINT_WINDOW_MS).toISOString()
  const { shipments } = await deps.graphql.data(
    RECONCILE_CANDIDATES_QUERY,
    candidates,
    { from: p.agency_from_id, to: p.agency_to_id, day: p.planned_delivery, since },
  )
  const byMarker = shipments.find((s) => s.memo?.includes(entry.marker))
  // Without the marker, the fingerprint decides; a shipment another local booking already owns is not ours.
  const match =
    byMarker ??
    shipments.find(
      (s) =>
        (s.reference ?? null) === (p.reference ?? null) &&
        lineKey(s.movements) === lineKey(p.lines) &&
        deps.store.byServiceId(s.id) === null,
    )
  if (!match) return { applied: false }
  return { applied: true, record: await fetchBooking(deps.rest, match.id) }
}
