import { AppError } from '@shared/errors'
import { createBooking, deleteBooking, fetchBooking, shipBooking, updateBooking, voidBooking } from '../api/bookingsApi'
import { fetchBookingWithLines } from '../api/bookingsGraphql'
import type { GraphqlClient } from '../api/graphqlClient'
import type { RestClient } from '../api/restClient'
import type { ServiceShipment } from '../api/serviceShipment'
import type { BookingStore } from '../cache/bookingStore'
import type { MarkerEcho } from './outbox/markerEcho'
import type { OutboxStore, QueuedEntry } from './outbox/outboxStore'
import { readStored, storedCreate, storedUpdate } from './outbox/bookingPayloads'
import { learnMarkerEcho, reconcile, type MarkerReads } from './bookingReconcile'
import { sendDeliver, type InTransitRoute } from './deliverSend'

export interface PushDeps {
  bookings: BookingStore
  outbox: OutboxStore
  markerEcho: MarkerEcho
  rest: RestClient
  graphql: GraphqlClient
  now: () => Date
  /** How this server delivers a shipment in transit whole, as learnt (deliverSend.ts). */
  inTransit: InTransitRoute
  /** A line's item as the cached catalogue names it (a held create's look-alikes are shown with it). */
  describeItem: (itemId: number) => { itemCode: string | null; itemName: string | null }
  /** Bookings pushed at once (their entries stay in order within each booking). */
  concurrency?: number
  /** The clerk asked to sync now: entries waiting out a backoff go too (once each). */
  ignoreBackoff?: boolean
  /** Called after each entry is settled, sent or not (the screens' progress). */
  onProgress?: (localId: string) => void
  /** Filled by the push itself: the reads its lost creates share. */
  markerReads?: MarkerReads
}

export interface PushReport {
  sent: number
  waiting: number
  failed: number
  conflicts: number
}

const LONGEST_BACKOFF_MS = 60_000

/** 1 s, 2 s, 4 s … up to a minute: a service that is down is not hammered. */
export function backoffMs(attempts: number): number {
  return Math.min(LONGEST_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1))
}

/**
 * A retry time later than this was stamped by a clock set back since (a computer days fast at the failure, set right
 * by network time): no backoff reaches it, so such an entry is due now rather than days from now without a word.
 */
export function setBackPast(now: Date): string {
  return new Date(now.getTime() + LONGEST_BACKOFF_MS + 1000).toISOString()
}

/** The earliest of the queues' due times ('' at once, as for one past `setBackPast`), or null when none waits. */
export function earliestDue(times: readonly (string | null)[], now: Date): string | null {
  const earliest = times.filter((t): t is string => t !== null).sort()[0] ?? null
  return earliest !== null && earliest > setBackPast(now) ? '' : earliest
}

/**
 * Sends the outbox: per booking in order, across bookings in parallel. An entry
 * whose outcome is unknown is reconciled (read back) before it may be sent
 * again; a refusal parks that booking's entries and never blocks the others.
 * An unauthorised answer stops the run and keeps every entry.
 */
export async function pushOutbox(given: PushDeps): Promise<PushReport> {
  const deps: PushDeps = { ...given, markerReads: new Map() }
  const { outbox } = deps
  const stamp = () => deps.now().toISOString()
  outbox.recoverSending()
  outbox.dueNowIfAfter(setBackPast(deps.now()))
  const report: PushReport = { sent: 0, waiting: 0, failed: 0, conflicts: 0 }
  const tried = new Set<number>()
  // Asked by hand, every waiting entry goes once; otherwise only those past their backoff.
  const until = () => (deps.ignoreBackoff ? '9999' : stamp())
  // A pool of senders, each taking the next ready entry as soon as its own is settled, so one slow
  // answer holds up only its own booking. An entry is marked tried when taken: no two senders take it.
  // An entry that stops the run (signed out, unauthorised) stops every sender before the run returns,
  // so nothing is sent once the caller has let go of the push lock.
  let stop: unknown = null
  // Heads are claimed a few per sender at a time (one disk sync marks them all 'sending') and shared by
  // the pool. A claimed entry that a crash stops before it left is read back as any other 'sending' one.
  const concurrency = deps.concurrency ?? 4
  const claimed: QueuedEntry[] = []
  const next = (): QueuedEntry | undefined => {
    if (!claimed.length) {
      for (const e of outbox.claim(stamp(), until(), concurrency * 4, tried)) {
        tried.add(e.seq)
        claimed.push(e)
      }
    }
    return claimed.shift()
  }
  const sender = async () => {
    while (stop === null) {
      const entry = next()
      if (!entry) return
      await pushEntry(entry, deps, report).catch((err: unknown) => {
        stop ??= err
      })
      deps.onProgress?.(entry.localId)
    }
  }
  // A sender that found nothing ready may stop while another one's settled entry frees the next of its
  // booking; the pool runs again until a round takes nothing.
  for (let before = -1; before !== tried.size && stop === null;) {
    before = tried.size
    await Promise.all(Array.from({ length: concurrency }, sender))
  }
  // Claimed and never sent (the run stopped): back in the queue, as they were.
  if (claimed.length) outbox.settleLazily(() => claimed.forEach((e) => outbox.release(e.seq)))
  if (stop !== null) throw stop
  const left = outbox.counts()
  report.failed = left.failed
  report.conflicts = left.conflict + left.held
  report.waiting = left.queued + left.sending + left.unknown
  return report
}

