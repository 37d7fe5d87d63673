import type { HeldCandidate } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { fetchBooking } from '../api/bookingsApi'
import type { ServiceShipment } from '../api/serviceShipment'
import { fetchBookingWithLines } from '../api/bookingsGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import { readLookalikeShipments, readMarkedShipments, readShipmentMemo, type MarkedShipment } from '../api/reconcileGraphql'
import type { RestClient } from '../api/restClient'
import type { BookingStore } from '../cache/bookingStore'
import type { MarkerEcho } from './outbox/markerEcho'
import type { OutboxStore, QueuedEntry } from './outbox/outboxStore'
import { readStored, storedCreate, storedDeliver, storedUpdate } from './outbox/bookingPayloads'
import { deliveredAsCounted } from './deliveredLines'

/**
 * What to do with an entry whose outcome is unknown (the request left and no answer came): read the
 * service and look for the write before anything is sent again. A create is found by its own marker
 * in the memo and by nothing else: identical bookings are common at a counter, so a shipment that
 * merely looks alike, or carries another entry's marker, is never taken. Where the service does not
 * keep markers (or it is not known yet) and look-alikes exist, the create is held for the clerk.
 */
export type Reconciled =
  { outcome: 'applied'; record: ServiceShipment | null } | { outcome: 'absent' } | { outcome: 'held'; candidates: HeldCandidate[] }

/**
 * The marker reads of one push, shared by its lost creates: the first lost create of an origin reads
 * every lost create's marker at once, so a batch of lost answers costs one read. Made afresh for every
 * push (a read taken before the push began cannot miss a create answered in an earlier one).
 */
export type MarkerReads = Map<number, Promise<MarkedShipment[]>>

export interface ReconcileDeps {
  bookings: BookingStore
  outbox: OutboxStore
  markerEcho: MarkerEcho
  rest: RestClient
  graphql: GraphqlClient
  /** A line's item as the cached catalogue names it, for the clerk's comparison. */
  describeItem: (itemId: number) => { itemCode: string | null; itemName: string | null }
  markerReads?: MarkerReads
}

/** Lines as a comparable multiset: item and quantity, order ignored. */
export function lineKey(lines: { itemId: number; bookedQuantity: string | number }[]): string {
  return lines
    .map((l) => `${l.itemId}:${Number(l.bookedQuantity)}`)
    .sort()
    .join(',')
}

/** Anything that looks like a marker of ours: a shipment carrying one belongs to that entry, never to another. */
const anyMarker = /mostrador:[0-9a-f]{12}/

export async function reconcile(entry: QueuedEntry, deps: ReconcileDeps): Promise<Reconciled> {
  if (entry.op === 'create') return findCreated(entry, deps)
  const serviceId = deps.bookings.serviceIdOf(entry.localId)
  if (serviceId === null) throw new AppError('internal', { detail: `booking ${entry.localId} has no service id for ${entry.op}` })
  const gone = entry.op === 'delete' || entry.op === 'void'
  const counted = entry.op === 'deliver' ? readStored(storedDeliver, entry.payload, 'deliver').delivered : undefined
  let current: ServiceShipment
  try {
    // An edit and a counted delivery are compared line by line, and lines come through GraphQL (the REST show's are the sandbox's alone).
    current =
      entry.op === 'update' || counted
        ? await fetchBookingWithLines(deps.rest, deps.graphql, serviceId)
        : await fetchBooking(deps.rest, serviceId)
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return gone ? { outcome: 'applied', record: null } : absent
    throw err
  }
  switch (entry.op) {
    case 'delete':
    case 'void':
      // The real service's DELETE voids a booking; its `?destroy=true` removes it: either is done.
      return current.voided ? { outcome: 'applied', record: null } : absent
    case 'ship':
      return current.shipped ? { outcome: 'applied', record: current } : absent
    case 'deliver':
      if (!current.delivered) return absent
      // Delivered with other quantities: not what this entry sent; the clerk sees both in the Sync centre.
      if (counted && !deliveredAsCounted(current.movements, counted))
        throw new AppError('conflict', { detail: 'the booking was delivered on the service with other quantities' })
      return { outcome: 'applied', record: current }
    case 'update': {
      // Every field the edit may carry is compared: one left out would make an edit of only that field look applied.
      const changes = readStored(storedUpdate, entry.payload, 'update')
      const lines = (l: { item_id: number; booked_quantity: string | number }[]) =>
        lineKey(l.map((m) => ({ itemId: m.item_id, bookedQuantity: m.booked_quantity })))
      const same =
        (changes.lines === undefined ||
          (lines(changes.lines) === lines(current.movements) && lotsKept(changes.lines, current.movements))) &&
        (changes.reference === undefined || changes.reference === current.reference) &&
        (changes.agency_to_id === undefined || changes.agency_to_id === current.agency_to_id) &&
        (changes.planned_delivery === undefined || changes.planned_delivery === current.planned_delivery) &&
        (changes.needs_transport === undefined || changes.needs_transport === current.needs_transport)
      return same ? { outcome: 'applied', record: current } : absent
    }
  }
}

