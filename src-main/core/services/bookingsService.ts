import { randomBytes, randomUUID } from 'node:crypto'
import {
  bookingChanges,
  bookingInput,
  type BookingChanges,
  type BookingInput,
  type BookingLine,
  type ParsedBookingInput,
  type LocalBooking,
  type OutboxEntry,
  type OutboxOp,
} from '@shared/bookings'
import { countsAgainstStock, lotStockWarnings, ownUnsent, stockWarnings, type CheckedLine, type StockWarning } from '@shared/bookingLines'
import { AppError, badInput } from '@shared/errors'
import { fetchBooking } from '../api/bookingsApi'
import { fetchBookingViewWithLines } from '../api/bookingsGraphql'
import type { EventPayload } from '@shared/contract'
import type { BookingsDelta } from '@shared/contract/events'
import type { CoreEvents } from '../events'
import { pushOutbox, settle, type PushReport } from '../sync/bookingPusher'
import { DEFAULT_RETENTION_MS, type OutboxStore, type SentEntry } from '../sync/outbox/outboxStore'
import {
  createPayload,
  deliverPayload,
  storedCreate,
  updatePayload,
  withUpdate,
  type CreateFields,
  type DeliveredCount,
} from '../sync/outbox/bookingPayloads'
import { keepInTransitDelivery, keptInTransitDelivery } from '../cache/keptInTransitDelivery'
import { deliveryCount } from './deliveryCount'
import { pushLockFile, waitForLock } from '../sync/pushLock'
import { silentLogger, type Logger } from '../logging/logger'
import { availableAt, lotAvailableAt } from './availability'
import { refuseAtEntry } from './entryChecks'
import type { EntityCache, EntityCaches } from './entityCaches'
import { forgetOpenBooking } from './openBookingService'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'

type SyncSummary = EventPayload<'sync.changed'>
/** A command's answer: the booking it changed and what the screens apply. */
export interface BookingChanged {
  booking: LocalBooking
  changes: BookingsDelta
}
export type PushResult = PushReport & { changes: BookingsDelta }

/**
 * How long a sync the clerk asked for waits for another process's push to end before saying so: long
 * enough for a usual push, short enough that the screen answers. The scheduler does not wait; it tries later.
 */
const OTHER_PUSHER_WAIT_MS = 5000

