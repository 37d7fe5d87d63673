import { z } from 'zod'
import { heldCandidate, type BookingOrigin, type HeldCandidate, type OutboxEntry, type OutboxOp } from '@shared/bookings'
import type { OpenState, OpenSummary } from '../../cache/bookingOutbox'
import { parsedJson } from '../../cache/cacheDatabase'
import type { Sqlite } from '@base/sqlite'
import { preparedOnce } from '../../cache/preparedStatements'
import { parseStoredError } from './storedError'
import type { JournalEntry } from './unsentJournal'

/**
 * The outbox's questions: what waits, what may go next, the sync centre's lists, counts and history,
 * and what the unsent journal must hold. None changes a row; the changes are OutboxStore's (outboxStore.ts).
 */

export type EntryState = OutboxEntry['state']

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
  sent_at: string | null
  candidates: string | null
}

export interface QueuedEntry {
  seq: number
  localId: string
  op: OutboxOp
  /** The stored JSON, read as it is: its sender parses it with bookingPayloads.ts (undefined when it is not JSON). */
  payload: unknown
  marker: string
  state: EntryState
  attempts: number
  createdAt: string
}

/** A confirmed entry, for the sync centre's history. */
export interface SentEntry {
  seq: number
  localId: string
  serviceId: number | null
  op: OutboxOp
  attempts: number
  createdAt: string
  sentAt: string | null
}

const OPEN = "state != 'done'"
export const DUE = "state IN ('queued', 'unknown')"
/** States that stop a booking until the clerk acts; the first one's error is the booking's problem. */
const STOPPED = "('failed', 'conflict', 'held')"

const storedCandidates = z.array(heldCandidate)

/** An entry with its booking's identity, as the sync centre lists it. */
type ListedRow = EntryRow & { service_id: number | null; origin: BookingOrigin }
type JournalRow = Pick<EntryRow, 'seq' | 'local_id' | 'op' | 'payload' | 'marker' | 'created_at'>
type OpenRow = { local_id: string; pending: number; problem: string | null }

const unsentCreateRow = preparedOnce<[string], Pick<EntryRow, 'seq' | 'payload'>>(
  "SELECT seq, payload FROM outbox WHERE local_id = ? AND op = 'create' AND state IN ('queued', 'failed')",
)
const readyHeadRows = preparedOnce<[string, string, number], EntryRow>(
  `SELECT o.* FROM outbox o
   WHERE o.${DUE} AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
     AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.local_id = o.local_id AND p.seq < o.seq AND p.${OPEN})
     AND o.seq NOT IN (SELECT value FROM json_each(?))
   ORDER BY o.seq LIMIT ?`,
)
const nextDue = preparedOnce<[], { at: string }>(
  `SELECT COALESCE(next_attempt_at, '') AS at FROM outbox INDEXED BY outbox_due WHERE ${DUE} ORDER BY next_attempt_at LIMIT 1`,
)
const lostCreateRows = preparedOnce<[], { marker: string; origin: unknown }>(
  "SELECT marker, json_extract(payload, '$.agency_from_id') AS origin FROM outbox WHERE op = 'create' AND state = 'unknown' ORDER BY seq",
)
const openStateRows = preparedOnce<[string], { state: OpenState }>(`SELECT state FROM outbox WHERE local_id = ? AND ${OPEN}`)
const anyOpen = preparedOnce<[string]>(`SELECT 1 FROM outbox WHERE local_id = ? AND ${OPEN} LIMIT 1`)
const busyIds = preparedOnce<[], { local_id: string }>(`SELECT DISTINCT local_id FROM outbox WHERE ${OPEN}`)
const firstProblem = `(SELECT p.last_error FROM outbox p WHERE p.local_id = o.local_id AND p.state IN ${STOPPED} ORDER BY p.seq LIMIT 1) AS problem`
const openRows = preparedOnce<[], OpenRow>(
  `SELECT local_id, count(*) AS pending, ${firstProblem} FROM outbox o WHERE ${OPEN} GROUP BY local_id`,
)
const openRowsOf = preparedOnce<[string], OpenRow>(
  `SELECT local_id, count(*) AS pending, ${firstProblem}
   FROM outbox o WHERE o.local_id IN (SELECT value FROM json_each(?)) AND ${OPEN} GROUP BY local_id`,
)
const openRowOf = preparedOnce<{ id: string }, Omit<OpenRow, 'local_id'>>(
  `SELECT count(*) AS pending,
     (SELECT p.last_error FROM outbox p WHERE p.local_id = @id AND p.state IN ${STOPPED} ORDER BY p.seq LIMIT 1) AS problem
   FROM outbox WHERE local_id = @id AND ${OPEN}`,
)
const keptCounts = preparedOnce<[], { state: EntryState; n: number }>(`SELECT state, n FROM outbox_counts WHERE ${OPEN}`)
const listed = `SELECT o.*, b.service_id, b.origin FROM outbox o JOIN bookings b USING (local_id)`
const listedRows = preparedOnce<[], ListedRow>(`${listed} WHERE o.${OPEN} ORDER BY o.seq`)
const listedRowsOf = preparedOnce<[string], ListedRow>(`${listed} WHERE o.local_id = ? AND o.${OPEN} ORDER BY o.seq`)
const listedRowsOfMany = preparedOnce<[string], ListedRow>(
  `${listed} WHERE o.local_id IN (SELECT value FROM json_each(?)) AND o.${OPEN} ORDER BY o.seq`,
)
const listedRow = preparedOnce<[number], ListedRow>(`${listed} WHERE o.seq = ? AND o.${OPEN}`)
const takenIds = preparedOnce<[string], { service_id: number }>(
  "SELECT service_id FROM bookings WHERE origin = 'here' AND service_id IN (SELECT value FROM json_each(?))",
)
const markerRow = preparedOnce<[string, OutboxOp], { marker: string }>(
  'SELECT marker FROM outbox WHERE local_id = ? AND op = ? ORDER BY seq DESC LIMIT 1',
)
const historyRows = preparedOnce<
  [number],
  Pick<EntryRow, 'seq' | 'local_id' | 'op' | 'attempts' | 'created_at' | 'sent_at'> & { service_id: number | null }