async function pushEntry(entry: QueuedEntry, deps: PushDeps, report: PushReport): Promise<void> {
  const { bookings, outbox } = deps
  const stamp = () => deps.now().toISOString()
  const later = (attempts: number) => new Date(deps.now().getTime() + backoffMs(attempts)).toISOString()
  try {
    if (entry.state === 'unknown') {
      const found = await reconcile(entry, deps)
      if (found.outcome === 'applied') {
        settled(entry, found.record, deps)
        report.sent++
        return
      }
      if (found.outcome === 'held') {
        outbox.settleLazily(() => {
          outbox.markHeld(entry.seq, new AppError('needs_decision').toPayload(), found.candidates)
          bookings.refreshState(entry.localId)
        })
        return
      }
    }
    // A queued entry was marked when claimed; one read back and found not applied is marked now.
    if (entry.state === 'unknown') outbox.markSending(entry.seq, stamp())
    const record = await send(entry, deps)
    settled(entry, record, deps)
    report.sent++
  } catch (raw) {
    const err = AppError.from(raw)
    const payload = err.toPayload()
    const attempts = entry.attempts + 1
    // What became of the entry, and so of its booking, in one transaction.
    const record = (mark: () => void) =>
      outbox.settleLazily(() => {
        mark()
        bookings.refreshState(entry.localId)
      })
    switch (err.code) {
      case 'network':
        record(() => outbox.markWaiting(entry.seq, entry.state === 'unknown' ? 'unknown' : 'queued', payload, later(attempts)))
        break
      case 'unknown_outcome':
      case 'timeout':
      case 'too_large':
      case 'redirected_elsewhere':
      case 'server':
      case 'bad_response':
      case 'internal':
        // It may have happened (a fault of ours too may come after the request left): only a read of the service may decide.
        record(() => outbox.markWaiting(entry.seq, 'unknown', payload, later(attempts)))
        break
      case 'validation':
      case 'unreadable_stored_change':
        record(() => outbox.markFailed(entry.seq, payload))
        break
      case 'not_found':
        if (entry.op === 'delete' || entry.op === 'void') {
          if (await settleDeleteAnswered404(entry, deps, later(attempts))) report.sent++
          bookings.refreshState(entry.localId)
          break
        }
        record(() => outbox.markConflict(entry.seq, payload))
        break
      case 'conflict':
        record(() => outbox.markConflict(entry.seq, payload))
        break
      default:
        // Unauthorised, forbidden, signed out: nothing was done; keep the entry and stop.
        record(() => outbox.markWaiting(entry.seq, entry.state === 'unknown' ? 'unknown' : 'queued', payload, null))
        throw err
    }
  }
}

async function send(entry: QueuedEntry, deps: PushDeps): Promise<ServiceShipment | null> {
  const { bookings: store, rest } = deps
  if (entry.op === 'create') {
    const p = readStored(storedCreate, entry.payload, 'create')
    const answer = await createBooking(rest, { ...p, memo: entry.marker })
    const record = answer ?? (await readBackCreate(entry, deps))
    // Learning never fails the create: it is done, whatever the read of its memo does.
    if (record) await learnMarkerEcho(entry, record, deps, deps.now()).catch(() => undefined)
    return record
  }
  const serviceId = store.serviceIdOf(entry.localId)
  if (serviceId === null) throw new AppError('internal', { detail: `booking ${entry.localId} was never confirmed` })
  switch (entry.op) {
    case 'update': {
      // Edited here while it changed there? lock_version (or its state) tells. The base is the version our
      // own last confirmed write left (entries of a booking settle in order), not the one seen when the edit
      // was typed: two edits queued offline would otherwise see the first one's bump as someone else's change.
      // A base of null (a booking only seen through a refresh, which carries no lock_version) checks the state only.
      // base_lock_version: written by earlier versions into the entry, no longer trusted (see above).
      // The lines to replace are read through GraphQL: the REST show's lines are the sandbox's alone.
      const { base_lock_version: _b, ...changes } = readStored(storedUpdate, entry.payload, 'update')
      const current = await fetchBookingWithLines(rest, deps.graphql, serviceId)
      const base = store.lockVersionOf(entry.localId)
      if (current.shipped || current.delivered || current.voided || (base !== null && current.lock_version !== base)) {
        throw new AppError('conflict', {
          detail:
            current.shipped || current.delivered
              ? 'the booking was shipped or delivered on the service'
              : 'the booking changed on the service',
        })
      }
      const oldLineIds = changes.lines ? current.movements.map((m) => m.id).filter((x): x is number => x !== null) : []
      const answer = await updateBooking(rest, serviceId, { ...changes, lock_version: current.lock_version }, oldLineIds)
      return answer ?? readBack(serviceId, deps)
    }
    case 'delete':
      await deleteBooking(rest, serviceId)
      return null
    case 'void':
      await voidBooking(rest, serviceId)
      return null
    case 'ship':
      return (await shipBooking(rest, serviceId)) ?? readBack(serviceId, deps)
    case 'deliver': {
      // Entries of a booking go in order: a ship queued before this one has been sent.
      const inTransit = store.get(entry.localId)?.shipped ?? false
      return sendDeliver(entry.payload, serviceId, inTransit, { ...deps, readBack: (id) => readBack(id, deps) })
    }
  }
}

