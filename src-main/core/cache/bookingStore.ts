import type { BookingLine, LocalBooking, OutboxEntry, OutboxOp, SyncState } from '@shared/bookings'
import type { ErrorPayload } from '@shared/errors'
import { sameLines, withLocalDetail } from './localLineDetail'
import type { Sqlite } from './sqlite'

/**
 * The local bookings and their outbox, in the entity's cache. Every change to a
 * booking and the outbox entry that carries it are written in one transaction
 * (WAL, synchronous=FULL): once a call returns, a kill cannot lose it.
 */

export type EntryState = OutboxEntry['state']

interface BookingRow {
  local_id: string
  service_id: number | null
  state: SyncState
  agency_from_id: number
  agency_to_id: number
  planned_delivery: string
  reference: string | null
  needs_transport: number
  transfer_request_id: number | null
  lines: string
  shipped: number
  delivered: number
  deleted: number
  lock_version: number | null
  shipped_at: string | null
  delivered_at: string | null
  booker_id: number | null
  created_at: string
  updated_at: string
}

interface EntryRow {
  seq: number
  local_id: string
  op: OutboxOp
  payload: string
  marker: string
  state: EntryState
  attempts: number
  next_attempt_at: string | null
  last_error: string | null
  created_at: string
}

export interface QueuedEntry {
  seq: number
  localId: string
  op: OutboxOp
  payload: Record<string, unknown>
  marker: string
  state: EntryState
  attempts: number
  createdAt: string
}

export type NewBooking = Omit<
  LocalBooking,
  'serviceId' | 'state' | 'shipped' | 'delivered' | 'deleted' | 'pending' | 'problem' | 'updatedAt' | 'shippedAt' | 'deliveredAt' | 'bookerId'
>

/**
 * A booking as the service lists it, reduced to what the cache keeps. The
 * service's GraphQL list carries no lock_version and no transfer request:
 * null there means "not told", and what the cache knew is kept.
 */
export interface ServiceBookingView {
  id: number
  agency_from_id: number
  agency_to_id: number
  booker_id: number | null
  planned_delivery: string
  reference: string | null
  needs_transport: boolean
  transfer_request_id: number | null
  lines: BookingLine[]
  shipped: boolean
  delivered: boolean
  lock_version: number | null
  shipped_at: string | null
  delivered_at: string | null
  created_at: string
}

const OPEN = "state NOT IN ('done')"

export class BookingStore {
  constructor(readonly db: Sqlite) {}