>(
  `SELECT o.seq, o.local_id, o.op, o.attempts, o.created_at, o.sent_at, b.service_id FROM outbox o LEFT JOIN bookings b USING (local_id)
   WHERE o.state = 'done' ORDER BY o.seq DESC LIMIT ?`,
)
const unsentBookedRows = preparedOnce<[number, string], { item_id: number; micro: number }>(
  `SELECT item_id, micro FROM unsent_booked WHERE agency_id = ? AND item_id IN (SELECT value FROM json_each(?))`,
)
const localIdRow = preparedOnce<[number], { local_id: string }>('SELECT local_id FROM outbox WHERE seq = ?')
const journalRowsOf = preparedOnce<{ id: string }, JournalRow>(
  `SELECT seq, local_id, op, payload, marker, created_at FROM outbox WHERE local_id = @id
     AND (${OPEN} OR (op = 'create' AND EXISTS (SELECT 1 FROM outbox p WHERE p.local_id = @id AND p.${OPEN})))
   ORDER BY seq`,
)
const journalRows = preparedOnce<[], JournalRow>(
  `SELECT seq, local_id, op, payload, marker, created_at FROM outbox o
   WHERE ${OPEN} OR (op = 'create' AND EXISTS (SELECT 1 FROM outbox p WHERE p.local_id = o.local_id AND p.${OPEN}))
   ORDER BY local_id, seq`,
)
const openEntryRows = preparedOnce<[], JournalRow & Pick<EntryRow, 'attempts'> & { state: OpenState }>(
  `SELECT seq, local_id, op, payload, marker, created_at, state, attempts FROM outbox WHERE ${OPEN} ORDER BY seq`,
)
const markerHere = preparedOnce<[string]>('SELECT 1 FROM outbox WHERE marker = ?')

export class OutboxQueries {
  constructor(protected readonly db: Sqlite) {}

  /**
   * The create of a booking that is surely not on the service, so it may still be rewritten or dropped:
   * queued (never sent, or sent and refused before it arrived) or failed (the service refused it).
   */
  unsentCreate(localId: string): { seq: number; payload: unknown } | null {
    const row = unsentCreateRow(this.db).get(localId)
    return row ? { seq: row.seq, payload: parsedJson(row.payload) } : null
  }

