import type { BookingLine, LocalBooking, SyncState } from '@shared/bookings'
import type { ServiceBookingView } from '../api/serviceBookingView'
import type { BookingOutbox, OpenSummary } from './bookingOutbox'
import { sameLines, withLocalDetail } from './localLineDetail'
import { linesFromStored, storedLines } from './storedLines'
import { toBooking, type BookingRow } from './bookingRows'
import { bookingRowText, restoreBookingRow, type StoredBookingRow } from './storedBookingRow'
import type { Sqlite } from '@base/sqlite'
import { Kept, preparedOnce } from './preparedStatements'

/**
 * The local bookings, in the entity's cache. Their outbox has its own room
 * (sync/outbox/outboxStore.ts) in the same database: every change to a booking
 * and the outbox entry that carries it are written in one transaction through
 * `write` (WAL, synchronous=FULL): once a call returns, a kill cannot lose it.
 */

export type NewBooking = Omit<
  LocalBooking,
  | 'serviceId'
  | 'origin'
  | 'state'
  | 'shipped'
  | 'delivered'
  | 'deleted'
  | 'pending'
  | 'problem'
  | 'updatedAt'
  | 'shippedAt'
  | 'deliveredAt'
  | 'bookerId'
>

/**
 * A booking as the service lists it (in our names, see api/serviceBookingView.ts), with what the list left
 * unsaid about its agencies, date and creation filled in by the reader. lockVersion and transferRequestId
 * null mean "not told" (the GraphQL list carries neither): what the cache knew is kept.
 */
export type ListedBooking = Omit<ServiceBookingView, 'agencyFromId' | 'agencyToId' | 'plannedDelivery' | 'createdAt'> & {
  agencyFromId: number
  agencyToId: number
  plannedDelivery: string
  createdAt: string
}

/**
 * A change of a booking: our fields by our names (mapped to the table's columns in `patch`, one by one,
 * so renaming a field of LocalBooking never writes to a column that does not exist), and the
 * service's lock_version, which only the cache keeps.
 */
export type BookingPatch = Partial<
  Pick<
    LocalBooking,
    | 'agencyToId'
    | 'plannedDelivery'
    | 'reference'
    | 'needsTransport'
    | 'lines'
    | 'shipped'
    | 'delivered'
    | 'deleted'
    | 'serviceId'
    | 'state'
    | 'shippedAt'
    | 'deliveredAt'
  >
> & { lockVersion?: number | null }

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0)

const NO_ENTRIES: OpenSummary = { pending: 0, problem: null }

// The store's fixed statements, prepared once per cache file: a save runs several of them.
const rowByLocalId = preparedOnce<[string], BookingRow>('SELECT * FROM bookings WHERE local_id = ?')
const rowByServiceId = preparedOnce<[number], BookingRow>('SELECT * FROM bookings WHERE service_id = ?')
const rowsByLocalIds = preparedOnce<[string], BookingRow>('SELECT * FROM bookings WHERE local_id IN (SELECT value FROM json_each(?))')
const insertHere = preparedOnce(
  `INSERT INTO bookings (local_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
     transfer_request_id, lines, created_at, updated_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'here')`,
)
// Not one of ours: made elsewhere, its local id is only the cache's key (origin 'service').
const insertFromService = preparedOnce(
  `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
     transfer_request_id, lines, shipped, delivered, lock_version, shipped_at, delivered_at, booker_id, created_at, updated_at, origin)
   VALUES (?, ?, 'synced', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'service')`,
)
const markPending = preparedOnce<[string]>("UPDATE bookings SET state = 'pending' WHERE local_id = ?")
const settleState = preparedOnce<[SyncState, string]>("UPDATE bookings SET state = ? WHERE local_id = ? AND state != 'draft'")
const copyOf = preparedOnce<[number, string], { local_id: string }>(
  "SELECT local_id FROM bookings WHERE service_id = ? AND origin = 'service' AND local_id != ?",
)
const deleteBooking = preparedOnce<[string]>('DELETE FROM bookings WHERE local_id = ?')
const ownedHere = preparedOnce<[number]>("SELECT 1 FROM bookings WHERE service_id = ? AND origin = 'here'")
const serviceIdOf = preparedOnce<[string], number | null>('SELECT service_id FROM bookings WHERE local_id = ?')
const lockVersionOf = preparedOnce<[string], number | null>('SELECT lock_version FROM bookings WHERE local_id = ?')
const changedSince = preparedOnce<[string], string>('SELECT local_id FROM bookings WHERE updated_at >= ?')
const listed = preparedOnce<[], BookingRow>("SELECT * FROM bookings WHERE deleted = 0 OR state != 'synced' ORDER BY created_at DESC")
const unversionedOf = preparedOnce<[number], { local_id: string; service_id: number }>(
  `SELECT local_id, service_id FROM bookings WHERE agency_from_id = ? AND service_id IS NOT NULL AND lock_version IS NULL
       AND shipped = 0 AND delivered = 0 AND deleted = 0`,
)

export class BookingStore {
  private readonly patches = new Kept((sql) => this.db.prepare<Record<string, unknown>>(sql))