/** What a booking keeps here, from a checked booking and its origin (a draft may still lack its destination). */
function keptFields(agencyFromId: number, input: ParsedBookingInput): KeptFields {
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
type KeptFields = Omit<CreateFields, 'agencyToId'> & { agencyToId: number | null }

/** What a create queues: a booking goes out with its destination; only a draft is kept without one. */
function createFields(kept: KeptFields): CreateFields {
  const { agencyToId } = kept
  if (agencyToId === null)
    throw new AppError('bad_input', { field: 'agencyToId', detail: 'choose the destination before the booking goes out' })
  return { ...kept, agencyToId }
}

/** A short marker of an outbox entry: written into the booking's memo so a lost answer can be found again. */
const newMarker = () => `mostrador:${randomBytes(6).toString('hex')}`

/**
 * The counter's bookings: every change is written to the cache and the outbox
 * in one transaction and returns at once, online or not; pushing is separate.
 */
export class BookingsService {
  private pushing: Promise<PushResult> | null = null
  /** The service refused the session during a push: the entries wait for the user to sign in again. */
  private signInNeeded = false

  constructor(
    private readonly dataDir: string,
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly caches: EntityCaches,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    private readonly log: Logger = silentLogger,
    /** How long confirmed outbox entries are kept for the history. */
    private readonly retentionMs: number = DEFAULT_RETENTION_MS,
  ) {}

  create(raw: BookingInput): { booking: LocalBooking; warnings: StockWarning[]; changes: BookingsDelta } {
    const input = bookingInput.parse(raw)
    const cache = this.cache()
    const from = input.agencyFromId ?? this.profile.lastKnown()?.agency?.id
    if (!from) throw new AppError('bad_input', { field: 'agencyFromId', detail: 'the user has no agency: choose the origin' })
    if (from === input.agencyToId)
      throw new AppError('bad_input', { field: 'agencyToId', detail: 'the destination must differ from the origin' })
    const fields = keptFields(from, input)
    const payload = input.draft ? null : createPayload(createFields(fields))
    refuseAtEntry(cache, {
      booking: { agencyFromId: from, agencyToId: input.agencyToId ?? undefined, lines: input.lines },
      weighsOn: input.draft ? null : from,
    })
    const warnings = this.stockWarnings(cache, from, input.lines)
    const localId = randomUUID()
    const at = this.now().toISOString()
    cache.bookings.write(() => {
      cache.bookings.insert({ localId, ...fields, createdAt: at }, input.draft ? 'draft' : 'pending')
      if (payload) cache.outbox.enqueue(localId, 'create', payload, newMarker(), at)
      if (input.fromOpenBooking) forgetOpenBooking(cache.documents)
    })
    const changes = this.changed([localId])
    return { booking: changes.bookings[0] as LocalBooking, warnings, changes }
  }

  update(ref: string, raw: BookingChanges): BookingChanged {
    const changes = bookingChanges.parse(raw)
    const cache = this.cache()
    const booking = this.find(cache, ref)
    // A booking without transport is delivered without being shipped: the service refuses edits of both.
    if (booking.shipped || booking.delivered) throw new AppError('conflict', { detail: 'a shipped or delivered booking cannot be edited' })
    if (changes.agencyToId === booking.agencyFromId)
      throw new AppError('bad_input', { field: 'agencyToId', detail: 'the destination must differ from the origin' })
    if (changes.agencyToId === null && booking.state !== 'draft')
      throw new AppError('bad_input', {
        field: 'agencyToId',
        detail: 'a booking on its way keeps a destination; only a draft waits for one',
      })
    // What the booking already had was checked when it was entered: only what the edit brings is checked again.
    const had = (l: CheckedLine) =>
      booking.lines.some((o) => o.itemId === l.itemId && o.lotId === (l.lotId ?? null) && o.bundleId === (l.bundleId ?? null))
    refuseAtEntry(cache, {
      booking: {
        agencyToId: changes.agencyToId === booking.agencyToId ? undefined : (changes.agencyToId ?? undefined),
        lines: changes.lines,
      },
      checkLine: (l) => !had(l),
      weighsOn: changes.lines && countsAgainstStock(booking) ? booking.agencyFromId : null,
      own: ownUnsent(booking),
    })
    const at = this.now().toISOString()
    const editable = changes
    if (booking.state === 'draft') {
      cache.bookings.patch(booking.localId, editable, at)
      return this.changedOne(booking.localId)
    }
    cache.bookings.write(() => {
      cache.bookings.patch(booking.localId, editable, at)
      const create = cache.outbox.unsentCreate(booking.localId)
      if (create) {
        // Never confirmed: the create itself carries the new version.
        cache.outbox.rewriteCreate(create.seq, withUpdate(storedCreate.parse(create.payload), updatePayload(editable)))
        cache.bookings.refreshState(booking.localId)
      } else {
        // The pusher checks the service's lock_version against the one our last confirmed write left.
        this.enqueue(cache, booking.localId, 'update', updatePayload(editable), at)
      }
    })
    return this.changedOne(booking.localId)
  }

  delete(ref: string): { deleted: true; changes: BookingsDelta } {
    const cache = this.cache()
    const booking = this.find(cache, ref)
    if (booking.shipped || booking.delivered) throw new AppError('conflict', { detail: 'a shipped or delivered booking cannot be deleted' })
    const at = this.now().toISOString()
    cache.bookings.write(() => {
      // A draft, or a create still queued or refused, never made a booking on the service: nothing to delete there.
      if (booking.state === 'draft' || cache.outbox.unsentCreate(booking.localId)) cache.bookings.removeBooking(booking.localId)
      else {
        cache.bookings.patch(booking.localId, { deleted: true }, at)
        this.enqueue(cache, booking.localId, 'delete', {}, at)
      }
    })
    return { deleted: true, changes: this.changed([booking.localId]) }
  }

  /** Queues a draft: from now on it is a booking like any other, on its way to the service. */
  submit(ref: string): BookingChanged {
    const cache = this.cache()
    const booking = this.find(cache, ref)
    if (booking.state !== 'draft')
      throw new AppError('conflict', { detail: 'only a draft is submitted; this booking is already on its way' })
    const at = this.now().toISOString()
    // A draft is checked as a new booking is: it may have been kept before the catalogue was pulled.
    const parsed = bookingInput.safeParse({
      agencyFromId: booking.agencyFromId,
      agencyToId: booking.agencyToId,
      plannedDelivery: booking.plannedDelivery,
      reference: booking.reference,
      needsTransport: booking.needsTransport,
      transferRequestId: booking.transferRequestId,
      lines: booking.lines,
    })
    if (!parsed.success) throw badInput(parsed.error.issues)
    const fields = createFields(keptFields(booking.agencyFromId, parsed.data))
    refuseAtEntry(cache, { booking: fields, weighsOn: fields.agencyFromId })
    cache.bookings.write(() => {
      cache.bookings.patch(booking.localId, { state: 'pending' }, at)
      cache.outbox.enqueue(booking.localId, 'create', createPayload(fields), newMarker(), at)
    })
    return this.changedOne(booking.localId)
  }

  ship(ref: string): BookingChanged {
    return this.move(ref, 'ship')
  }

  /** Delivered whole, or as counted (a shipment in transit, deliveryCount.ts) with the clerk's note on the difference. */
  deliver(ref: string, counted: { delivered?: DeliveredCount[]; note?: string | null } = {}): BookingChanged {
    return this.move(ref, 'deliver', counted)
  }

  /** Voids (annuls) a booking the service has; one it never got leaves this computer, as with delete. */
  void(ref: string): { changes: BookingsDelta } {
    const cache = this.cache()
    const booking = this.find(cache, ref)
    if (booking.shipped || booking.delivered) throw new AppError('conflict', { detail: 'a shipped or delivered booking cannot be voided' })
    const at = this.now().toISOString()
    cache.bookings.write(() => {
      if (booking.state === 'draft' || cache.outbox.unsentCreate(booking.localId)) cache.bookings.removeBooking(booking.localId)
      else {
        cache.bookings.patch(booking.localId, { deleted: true }, at)
        this.enqueue(cache, booking.localId, 'void', {}, at)
      }
    })
    return { changes: this.changed([booking.localId]) }
  }

  list(): LocalBooking[] {
    const cache = this.cache()
    return this.describedAll(
      cache,
      cache.bookings.list().filter((b) => !b.deleted),
    )
  }

  /**
   * Announces the whole list and the open outbox once (after the agency's bookings were read again from
   * the service): the stores replace what they hold. Returns it for the command that asked.
   */
  announceAll(): BookingsDelta {
    const cache = this.cache()
    const delta: BookingsDelta = { bookings: this.list(), removed: [], entries: cache.outbox.list(), sync: this.summary(), full: true }
    this.events.emit('bookings.changed', delta)
    return delta
  }

  get(ref: string): LocalBooking {
    const cache = this.cache()
    return this.described(cache, this.find(cache, ref))
  }

  outbox(): OutboxEntry[] {
    return this.cache().outbox.list()
  }

  /** Confirmed entries still kept (newest first), for the sync centre's history. */
  sent(limit?: number): SentEntry[] {
    return this.cache().outbox.history(limit)
  }

  /**
   * When the earliest waiting entry may go ('' at once), or null when nothing waits: one indexed
   * question, for the scheduler that asks it every few seconds.
   */
  nextDueAt(): string | null {
    return this.cache().outbox.nextDueAt()
  }

  /** The current entity's open cache (its bookings and outbox): for the runners' diagnostics and tests. */
  local(): EntityCache {
    return this.cache()
  }

  /** Sends a failed entry again (after the clerk fixed the booking, or because the service may now accept it). */
  retry(seq: number): BookingsDelta {
    const { bookings, outbox } = this.cache()
    const entry = this.entry(outbox, seq)
    bookings.write(() => {
      outbox.requeue(seq)
      bookings.refreshState(entry.localId)
    })
    return this.changed([entry.localId])
  }

  /**
   * Gives up an entry and every later one of its booking; a booking never created disappears. The
   * discarded edits, ship or deliver of a booking the service has were shown here only: it goes back to
   * the service's version (read from the service, so this needs the line), as with keep theirs.
   */
  async discard(seq: number): Promise<BookingsDelta> {
    const { bookings: store, outbox } = this.cache()
    const entry = this.entry(outbox, seq)
    if (entry.op !== 'create' && store.serviceIdOf(entry.localId) !== null) return this.keepTheirs(seq)
    store.write(() => {
      if (entry.op === 'create') store.removeBooking(entry.localId)
      else {
        outbox.dropFrom(entry.localId, seq)
        store.refreshState(entry.localId)
      }
    })
    return this.changed([entry.localId])
  }

  /**
   * A create held for the clerk (the service does not show its marker) is one of its look-alikes: the
   * clerk compared them and chose. Never one another booking here already is.
   */
  async claimCandidate(seq: number, serviceId: number): Promise<BookingsDelta> {
    const cache = this.cache()
    const entry = this.entry(cache.outbox, seq)
    if (entry.state !== 'held' || !entry.candidates?.some((c) => c.serviceId === serviceId))
      throw new AppError('conflict', { detail: `booking ${serviceId} is not one the held entry ${seq} was compared with` })
    if (cache.bookings.ownedHere(serviceId))
      throw new AppError('conflict', { detail: `booking ${serviceId} is already another booking of this computer` })
    const record = await fetchBooking(this.session.require().rest, serviceId)
    const adopted = settle(entry, record, { bookings: cache.bookings, outbox: cache.outbox, now: this.now })
    // The other held creates no longer offer this one: their entries are part of the change.
    const held = cache.outbox.list().filter((e) => e.state === 'held')
    return this.changed([entry.localId, ...held.map((e) => e.localId), ...(adopted ? [adopted] : [])])
  }

  /** For a conflict: drop our changes and take the service's version of the booking. */
  async keepTheirs(seq: number): Promise<BookingsDelta> {
    const { bookings: store, outbox } = this.cache()
    const entry = this.entry(outbox, seq)
    const serviceId = store.serviceIdOf(entry.localId)
    let theirs = null
    if (serviceId !== null) {
      const { rest, graphql } = this.session.require()
      theirs = await fetchBookingViewWithLines(rest, graphql, serviceId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null
        throw err
      })
    }
    const at = this.now().toISOString()
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
    return this.changed([entry.localId])
  }

  /**
   * One push at a time in this process, and one pusher per data folder across processes. While another
   * process pushes, this one sends nothing and touches no entry: it fails with another_pusher at once,
   * or after a short wait when `waitForOtherPusher` (the clerk asked).
   */
  push(opts: { ignoreBackoff?: boolean; waitForOtherPusher?: boolean } = {}): Promise<PushResult> {
    if (this.pushing) return this.pushing
    // The bookings whose entries this push settled: announced as it goes, and all of them at the end.
    const touched = new Set<string>()
    const ended = (): BookingsDelta => {
      this.pushing = null
      return this.changed(touched)
    }
    this.pushing = this.runPush(opts.ignoreBackoff ?? false, opts.waitForOtherPusher ? OTHER_PUSHER_WAIT_MS : 0, touched)
      .then(
        (report) => {
          this.signInNeeded = false
          // Quiet when there was nothing to do: the scheduler asks every few seconds.
          if (report.sent || report.failed || report.conflicts) this.log.info('outbox pushed', { ...report })
          return report
        },
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'unauthorized') this.signInNeeded = true
          if (err instanceof AppError && err.code === 'another_pusher') this.log.info('outbox push left to another process')
          else this.log.warn('outbox push failed', { err })
          throw err
        },
      )
      .then(
        (report) => ({ ...report, changes: ended() }),
        (err: unknown) => {
          ended()
          throw err
        },
      )
    // The screens show a push under way (spinner, progress bar) from its first moment.
    this.changed([])
    return this.pushing
  }

  private async runPush(ignoreBackoff: boolean, waitMs: number, touched: Set<string>): Promise<PushReport> {
    const session = this.session.require()
    // A fresh data folder does not know its entity yet: one read of the profile tells.
    if (!this.caches.current()) await this.profile.whoami()
    const cache = this.cache()
    // Held for the whole push: pushOutbox's first step reads every 'sending' entry back as 'unknown',
    // which is right only when no other live process has them on the wire.
    const unlock = await waitForLock(pushLockFile(this.dataDir), waitMs)
    if (!unlock) throw new AppError('another_pusher', { detail: 'another Mostrador process on this computer is sending the outbox' })
    try {
      return await pushOutbox({
        bookings: cache.bookings,
        outbox: cache.outbox,
        markerEcho: cache.markerEcho,
        rest: session.rest,
        graphql: session.graphql,
        now: this.now,
        clockOffsetMs: () => session.clock.offsetMs(),
        inTransit: {
          known: () => keptInTransitDelivery(session.accountDb),
          learn: (route) => keepInTransitDelivery(session.accountDb, route, this.now()),
        },
        describeItem: (itemId) => {
          const { itemCode, itemName } = cache.store.describe(itemId, null)
          return { itemCode, itemName }
        },
        ignoreBackoff,
        onProgress: this.progressReporter(touched),
      })
    } finally {
      unlock()
      // Confirmed entries stay for the sync centre's history as long as the retention says, then go.
      try {
        cache.outbox.prune(new Date(this.now().getTime() - this.retentionMs).toISOString())
      } catch (err) {
        // The entity's cache closed under the push (signed out, switched): the next push prunes.
        this.log.warn('outbox prune skipped', { err })
      }
    }
  }

  private move(ref: string, op: 'ship' | 'deliver', counted: { delivered?: DeliveredCount[]; note?: string | null } = {}): BookingChanged {
    const cache = this.cache()
    const booking = this.find(cache, ref)
    if (booking.state === 'draft') throw new AppError('conflict', { detail: 'a draft is submitted before it is shipped or delivered' })
    if (op === 'ship' && (booking.shipped || booking.delivered))
      throw new AppError('conflict', { detail: booking.shipped ? 'the booking is already shipped' : 'the booking is already delivered' })
    if (op === 'deliver' && booking.delivered) throw new AppError('conflict', { detail: 'the booking is already delivered' })
    if (op === 'deliver' && booking.needsTransport && !booking.shipped) {
      throw new AppError('conflict', { detail: 'a booking that needs transport is shipped before it is delivered' })
    }
    const payload = op === 'deliver' ? deliverPayload(deliveryCount(booking, counted.delivered), counted.note ?? null) : {}
    const at = this.now().toISOString()
    cache.bookings.write(() => {
      cache.bookings.patch(booking.localId, op === 'ship' ? { shipped: true, shippedAt: at } : { delivered: true, deliveredAt: at }, at)
      this.enqueue(cache, booking.localId, op, payload, at)
    })
    return this.changedOne(booking.localId)
  }

  /** Lines with their item and lot names from the cached catalogue, for the screens and the slips. */
  private described(cache: EntityCache, booking: LocalBooking): LocalBooking {
    return { ...booking, lines: booking.lines.map((l) => ({ ...l, ...cache.store.describe(l.itemId, l.lotId) })) }
  }

  /** The same for many bookings: one read of the catalogue for all their lines. */
  private describedAll(cache: EntityCache, bookings: LocalBooking[]): LocalBooking[] {
    const describe = cache.store.describeAll(bookings.flatMap((b) => b.lines))
    return bookings.map((b) => ({ ...b, lines: b.lines.map((l) => ({ ...l, ...describe(l.itemId, l.lotId ?? null) })) }))
  }

  /** The screen's warning, from the same rule and the same net figure its scans showed (before this booking counts). */
  private stockWarnings(cache: EntityCache, agencyId: number, lines: BookingLine[]): StockWarning[] {
    const available = availableAt(cache, agencyId, [...new Set(lines.map((l) => l.itemId))])
    const asked = lines.map((l) => ({ itemId: l.itemId, lotId: l.lotId, quantity: l.bookedQuantity }))
    return [
      ...stockWarnings(asked, (item) => available.get(item) ?? null),
      ...lotStockWarnings(asked, lotAvailableAt(cache, agencyId, lines)),
    ]
  }

  /** Queues a change of a booking already on its way or confirmed: it is pending again. */
  private enqueue(cache: EntityCache, localId: string, op: Exclude<OutboxOp, 'create'>, payload: object, at: string): void {
    cache.outbox.enqueue(localId, op, payload, newMarker(), at)
    cache.bookings.markPending(localId)
  }

  private find(cache: EntityCache, ref: string): LocalBooking {
    const booking = /^\d+$/.test(ref) ? cache.bookings.byServiceId(Number(ref)) : cache.bookings.get(ref)
    if (!booking || booking.deleted) throw new AppError('not_found', { detail: `no booking ${ref} here` })
    return booking
  }

  private entry(outbox: OutboxStore, seq: number): OutboxEntry {
    const entry = outbox.get(seq)
    if (!entry) throw new AppError('not_found', { detail: `no outbox entry ${seq}` })
    return entry
  }

  private cache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }

  /**
   * The counts move as entries settle; at most a few events a second, so a long push does not flood the
   * screens, and none for a push shorter than that (its start and end say it all).
   */
  private progressReporter(touched: Set<string>, everyMs = 250): (localId: string) => void {
    let last = Date.now()
    let unannounced = new Set<string>()
    return (localId) => {
      touched.add(localId)
      unannounced.add(localId)
      const at = Date.now()
      if (at - last < everyMs) return
      last = at
      const ids = unannounced
      unannounced = new Set()
      this.changed(ids)
    }
  }

  /** What the outbox holds of the current entity, for the status bar and the sign-out question. */
  summary(): SyncSummary {
    // Counted in SQL: this runs after every commit and every settled entry.
    let n = { queued: 0, sending: 0, unknown: 0, held: 0, failed: 0, conflict: 0 }
    try {
      n = this.cache().outbox.counts()
    } catch {
      // Signed out or no entity yet: nothing waits here.
    }
    return {
      waiting: n.queued + n.sending + n.unknown,
      failed: n.failed,
      // A create held for the clerk waits on a decision, as a conflict does.
      conflicts: n.conflict + n.held,
      pushing: this.pushing !== null,
      signInNeeded: this.signInNeeded,
    }
  }

  /**
   * Tells the screens what changed (one event of each kind per change): the outbox's new counts, and
   * the named bookings as they now stand with their open entries. Returns the latter for the command.
   */
  private changed(localIds: Iterable<string>): BookingsDelta {
    const sync = this.summary()
    this.events.emit('sync.changed', sync)
    let delta: BookingsDelta = { bookings: [], removed: [], entries: [], sync, full: false }
    try {
      delta = this.deltaOf(localIds, sync)
    } catch (err) {
      // The entity's cache closed under a push (signed out, switched): the counts say it all.
      this.log.warn('bookings delta skipped', { err })
    }
    if (delta.bookings.length || delta.removed.length) this.events.emit('bookings.changed', delta)
    return delta
  }

  private changedOne(localId: string): BookingChanged {
    const changes = this.changed([localId])
    return { booking: changes.bookings[0] as LocalBooking, changes }
  }

  /**
   * The named bookings as bookings.list gives them (or gone from it), with all their open entries: a
   * constant number of statements whatever their number, as bookings.list (a push's end names every
   * booking it settled).
   */
  deltaOf(localIds: Iterable<string>, sync: SyncSummary = this.summary()): BookingsDelta {
    const cache = this.cache()
    const ids = [...new Set(localIds)]
    const found = new Map(cache.bookings.getMany(ids).map((b) => [b.localId, b]))
    const present: LocalBooking[] = []
    const removed: string[] = []
    for (const id of ids) {
      const b = found.get(id)
      if (b && !b.deleted) present.push(b)
      else removed.push(id)
    }
    return { bookings: this.describedAll(cache, present), removed, entries: cache.outbox.listOf(ids), sync, full: false }
  }
}