  /**
   * The first open entry of each booking that may go now (later ones wait behind it), leaving out the
   * entries a push has already tried: they must not hide the ones behind them from the same push.
   * A head is an open entry with no open entry of its booking before it; the index on (local_id, seq)
   * answers that per candidate, so the question costs the same whatever the outbox holds.
   */
  readyHeads(now: string, limit: number, tried: ReadonlySet<number> = new Set()): QueuedEntry[] {
    return readyHeadRows(this.db)
      .all(now, JSON.stringify([...tried]), limit)
      .map(toQueued)
  }

  /**
   * When the earliest waiting entry may go: '' when one may go at once, null when none waits. One
   * seek in the partial index of waiting entries, so the scheduler may ask it every few seconds.
   */
  nextDueAt(): string | null {
    return nextDue(this.db).get()?.at ?? null
  }

  /** The creates whose answer was lost, with their origin: what one read by marker looks for. */
  lostCreates(): { marker: string; from: number }[] {
    return lostCreateRows(this.db)
      .all()
      .flatMap((r) => (typeof r.origin === 'number' ? [{ marker: r.marker, from: r.origin }] : []))
  }

  /** The states of a booking's open entries (its own state follows from them). */
  openStates(localId: string): OpenState[] {
    return openStateRows(this.db)
      .all(localId)
      .map((r) => r.state)
  }

  /** Whether a booking has entries still waiting. */
  busy(localId: string): boolean {
    return anyOpen(this.db).get(localId) !== undefined
  }

  /** The bookings with entries still waiting. */
  busyBookings(): Set<string> {
    return new Set(
      busyIds(this.db)
        .all()
        .map((r) => r.local_id),
    )
  }

  /** Per booking with open entries: how many, and the first refusal. One statement whatever the count. */
  openByBooking(): Map<string, OpenSummary> {
    return toOpenSummaries(openRows(this.db).all())
  }

  /** The same for the named bookings only, in one statement whatever their number (a delta of many bookings). */
  openOfMany(localIds: readonly string[]): Map<string, OpenSummary> {
    return toOpenSummaries(openRowsOf(this.db).all(JSON.stringify(localIds)))
  }

  /** One booking's open entries: how many, and the first refusal. */
  openOf(localId: string): OpenSummary {
    // An aggregate without GROUP BY: always one row.
    const row = openRowOf(this.db).get({ id: localId })
    return { pending: row?.pending ?? 0, problem: parseStoredError(row?.problem ?? null) }
  }

  /**
   * Open entries by state, for the sync status after every commit and settled entry: read from the
   * counts the outbox's triggers keep (migration 5), so it costs the same with 5,000 waiting as with 5.
   */
  counts(): Record<OpenState, number> {
    return toCounts(keptCounts(this.db).all())
  }

  /**
   * The same, counted from the entries themselves: for a cache this app may not have opened (and so
   * migrated) yet, read-only, as the update check does across every account on the computer.
   */
  countedByScan(): Record<OpenState, number> {
    return toCounts(
      this.db.prepare<[], { state: EntryState; n: number }>(`SELECT state, count(*) AS n FROM outbox WHERE ${OPEN} GROUP BY state`).all(),
    )
  }

  /** The open entries, in order, for the sync centre. */
  list(localId?: string): OutboxEntry[] {
    const rows = localId === undefined ? listedRows(this.db).all() : listedRowsOf(this.db).all(localId)
    return this.withFreeCandidates(rows.map(toEntry))
  }

  /** The open entries of the named bookings, in order: one statement whatever their number. */
  listOf(localIds: readonly string[]): OutboxEntry[] {
    const rows = listedRowsOfMany(this.db).all(JSON.stringify(localIds))
    return this.withFreeCandidates(rows.map(toEntry))
  }

  /** One open entry, or null. */
  get(seq: number): OutboxEntry | null {
    const row = listedRow(this.db).get(seq)
    return row ? (this.withFreeCandidates([toEntry(row)])[0] ?? null) : null
  }

  /** Held creates show only the look-alikes no booking typed here has become since (the clerk gave it to another). */
  private withFreeCandidates(entries: OutboxEntry[]): OutboxEntry[] {
    const ids = entries.flatMap((e) => e.candidates?.map((c) => c.serviceId) ?? [])
    if (ids.length === 0) return entries
    const taken = new Set(
      takenIds(this.db)
        .all(JSON.stringify(ids))
        .map((r) => r.service_id),
    )
    if (taken.size === 0) return entries
    return entries.map((e) => (e.candidates ? { ...e, candidates: e.candidates.filter((c) => !taken.has(c.serviceId)) } : e))
  }

