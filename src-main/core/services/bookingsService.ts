import { randomUUID } from 'node:crypto'
import {
  bookingChanges,
  bookingInput,
  type BookingChanges,
  type BookingInput,
  type BookingLine,
  type LocalBooking,
  type OutboxEntry,
  type OutboxOp,
} from '@shared/bookings'
import { countsAgainstStock, lotStockWarnings, ownUnsent, stockWarnings, type CheckedLine, type StockWarning } from '@shared/bookingLines'
import { AppError, badInput } from '@shared/errors'
import type { BookingsDelta } from '@shared/contract/events'
import type { SyncSummary } from '@shared/contract/entry'
import type { CoreEvents } from '../events'
import { DEFAULT_RETENTION_MS, type SentEntry } from '../sync/outbox/outboxStore'
import { createPayload, deliverPayload, updatePayload, withUpdate, type DeliveredCount } from '../sync/outbox/bookingPayloads'
import { deliveryCount } from './deliveryCount'
import { silentLogger, type Logger } from '../logging/logger'
import { availableAt, lotAvailableAt } from './availability'
import { refuseAtEntry } from './entryChecks'
import type { EntityCache, EntityCaches } from './entityCaches'
import { described, describedAll, namedOtherwise } from './bookingNames'
import { forgetOpenBooking } from './openBookingService'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'
import { claimHeldCandidate, discardEntry, keepTheirEntry, requeueEntry } from './outboxEntryCommands'
import { PushRunner, type PushResult } from './pushRunner'
import { createFields, keptFields, newMarker } from './bookingFields'
import { earliestDue } from '../sync/bookingPusher'

/** A command's answer: the booking it changed and what the screens apply. */
export interface BookingChanged {
  booking: LocalBooking
  changes: BookingsDelta
}

/**
 * The counter's bookings: every change is written to the cache and the outbox
 * in one transaction and returns at once, online or not; pushing is separate.
 */
export class BookingsService {
  private readonly pushes: PushRunner
  /** The last whole list the windows were given: see catalogueChanged. */
  private shown: readonly LocalBooking[] = []
  private readings = 0 // numbers each summary built (SyncSummary.version), so a window can tell a late answer

  constructor(
    private readonly dataDir: string,
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly caches: EntityCaches,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    private readonly log: Logger = silentLogger,
    /** How long confirmed outbox entries are kept for the history. */
    retentionMs: number = DEFAULT_RETENTION_MS,
  ) {
    this.pushes = new PushRunner({
      dataDir,
      session,
      profile,
      caches,
      cache: () => this.cache(),
      now,
      log,
      retentionMs,
      changed: (ids) => this.changed(ids),
      events,
    })
  }

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
    return { ...this.changedOne(localId), warnings }
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
        cache.outbox.rewriteCreate(create.seq, withUpdate(create.payload, updatePayload(editable)))
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
    const kept = cache.bookings.list().filter((b) => !b.deleted)
    const listed = describedAll(cache, kept)
    this.shown = listed
    return listed
  }

  /**
   * After a pull: when it names lines otherwise than the last whole list did (read before the first catalogue, an item
   * new or renamed on the service), the list goes to the windows again; they would keep `#id` or the old name on a slip.
   */
  catalogueChanged(): void {
    const before = this.shown
    if (before.length === 0 || !this.caches.current()) return
    const listed = this.list()
    if (namedOtherwise(before, listed)) this.announceAll(listed)
  }

  /**
   * Announces the whole list and the open outbox once (after the agency's bookings were read again from
   * the service): the stores replace what they hold. Returns it for the command that asked.
   */
  announceAll(listed = this.list()): BookingsDelta {
    const cache = this.cache()
    const delta: BookingsDelta = { bookings: listed, removed: [], entries: cache.outbox.list(), sync: this.summary(), full: true }
    this.events.emit('bookings.changed', delta)
    return delta
  }

  get(ref: string): LocalBooking {
    const cache = this.cache()
    return described(cache, this.find(cache, ref))
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
    const { outbox } = this.cache()
    return earliestDue([outbox.nextDueAt(), outbox.pictures.nextDueAt()], this.now())
  }

  /** The current entity's open cache (its bookings and outbox): for the runners' diagnostics and tests. */
  local(): EntityCache {
    return this.cache()
  }

  /** Sends failed entries again, gives them up, or settles a held or conflicting one, as the clerk decides. */
  retry(seq: number): BookingsDelta {
    return this.changed(requeueEntry(this.cache(), seq))
  }

  async discard(seq: number): Promise<BookingsDelta> {
    return this.changed(await discardEntry(this.cache(), seq, () => this.session.require(), this.now))
  }

  async claimCandidate(seq: number, serviceId: number): Promise<BookingsDelta> {
    return this.changed(await claimHeldCandidate(this.cache(), seq, serviceId, this.session.require().rest, this.now))
  }

  async keepTheirs(seq: number): Promise<BookingsDelta> {
    return this.changed(await keepTheirEntry(this.cache(), seq, () => this.session.require(), this.now))
  }

  /** Sends the outbox: one push at a time, one pusher per data folder (pushRunner.ts). */
  push(opts: { ignoreBackoff?: boolean; waitForOtherPusher?: boolean } = {}): Promise<PushResult> {
    return this.pushes.push(opts)
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

  private cache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
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
      pushing: this.pushes.running,
      signInNeeded: this.pushes.signInNeeded,
      version: ++this.readings,
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
    return { bookings: describedAll(cache, present), removed, entries: cache.outbox.listOf(ids), sync, full: false }
  }
}