  /** Writes a change and its outbox entry together. */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }

  insert(b: NewBooking, state: 'pending' | 'draft' = 'pending'): void {
    this.db
      .prepare(
        `INSERT INTO bookings (local_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
           transfer_request_id, lines, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(b.localId, state, b.agency_from_id, b.agency_to_id, b.planned_delivery, b.reference, b.needs_transport ? 1 : 0, b.transfer_request_id, JSON.stringify(b.lines), b.createdAt, b.createdAt)
  }

  patch(
    localId: string,
    fields: Partial<
      Record<
        'agency_to_id' | 'planned_delivery' | 'reference' | 'needs_transport' | 'lines' | 'shipped' | 'delivered' | 'deleted' | 'service_id' | 'lock_version' | 'state' | 'shipped_at' | 'delivered_at',
        unknown
      >
    >,
    now: string,
  ): void {
    const values: Record<string, unknown> = { ...fields }
    if ('lines' in values) values.lines = JSON.stringify(values.lines)
    for (const k of ['needs_transport', 'shipped', 'delivered', 'deleted'] as const) if (k in values) values[k] = values[k] ? 1 : 0
    const keys = Object.keys(values)
    if (!keys.length) return
    this.db
      .prepare(`UPDATE bookings SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE local_id = @local_id`)
      .run({ ...values, updated_at: now, local_id: localId })
  }

  enqueue(localId: string, op: OutboxOp, payload: Record<string, unknown>, marker: string, now: string): number {
    const res = this.db
      .prepare("INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES (?, ?, ?, ?, 'queued', ?)")
      .run(localId, op, JSON.stringify(payload), marker, now)
    this.db.prepare("UPDATE bookings SET state = 'pending' WHERE local_id = ?").run(localId)
    return Number(res.lastInsertRowid)
  }

  /** Drops entries nobody has sent yet (e.g. a create never sent, for a booking deleted before it left). */
  dropUnsent(localId: string): number {
    return this.db.prepare("DELETE FROM outbox WHERE local_id = ? AND state = 'queued' AND attempts = 0").run(localId).changes
  }

  removeBooking(localId: string): void {
    this.db.prepare('DELETE FROM outbox WHERE local_id = ?').run(localId)
    this.db.prepare('DELETE FROM bookings WHERE local_id = ?').run(localId)
  }

  /** Entries that were on the wire when the process stopped: their outcome is unknown. */
  recoverSending(): number {
    return this.db.prepare("UPDATE outbox SET state = 'unknown' WHERE state = 'sending'").run().changes
  }

  /**
   * The first open entry of each booking that may go now (later ones wait behind it), leaving out the
   * entries a push has already tried: they must not hide the ones behind them from the same push.
   */
  readyHeads(now: string, limit: number, tried: ReadonlySet<number> = new Set()): QueuedEntry[] {
    const rows = this.db
      .prepare(
        `SELECT o.* FROM outbox o
         JOIN (SELECT local_id, MIN(seq) AS seq FROM outbox WHERE ${OPEN} GROUP BY local_id) h ON h.seq = o.seq
         WHERE o.state IN ('queued', 'unknown') AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
           AND o.seq NOT IN (SELECT value FROM json_each(?))
         ORDER BY o.seq LIMIT ?`,
      )
      .all(now, JSON.stringify([...tried]), limit) as EntryRow[]
    return rows.map(toQueued)
  }

  /** When the next waiting entry may go (for the scheduler), or null when none waits. */
  nextAttemptAt(): string | null {
    const row = this.db.prepare("SELECT MIN(COALESCE(next_attempt_at, '')) AS at FROM outbox WHERE state IN ('queued', 'unknown')").get() as { at: string | null }
    return row.at
  }

  setEntry(seq: number, state: EntryState, opts: { error?: ErrorPayload | null; nextAttemptAt?: string | null; attempt?: boolean; now?: string } = {}): void {
    this.db
      .prepare(
        `UPDATE outbox SET state = @state, last_error = COALESCE(@error, last_error), next_attempt_at = @next,
           attempts = attempts + @attempt, sent_at = COALESCE(@now, sent_at) WHERE seq = @seq`,
      )
      .run({ seq, state, error: opts.error ? JSON.stringify(opts.error) : null, next: opts.nextAttemptAt ?? null, attempt: opts.attempt ? 1 : 0, now: opts.now ?? null })
  }

  /** After an entry settles: the booking is synced when nothing of it is left, else its worst state. */
  refreshState(localId: string): void {
    const open = this.db.prepare(`SELECT state FROM outbox WHERE local_id = ? AND ${OPEN}`).all(localId) as { state: EntryState }[]
    const state: SyncState = open.some((e) => e.state === 'conflict')
      ? 'conflict'
      : open.some((e) => e.state === 'failed')
        ? 'failed'
        : open.length
          ? 'pending'
          : 'synced'
    // A draft has no entries yet and stays a draft until it is submitted.
    this.db.prepare("UPDATE bookings SET state = ? WHERE local_id = ? AND state != 'draft'").run(state, localId)
  }

  get(localId: string): LocalBooking | null {
    const row = this.db.prepare('SELECT * FROM bookings WHERE local_id = ?').get(localId) as BookingRow | undefined
    return row ? this.toBooking(row) : null
  }

  byServiceId(serviceId: number): LocalBooking | null {
    const row = this.db.prepare('SELECT * FROM bookings WHERE service_id = ?').get(serviceId) as BookingRow | undefined
    return row ? this.toBooking(row) : null
  }

  serviceIdOf(localId: string): number | null {
    return (this.db.prepare('SELECT service_id FROM bookings WHERE local_id = ?').get(localId) as { service_id: number | null } | undefined)?.service_id ?? null
  }

  /**
   * Bookings of the agency that it may still edit (not shipped or delivered) whose lock_version is not
   * known here, with nothing waiting in the outbox: a refresh reads their version from the REST show.
   */
  unversioned(agencyId: number): { localId: string; serviceId: number }[] {
    return (
      this.db
        .prepare(
          `SELECT local_id, service_id FROM bookings WHERE agency_from_id = ? AND service_id IS NOT NULL AND lock_version IS NULL
             AND shipped = 0 AND delivered = 0 AND deleted = 0 AND local_id NOT IN (SELECT local_id FROM outbox WHERE ${OPEN})`,
        )
        .all(agencyId) as { local_id: string; service_id: number }[]
    ).map((r) => ({ localId: r.local_id, serviceId: r.service_id }))
  }

  /**
   * Takes a lock_version read from the service, if the booking still shows here what the service showed
   * with it (the header; nothing queued since): a version paired with other content would let an edit
   * made on that content overwrite a change it never saw.
   */
  takeVersion(localId: string, seen: { agency_to_id: number | null; planned_delivery: string | null; reference: string | null; needs_transport: boolean; shipped: boolean; delivered: boolean; lock_version: number }, now: string): boolean {
    return this.write(() => {
      const row = this.db.prepare('SELECT * FROM bookings WHERE local_id = ?').get(localId) as BookingRow | undefined
      const busy = (this.db.prepare(`SELECT count(*) AS n FROM outbox WHERE local_id = ? AND ${OPEN}`).get(localId) as { n: number }).n > 0
      const same =
        row !== undefined &&
        !busy &&
        row.lock_version === null &&
        row.agency_to_id === seen.agency_to_id &&
        row.planned_delivery === seen.planned_delivery &&
        (row.reference ?? null) === (seen.reference ?? null) &&
        (row.needs_transport === 1) === seen.needs_transport &&
        (row.shipped === 1) === seen.shipped &&
        (row.delivered === 1) === seen.delivered
      if (same) this.patch(localId, { lock_version: seen.lock_version }, now)
      return same
    })
  }

  /** The booking's lock_version as this device last confirmed it on the service (null before its create is confirmed). */
  lockVersionOf(localId: string): number | null {
    return (this.db.prepare('SELECT lock_version FROM bookings WHERE local_id = ?').get(localId) as { lock_version: number | null } | undefined)?.lock_version ?? null
  }

  list(): LocalBooking[] {
    return (this.db.prepare('SELECT * FROM bookings WHERE deleted = 0 OR state != \'synced\' ORDER BY created_at DESC').all() as BookingRow[]).map((r) => this.toBooking(r))
  }

  entries(): OutboxEntry[] {
    const rows = this.db.prepare(`SELECT o.*, b.service_id FROM outbox o JOIN bookings b USING (local_id) WHERE o.${OPEN} ORDER BY o.seq`).all() as (EntryRow & { service_id: number | null })[]
    return rows.map((r) => ({
      seq: r.seq,
      localId: r.local_id,
      serviceId: r.service_id,
      op: r.op,
      state: r.state,
      attempts: r.attempts,
      lastError: r.last_error ? (JSON.parse(r.last_error) as ErrorPayload) : null,
      createdAt: r.created_at,
    }))
  }

  /**
   * Quantities of each item this device has booked at an agency that the service has not confirmed yet.
   * Summed inside SQLite, and only for the items asked about: it runs on every booking the counter saves,
   * and parsing every waiting booking's lines in JavaScript grew the commit with the outbox.
   */
  unsyncedBooked(agencyId: number, itemIds: readonly number[]): Map<number, number> {
    const rows = this.db
      .prepare(
        `SELECT json_extract(l.value, '$.item_id') AS item_id, SUM(CAST(json_extract(l.value, '$.booked_quantity') AS REAL)) AS quantity
         FROM bookings b, json_each(b.lines) l
         WHERE b.agency_from_id = ? AND b.service_id IS NULL AND b.deleted = 0 AND b.state != 'draft'
           AND json_extract(l.value, '$.item_id') IN (SELECT value FROM json_each(?))
         GROUP BY 1`,
      )
      .all(agencyId, JSON.stringify(itemIds)) as { item_id: number; quantity: number }[]
    return new Map(rows.map((r) => [r.item_id, r.quantity]))
  }

  /** Open entries by state, for the sync status: counted in SQL, not by listing the outbox on every change. */
  openCounts(): Record<Exclude<EntryState, 'done'>, number> {
    const counts = { queued: 0, sending: 0, unknown: 0, failed: 0, conflict: 0 }
    const rows = this.db.prepare(`SELECT state, count(*) AS n FROM outbox WHERE ${OPEN} GROUP BY state`).all() as { state: Exclude<EntryState, 'done'>; n: number }[]
    for (const r of rows) counts[r.state] = r.n
    return counts
  }

  /**
   * Takes the service's view of the agency's bookings. A booking with entries
   * still waiting keeps our version (the outbox will settle it); the others
   * become what the service says, and those it no longer lists are gone.
   */
  mergeFromService(shipments: ServiceBookingView[], newLocalId: () => string, now: string): void {
    this.write(() => {
      const listed = new Set<number>()
      const busy = new Set((this.db.prepare(`SELECT DISTINCT local_id FROM outbox WHERE ${OPEN}`).all() as { local_id: string }[]).map((r) => r.local_id))
      for (const s of shipments) {
        listed.add(s.id)
        const mine = this.db.prepare('SELECT * FROM bookings WHERE service_id = ?').get(s.id) as BookingRow | undefined
        if (mine && busy.has(mine.local_id)) continue
        const ourLines = mine ? (JSON.parse(mine.lines) as BookingLine[]) : []
        const fields = {
          agency_to_id: s.agency_to_id,
          planned_delivery: s.planned_delivery,
          reference: s.reference,
          needs_transport: s.needs_transport,
          // The bundle grouping and serial numbers of a booking made here live only here.
          lines: withLocalDetail(s.lines, ourLines),
          shipped: s.shipped,
          delivered: s.delivered,
          deleted: false,
          lock_version: s.lock_version ?? (mine && unchangedSince(mine, s, ourLines) ? mine.lock_version : null),
          shipped_at: s.shipped_at,
          delivered_at: s.delivered_at,
          state: 'synced',
        }
        if (mine) this.patch(mine.local_id, fields, now)
        else {
          this.db
            .prepare(
              `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport,
                 transfer_request_id, lines, shipped, delivered, lock_version, shipped_at, delivered_at, booker_id, created_at, updated_at)
               VALUES (?, ?, 'synced', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              newLocalId(), s.id, s.agency_from_id, s.agency_to_id, s.planned_delivery, s.reference, s.needs_transport ? 1 : 0, s.transfer_request_id,
              JSON.stringify(s.lines), s.shipped ? 1 : 0, s.delivered ? 1 : 0, s.lock_version, s.shipped_at, s.delivered_at, s.booker_id, s.created_at, now,
            )
        }
      }
      const stale = this.db.prepare('SELECT local_id, service_id FROM bookings WHERE service_id IS NOT NULL').all() as { local_id: string; service_id: number }[]
      for (const row of stale) if (!listed.has(row.service_id) && !busy.has(row.local_id)) this.removeBooking(row.local_id)
    })
  }

  private toBooking(r: BookingRow): LocalBooking {
    const pending = (this.db.prepare(`SELECT count(*) AS n FROM outbox WHERE local_id = ? AND ${OPEN}`).get(r.local_id) as { n: number }).n
    const problemRow = this.db
      .prepare("SELECT last_error FROM outbox WHERE local_id = ? AND state IN ('failed', 'conflict') ORDER BY seq LIMIT 1")
      .get(r.local_id) as { last_error: string | null } | undefined
    return {
      localId: r.local_id,
      serviceId: r.service_id,
      state: r.state,
      agency_from_id: r.agency_from_id,
      agency_to_id: r.agency_to_id,
      planned_delivery: r.planned_delivery,
      reference: r.reference,
      needs_transport: r.needs_transport === 1,
      transfer_request_id: r.transfer_request_id,
      lines: JSON.parse(r.lines) as BookingLine[],
      shipped: r.shipped === 1,
      delivered: r.delivered === 1,
      deleted: r.deleted === 1,
      shippedAt: r.shipped_at,
      deliveredAt: r.delivered_at,
      bookerId: r.booker_id,
      pending,
      problem: problemRow?.last_error ? (JSON.parse(problemRow.last_error) as ErrorPayload) : null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  }
}

/**
 * Whether the service still shows the booking as we last knew it. Only then does the lock_version we
 * knew still describe it; a booking changed elsewhere gets none (the pusher then checks its state only).
 */
function unchangedSince(mine: BookingRow, s: ServiceBookingView, ourLines: readonly BookingLine[]): boolean {
  return (
    mine.agency_to_id === s.agency_to_id &&
    mine.planned_delivery === s.planned_delivery &&
    (mine.reference ?? null) === (s.reference ?? null) &&
    (mine.needs_transport === 1) === s.needs_transport &&
    (mine.shipped === 1) === s.shipped &&
    (mine.delivered === 1) === s.delivered &&
    sameLines(s.lines, ourLines)
  )
}

function toQueued(r: EntryRow): QueuedEntry {
  return {
    seq: r.seq,
    localId: r.local_id,
    op: r.op,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    marker: r.marker,
    state: r.state,
    attempts: r.attempts,
    createdAt: r.created_at,
  }
}