  /** The marker an entry wrote into the service's memo (how a lost answer is found again). */
  markerOf(localId: string, op: OutboxOp = 'create'): string | null {
    return markerRow(this.db).get(localId, op)?.marker ?? null
  }

  /** Confirmed entries, newest first: the sync centre's history (as long as the retention keeps them). */
  history(limit = 200): SentEntry[] {
    return historyRows(this.db)
      .all(limit)
      .map((r) => ({
        seq: r.seq,
        localId: r.local_id,
        serviceId: r.service_id,
        op: r.op,
        attempts: r.attempts,
        createdAt: r.created_at,
        sentAt: r.sent_at,
      }))
  }

  /**
   * Quantities of each item this computer has booked at an agency that the service has not confirmed
   * yet. Read from `unsent_booked`, which triggers on `bookings` keep in the same transaction as every
   * change (migration 5): a commit no longer sums every waiting booking's lines.
   */
  unsentBooked(agencyId: number, itemIds: readonly number[]): Map<number, number> {
    const rows = unsentBookedRows(this.db).all(agencyId, JSON.stringify(itemIds))
    return new Map(rows.map((r) => [r.item_id, r.micro / 1e6]))
  }

  // The second record of unsent work (unsentJournal.ts) and its uses: recovery, export, import.

  /** The booking an entry belongs to. */
  localIdOf(seq: number): string | null {
    return localIdRow(this.db).get(seq)?.local_id ?? null
  }

  /**
   * What the unsent journal must hold of a booking: its open entries and, while any is open, its create
   * even if confirmed (a recovered ship or edit needs the create to find its booking on the service).
   */
  journalOf(localId: string): JournalEntry[] {
    return journalRowsOf(this.db).all({ id: localId }).map(toJournalEntry)
  }

  /** The same for every booking with open entries, by booking: one statement. */
  journalOfAll(): Map<string, JournalEntry[]> {
    const rows = journalRows(this.db).all()
    const byBooking = new Map<string, JournalEntry[]>()
    for (const r of rows) byBooking.set(r.local_id, [...(byBooking.get(r.local_id) ?? []), toJournalEntry(r)])
    return byBooking
  }

  /** Every open entry with what it carries, in order: what `outbox export` writes. */
  openEntries(): (JournalEntry & { state: OpenState; attempts: number })[] {
    return openEntryRows(this.db)
      .all()
      .map((r) => ({ ...toJournalEntry(r), state: r.state, attempts: r.attempts }))
  }

  /** Whether an entry with this marker is here, open or confirmed. */
  hasMarker(marker: string): boolean {
    return markerHere(this.db).get(marker) !== undefined
  }
}

function toJournalEntry(r: JournalRow): JournalEntry {
  return { marker: r.marker, localId: r.local_id, op: r.op, payload: r.payload, createdAt: r.created_at, position: r.seq }
}

function toOpenSummaries(rows: OpenRow[]): Map<string, OpenSummary> {
  return new Map(rows.map((r) => [r.local_id, { pending: r.pending, problem: parseStoredError(r.problem) }]))
}

function toCounts(rows: { state: EntryState; n: number }[]): Record<OpenState, number> {
  const counts = { queued: 0, sending: 0, unknown: 0, held: 0, failed: 0, conflict: 0 }
  for (const r of rows) if (r.state !== 'done') counts[r.state] = r.n
  return counts
}

function toQueued(r: EntryRow): QueuedEntry {
  return {
    seq: r.seq,
    localId: r.local_id,
    op: r.op,
    payload: parsedJson(r.payload),
    marker: r.marker,
    state: r.state,
    attempts: r.attempts,
    createdAt: r.created_at,
  }
}

function toEntry(r: ListedRow): OutboxEntry {
  return {
    seq: r.seq,
    localId: r.local_id,
    serviceId: r.service_id,
    origin: r.origin,
    op: r.op,
    state: r.state,
    attempts: r.attempts,
    lastError: parseStoredError(r.last_error),
    createdAt: r.created_at,
    ...(r.state === 'held' ? { candidates: parseCandidates(r.candidates) } : {}),
  }
}

/** A held create's look-alikes as stored; a copy that no longer reads shows none (the clerk may still send or discard). */
function parseCandidates(raw: string | null): HeldCandidate[] {
  return raw ? (storedCandidates.safeParse(parsedJson(raw)).data ?? []) : []
}