  constructor(
    private readonly db: Sqlite,
    private readonly outbox: BookingOutbox,
  ) {}

  /** Writes a change and its outbox entry together. */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate()
  }

  /** A booking's row as JSON text, to carry to another computer (storedBookingRow.ts); null when not here. */
  rowText(localId: string): string | null {
    return bookingRowText(this.db, localId)
  }

  /** Puts a carried booking's row back, as waiting to be sent; the local id its entries belong to here. */
  restoreRow(row: StoredBookingRow): string {
    return restoreBookingRow(this.db, row)
  }

  /** A booking typed on this computer (origin 'here': its local reference is what the clerk saw first). */
  insert(b: NewBooking, state: 'pending' | 'draft' = 'pending'): void {
    insertHere(this.db).run(
      b.localId,
      state,
      b.agencyFromId,
      b.agencyToId,
      b.plannedDelivery,
      b.reference,
      b.needsTransport ? 1 : 0,
      b.transferRequestId,
      storedLines(b.lines),
      b.createdAt,
      b.createdAt,
    )
  }

  patch(localId: string, f: BookingPatch, now: string): void {
    const columns: Record<string, unknown> = {
      agency_to_id: f.agencyToId,
      planned_delivery: f.plannedDelivery,
      reference: f.reference,
      needs_transport: flag(f.needsTransport),
      lines: f.lines === undefined ? undefined : storedLines(f.lines),
      shipped: flag(f.shipped),
      delivered: flag(f.delivered),
      deleted: flag(f.deleted),
      service_id: f.serviceId,
      lock_version: f.lockVersion,
      state: f.state,
      shipped_at: f.shippedAt,
      delivered_at: f.deliveredAt,
    }
    const values = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined))
    const keys = Object.keys(values)
    if (!keys.length) return
    this.patches
      .of(`UPDATE bookings SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE local_id = @local_id`)
      .run({ ...values, updated_at: now, local_id: localId })
  }

  /** A change of the booking was queued: it is on its way again. */
  markPending(localId: string): void {
    markPending(this.db).run(localId)
  }

  /**
   * A create of ours may have been read by a refresh of the counter before the create was confirmed, as
   * a booking made elsewhere: that copy is ours. Changes queued on it (they came after the create) move
   * to ours, and the copy goes. Returns the copy's local id, or null when there was none.
   */
  adoptCopy(serviceId: number, localId: string): string | null {
    const copy = copyOf(this.db).get(serviceId, localId)
    if (!copy) return null
    this.outbox.moveEntries(copy.local_id, localId)
    deleteBooking(this.db).run(copy.local_id)
    return copy.local_id
  }

  /** Whether a booking typed here (not one read from the service) has become this service booking. */
  ownedHere(serviceId: number): boolean {
    return ownedHere(this.db).get(serviceId) !== undefined
  }

  removeBooking(localId: string): void {
    this.outbox.removeAll(localId)
    deleteBooking(this.db).run(localId)
  }

  /** After an entry settles: the booking is synced when nothing of it is left, else its worst state. */
  refreshState(localId: string): void {
    const open = this.outbox.openStates(localId)
    // A create held for the clerk waits on a decision, as a conflict does.
    const state: SyncState =
      open.includes('conflict') || open.includes('held')
        ? 'conflict'
        : open.includes('failed')
          ? 'failed'
          : open.length
            ? 'pending'
            : 'synced'
    // A draft has no entries yet and stays a draft until it is submitted.
    settleState(this.db).run(state, localId)
  }

  get(localId: string): LocalBooking | null {
    const row = rowByLocalId(this.db).get(localId)
    return row ? toBooking(row, this.outbox.openOf(localId)) : null
  }

  /**
   * The named bookings that are here (in the order named), with their open entries: two statements
   * whatever their number, for what a push of many bookings tells the screens at its end.
   */
  getMany(localIds: readonly string[]): LocalBooking[] {
    const ids = JSON.stringify(localIds)
    const rows = rowsByLocalIds(this.db).all(ids)
    const open = this.outbox.openOfMany(localIds)
    const byId = new Map(rows.map((r) => [r.local_id, r]))
    return localIds.flatMap((id) => {
      const row = byId.get(id)
      return row ? [toBooking(row, open.get(id) ?? NO_ENTRIES)] : []
    })
  }

  byServiceId(serviceId: number): LocalBooking | null {
    const row = rowByServiceId(this.db).get(serviceId)
    return row ? toBooking(row, this.outbox.openOf(row.local_id)) : null
  }

  serviceIdOf(localId: string): number | null {
    return serviceIdOf(this.db).pluck().get(localId) ?? null
  }

  /**
   * Bookings of the agency that it may still edit (not shipped or delivered) whose lock_version is not
   * known here, with nothing waiting in the outbox: a refresh reads their version from the REST show.
   */
  unversioned(agencyId: number): { localId: string; serviceId: number }[] {
    return unversionedOf(this.db)
      .all(agencyId)
      .filter((r) => !this.outbox.busy(r.local_id))
      .map((r) => ({ localId: r.local_id, serviceId: r.service_id }))
  }

  /**
   * Takes a lock_version read from the service, if the booking still shows here what the service showed
   * with it (the header; nothing queued since): a version paired with other content would let an edit
   * made on that content overwrite a change it never saw.
   */
  takeVersion(
    localId: string,
    seen: Pick<
      ServiceBookingView,
      'agencyToId' | 'plannedDelivery' | 'reference' | 'needsTransport' | 'shipped' | 'delivered' | 'lockVersion'
    >,
    now: string,
  ): boolean {
    return this.write(() => {
      const row = rowByLocalId(this.db).get(localId)
      const busy = this.outbox.busy(localId)
      const same =
        row !== undefined &&
        !busy &&
        seen.lockVersion !== null &&
        row.lock_version === null &&
        row.agency_to_id === seen.agencyToId &&
        row.planned_delivery === seen.plannedDelivery &&
        (row.reference ?? null) === (seen.reference ?? null) &&
        (row.needs_transport === 1) === seen.needsTransport &&
        (row.shipped === 1) === seen.shipped &&
        (row.delivered === 1) === seen.delivered
      if (same) this.patch(localId, { lockVersion: seen.lockVersion }, now)
      return same
    })
  }

  /** The booking's lock_version as this device last confirmed it on the service (null before its create is confirmed). */
  lockVersionOf(localId: string): number | null {
    return lockVersionOf(this.db).pluck().get(localId) ?? null
  }

  /** The bookings the screens list: two statements (the bookings, their open entries) whatever the count. */
  list(): LocalBooking[] {
    const open = this.outbox.openByBooking()
    return listed(this.db)
      .all()
      .map((r) => toBooking(r, open.get(r.local_id) ?? NO_ENTRIES))
  }

  /**
   * Takes the service's view of the agency's bookings, as read from `readSince` on. A booking with
   * entries still waiting keeps our version (the outbox will settle it); so does one a push settled
   * after the read began (the read is older than what the push learnt: a booking created by that push
   * is not in it, and must not be taken for one the service dropped). The others become what the
   * service says, and those it no longer lists are gone.
   */
  mergeFromService(shipments: ListedBooking[], newLocalId: () => string, now: string, readSince: string): void {
    this.write(() => {
      const listed = new Set<number>()
      const busy = this.outbox.busyBookings()
      const newer = new Set(changedSince(this.db).pluck().all(readSince))
      const ours = (localId: string) => busy.has(localId) || newer.has(localId)
      for (const s of shipments) {
        listed.add(s.id)
        const mine = rowByServiceId(this.db).get(s.id)
        if (mine && ours(mine.local_id)) continue
        const ourLines = mine ? linesFromStored(mine.lines) : []
        const fields: BookingPatch = {
          agencyToId: s.agencyToId,
          plannedDelivery: s.plannedDelivery,
          reference: s.reference,
          needsTransport: s.needsTransport,
          // The bundle grouping and serial numbers of a booking made here live only here.
          lines: withLocalDetail(s.lines, ourLines),
          shipped: s.shipped,
          delivered: s.delivered,
          deleted: false,
          lockVersion: s.lockVersion ?? (mine && unchangedSince(mine, s, ourLines) ? mine.lock_version : null),
          shippedAt: s.shippedAt,
          deliveredAt: s.deliveredAt,
          state: 'synced',
        }
        if (mine) this.patch(mine.local_id, fields, now)
        else {
          insertFromService(this.db).run(
            newLocalId(),
            s.id,
            s.agencyFromId,
            s.agencyToId,
            s.plannedDelivery,
            s.reference,
            s.needsTransport ? 1 : 0,
            s.transferRequestId,
            storedLines(s.lines),
            s.shipped ? 1 : 0,
            s.delivered ? 1 : 0,
            s.lockVersion,
            s.shippedAt,
            s.deliveredAt,
            s.bookerId,
            s.createdAt,
            now,
          )
        }
      }
      const stale = this.db
        .prepare<[], { local_id: string; service_id: number }>('SELECT local_id, service_id FROM bookings WHERE service_id IS NOT NULL')
        .all()
      // A booking with a picture still to send stays until the picture is settled (it names the booking).
      const pictured = this.outbox.picturesWaiting()
      for (const row of stale)
        if (!listed.has(row.service_id) && !ours(row.local_id) && !pictured.has(row.local_id)) this.removeBooking(row.local_id)
    })
  }
}

/**
 * Whether the service still shows the booking as we last knew it. Only then does the lock_version we
 * knew still describe it; a booking changed elsewhere gets none (the pusher then checks its state only).
 */
function unchangedSince(mine: BookingRow, s: ListedBooking, ourLines: readonly BookingLine[]): boolean {
  return (
    mine.agency_to_id === s.agencyToId &&
    mine.planned_delivery === s.plannedDelivery &&
    (mine.reference ?? null) === (s.reference ?? null) &&
    (mine.needs_transport === 1) === s.needsTransport &&
    (mine.shipped === 1) === s.shipped &&
    (mine.delivered === 1) === s.delivered &&
    sameLines(s.lines, ourLines)
  )
}