const absent: Reconciled = { outcome: 'absent' }

type LotLine = { item_id: number; booked_quantity: string | number; lot_id: number | null }
/**
 * Whether every line the edit gave a lot has it on the service: an edit that only moved a line to another lot has the
 * same items and quantities, and unsent it would look applied. A line sent without a lot may get one there.
 */
function lotsKept(sent: readonly LotLine[], theirs: readonly LotLine[]): boolean {
  const key = (l: LotLine) => `${l.item_id}:${Number(l.booked_quantity)}:${l.lot_id}`
  const left = theirs.map(key)
  return sent.every((l) => {
    if (l.lot_id === null) return true
    const at = left.indexOf(key(l))
    if (at < 0) return false
    left.splice(at, 1)
    return true
  })
}

async function findCreated(entry: QueuedEntry, deps: ReconcileDeps): Promise<Reconciled> {
  // The booking has its number: the service answered this create (a cache recovered after a power cut puts a
  // confirmed create back, beside the booking's later changes, as unknown). Its own record is no look-alike.
  const own = deps.bookings.serviceIdOf(entry.localId)
  if (own !== null) return { outcome: 'applied', record: await fetchBooking(deps.rest, own) }
  const p = readStored(storedCreate, entry.payload, 'create')
  const carries = (s: MarkedShipment) => s.memo?.includes(entry.marker) === true
  const shared = sharedRead(p.agency_from_id, deps)
  let match = shared && (await shared.catch(() => [])).find(carries)
  // Found in the push's shared read: it is on the service. Not found: only a read made now may say
  // so, since a resend follows.
  match ??= (await answerless(readMarkedShipments(deps.graphql, p.agency_from_id, [entry.marker]))).find(carries)
  if (match) return { outcome: 'applied', record: await fetchBooking(deps.rest, match.id) }
  if (deps.markerEcho.state() === 'kept') return absent
  // The service may drop markers: what looks like this create, carries no marker and is no other
  // local booking's may be it. The clerk compares; nothing is guessed.
  const route = { from: p.agency_from_id, to: p.agency_to_id, day: p.planned_delivery }
  const wanted = lineKey(p.lines.map((l) => ({ itemId: l.item_id, bookedQuantity: l.booked_quantity })))
  const lookalikes = (await answerless(readLookalikeShipments(deps.graphql, route))).filter(
    (s) =>
      !anyMarker.test(s.memo ?? '') &&
      (s.reference ?? null) === (p.reference ?? null) &&
      lineKey(s.lines) === wanted &&
      // One a refresh read as made elsewhere may still be this create; one typed here is another's.
      !deps.bookings.ownedHere(s.id),
  )
  if (lookalikes.length === 0) return absent
  return {
    outcome: 'held',
    candidates: lookalikes.map((s) => ({
      serviceId: s.id,
      number: s.number,
      reference: s.reference,
      createdAt: s.createdAt,
      lines: s.lines.map((l) => ({ ...l, ...deps.describeItem(l.itemId) })),
    })),
  }
}

/** Refusals that stop the push as they are: nothing was read, every entry waits as it was. */
const stopping = new Set<string>(['network', 'unauthorized', 'forbidden', 'signed_out'])

/**
 * A search the service refused (a GraphQL 400 from a front server or a changed schema) says nothing of the create: it
 * stays one whose outcome is unknown. Taken as the create's own refusal, it turned failed, and a retry sent it again.
 */
async function answerless<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (raw) {
    const err = AppError.from(raw)
    if (stopping.has(err.code)) throw err
    throw new AppError('unknown_outcome', { detail: `looking for the booking on the service failed: ${err.message}`, cause: err })
  }
}

/** The push's one read of every lost create's marker from this origin; a failed read is not kept. */
function sharedRead(from: number, deps: ReconcileDeps): Promise<MarkedShipment[]> | undefined {
  const reads = deps.markerReads
  if (!reads) return undefined
  let read = reads.get(from)
  if (!read) {
    const markers = deps.outbox
      .lostCreates()
      .filter((c) => c.from === from)
      .map((c) => c.marker)
    read = readMarkedShipments(deps.graphql, from, markers)
    reads.set(from, read)
    read.catch(() => reads.get(from) === read && reads.delete(from))
  }
  return read
}

/**
 * After a create the service answered: whether it kept the marker in the memo, learnt once (and again
 * while it is not known to keep it, and a day after it was). The answer's own memo says so when it carries one; otherwise the
 * shipment's memo is read. A read that fails or does not show the shipment yet teaches nothing.
 */
export async function learnMarkerEcho(
  entry: QueuedEntry,
  record: ServiceShipment,
  deps: Pick<ReconcileDeps, 'graphql' | 'markerEcho'>,
  now: Date,
): Promise<void> {
  if (deps.markerEcho.freshlyKept(now)) return
  if (record.memo?.includes(entry.marker)) return deps.markerEcho.note(true, now)
  const memo = await readShipmentMemo(deps.graphql, record.id).catch(() => undefined)
  if (memo !== undefined) deps.markerEcho.note(memo?.includes(entry.marker) === true, now)
}