/**
 * The service took the write (2xx) but answered in a shape we do not know: it is done, and the
 * booking is read back for its id and lock_version. A read that fails leaves the outcome to the
 * reconcile (the entry is never sent again blindly).
 */
async function readBack(serviceId: number, deps: PushDeps): Promise<ServiceShipment> {
  try {
    return await fetchBooking(deps.rest, serviceId)
  } catch (raw) {
    throw new AppError('unknown_outcome', {
      detail: `the service took the change of booking ${serviceId}; reading it back failed: ${AppError.from(raw).message}`,
    })
  }
}

async function readBackCreate(entry: QueuedEntry, deps: PushDeps): Promise<ServiceShipment | null> {
  // Just answered: a snapshot read before this create landed would not show it.
  const found = await reconcile(entry, { ...deps, markerReads: undefined }).catch((raw: unknown) => {
    throw new AppError('unknown_outcome', { detail: `the service took the booking; reading it back failed: ${AppError.from(raw).message}` })
  })
  if (found.outcome === 'applied' && found.record) return found.record
  throw new AppError('unknown_outcome', { detail: 'the service took the booking but does not show it yet' })
}

/**
 * A 404 to a delete or a void says only that something was not found: the
 * booking, or the route itself. The booking is read back; it counts as gone
 * when the service no longer shows it or shows it voided (a real DELETE voids).
 */
async function settleDeleteAnswered404(entry: QueuedEntry, deps: PushDeps, nextAttemptAt: string): Promise<boolean> {
  const serviceId = deps.bookings.serviceIdOf(entry.localId)!
  try {
    const shown = await fetchBooking(deps.rest, serviceId)
    if (shown.voided) {
      settle(entry, null, deps)
      return true
    }
  } catch (raw) {
    const err = AppError.from(raw)
    if (err.code === 'not_found') {
      settle(entry, null, deps)
      return true
    }
    // Not known yet: the reconcile reads it again before anything is sent.
    deps.outbox.markWaiting(entry.seq, 'unknown', err.toPayload(), nextAttemptAt)
    return false
  }
  const still = new AppError('not_found', {
    detail: `the service answered "not found" to the ${entry.op} of booking ${serviceId} but still shows it`,
  })
  deps.outbox.markFailed(entry.seq, still.toPayload())
  return false
}

/** settle, and the screens told of the copy it merged away. */
function settled(entry: QueuedEntry, record: ServiceShipment | null, deps: PushDeps): void {
  const adopted = settle(entry, record, deps)
  if (adopted) deps.onProgress?.(adopted)
}

/**
 * An entry is done: the service's record (when there is one) goes to its booking, in one transaction.
 * Returns the local id of a copy of that booking a refresh had read, now merged into it (gone), or null.
 */
export function settle(
  entry: Pick<QueuedEntry, 'seq' | 'localId' | 'op'>,
  record: ServiceShipment | null,
  deps: Pick<PushDeps, 'bookings' | 'outbox' | 'now'>,
): string | null {
  const { bookings: store, outbox } = deps
  const now = deps.now().toISOString()
  let adopted: string | null = null
  outbox.settleLazily(() => {
    outbox.markDone(entry.seq, now)
    if (record) {
      adopted = store.adoptCopy(record.id, entry.localId)
      // The service's "shipped" or "delivered" is news to take; its "not yet" is not: a ship or deliver
      // typed here may still wait behind this entry, and the counter must keep showing it.
      const moved = { ...(record.shipped ? { shipped: true } : {}), ...(record.delivered ? { delivered: true } : {}) }
      store.patch(entry.localId, { serviceId: record.id, lockVersion: record.lock_version, ...moved }, now)
    }
    if (entry.op === 'delete' || entry.op === 'void') store.patch(entry.localId, { deleted: true }, now)
    store.refreshState(entry.localId)
  })
  return adopted
}
