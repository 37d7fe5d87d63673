import type { BookingPicture, PictureState, PictureStep } from '@shared/bookingPictures'
import type { ErrorPayload } from '@shared/errors'
import type { Sqlite } from '@base/sqlite'
import { preparedOnce } from '../../cache/preparedStatements'
import { parseStoredError } from './storedError'

/**
 * The outbox's queue of pictures (migration 10, `booking_pictures`): one row a picture taken at a
 * step of a booking, its bytes kept in this cache until the service shows it. Its own table, not
 * entries among the booking's: a picture waits for its booking, never the other way round, and its
 * refusal marks the picture alone. Every question and change of the table is here by name.
 */

interface PictureRow {
  seq: number
  local_id: string
  marker: string
  step: PictureStep
  mime: string
  size: number
  taken_by: string
  taken_at: string
  state: PictureState
  attempts: number
  last_error: string | null
  before_url: string | null
  url: string | null
  sent_at: string | null
  service_id: number | null
}

/** A picture that may go now: its booking is on the service and has nothing of its own waiting before it. */
export interface DuePicture {
  seq: number
  localId: string
  serviceId: number
  marker: string
  step: PictureStep
  mime: string
  state: 'waiting' | 'unknown'
  attempts: number
  beforeUrl: string | null
}

const columns = `p.seq, p.local_id, p.marker, p.step, p.mime, length(p.bytes) AS size, p.taken_by, p.taken_at, p.state,
  p.attempts, p.last_error, p.before_url, p.url, p.sent_at, b.service_id`
const listed = `SELECT ${columns} FROM booking_pictures p LEFT JOIN bookings b USING (local_id)`
/** Its booking confirmed, not going away, and none of its own entries open (a ship waits before its picture). */
const sendable = `b.service_id IS NOT NULL AND b.deleted = 0
  AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.local_id = p.local_id AND o.state != 'done')`
const DUE = "p.state IN ('waiting', 'unknown')"

const listAll = preparedOnce<[], PictureRow>(`${listed} ORDER BY p.seq`)
const listOfBooking = preparedOnce<[string], PictureRow>(`${listed} WHERE p.local_id = ? ORDER BY p.seq`)
const oneRow = preparedOnce<[number], PictureRow>(`${listed} WHERE p.seq = ?`)
const dueRows = preparedOnce<[string], PictureRow>(
  `${listed} WHERE ${DUE} AND (p.next_attempt_at IS NULL OR p.next_attempt_at <= ?) AND ${sendable} ORDER BY p.seq`,
)
const nextDue = preparedOnce<[], { at: string }>(
  `SELECT COALESCE(p.next_attempt_at, '') AS at FROM booking_pictures p JOIN bookings b USING (local_id)
   WHERE ${DUE} AND ${sendable} ORDER BY p.next_attempt_at LIMIT 1`,
)
const onWire = preparedOnce<[string, PictureStep]>(
  "SELECT 1 FROM booking_pictures WHERE local_id = ? AND step = ? AND state IN ('sending', 'unknown') LIMIT 1",
)
const waitingIds = preparedOnce<[], { local_id: string }>(
  "SELECT DISTINCT local_id FROM booking_pictures WHERE state IN ('waiting', 'sending', 'unknown')",
)

export interface NewPicture {
  localId: string
  step: PictureStep
  mime: string
  bytes: Uint8Array
  takenBy: string
  takenAt: string
  marker: string
}

export class PictureQueue {
  constructor(private readonly db: Sqlite) {}

  /**
   * Keeps a picture for its step. One not sent yet (or refused, or kept for want of the capability) is
   * replaced: the step holds one picture. False when the step's picture is on the wire or its outcome
   * unknown: the clerk's new one would race it, so it is refused until that one is settled.
   */
  attach(p: NewPicture): number | false {
    const seq = this.keep(p)
    // The picture's pages leave the write-ahead log now, in the attach's own time: left there, the checkpoint
    // they bring on would fall in the clerk's next save (a booking's commit p99 doubled in the picture bench).
    // Not inside a caller's transaction (a signature, small): a checkpoint cannot run there.
    if (seq !== false && !this.db.inTransaction) this.db.pragma('wal_checkpoint(PASSIVE)')
    return seq
  }

  private keep(p: NewPicture): number | false {
    return this.db
      .transaction(() => {
        if (onWire(this.db).get(p.localId, p.step)) return false
        this.db
          .prepare("DELETE FROM booking_pictures WHERE local_id = ? AND step = ? AND state IN ('waiting', 'refused', 'unsupported')")
          .run(p.localId, p.step)
        const res = this.db
          .prepare('INSERT INTO booking_pictures (local_id, marker, step, mime, bytes, taken_by, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(p.localId, p.marker, p.step, p.mime, Buffer.from(p.bytes), p.takenBy, p.takenAt)
        return Number(res.lastInsertRowid)
      })
      .immediate()
  }

  list(localId?: string): BookingPicture[] {
    return (localId === undefined ? listAll(this.db).all() : listOfBooking(this.db).all(localId)).map(toPicture)
  }

  get(seq: number): BookingPicture | null {
    const row = oneRow(this.db).get(seq)
    return row ? toPicture(row) : null
  }

  /** The picture's bytes, read to send it or to show it. */
  bytes(seq: number): Buffer | null {
    return this.db.prepare<[number], { bytes: Buffer }>('SELECT bytes FROM booking_pictures WHERE seq = ?').get(seq)?.bytes ?? null
  }

  /** Forgets a refused picture (the clerk dismissed it): true when it was one. */
  dismissRefused(seq: number): boolean {
    return this.db.prepare("DELETE FROM booking_pictures WHERE seq = ? AND state = 'refused'").run(seq).changes > 0
  }

  due(now: string): DuePicture[] {
    return dueRows(this.db)
      .all(now)
      .flatMap((r) =>
        r.service_id === null || (r.state !== 'waiting' && r.state !== 'unknown')
          ? []
          : [
              {
                seq: r.seq,
                localId: r.local_id,
                serviceId: r.service_id,
                marker: r.marker,
                step: r.step,
                mime: r.mime,
                state: r.state,
                attempts: r.attempts,
                beforeUrl: r.before_url,
              },
            ],
      )
  }

  /** When the earliest sendable picture may go: '' at once, null when none may. */
  nextDueAt(): string | null {
    return nextDue(this.db).get()?.at ?? null
  }

  /** The bookings with a picture not settled yet: a refresh must not drop them. */
  waitingBookings(): Set<string> {
    return new Set(
      waitingIds(this.db)
        .all()
        .map((r) => r.local_id),
    )
  }

  /** Waiting pictures to be tried later than `limit` are made due at once (bookingPusher.setBackPast says why). */
  dueNowIfAfter(limit: string): void {
    this.db
      .prepare(`UPDATE booking_pictures SET next_attempt_at = NULL WHERE state IN ('waiting', 'unknown') AND next_attempt_at > ?`)
      .run(limit)
  }

  /** Pictures that were on the wire when the process stopped: read back before anything is sent again. */
  recoverSending(): number {
    return this.db.prepare("UPDATE booking_pictures SET state = 'unknown' WHERE state = 'sending'").run().changes
  }

  /** On disk (a full sync) before the request leaves, with what the field held before it. */
  markSending(seq: number, beforeUrl: string | null, now: string): void {
    this.db
      .prepare(
        "UPDATE booking_pictures SET state = 'sending', attempts = attempts + 1, before_url = ?, next_attempt_at = NULL, sent_at = ? WHERE seq = ?",
      )
      .run(beforeUrl, now, seq)
  }

  markSent(seq: number, url: string, now: string): void {
    this.db
      .prepare("UPDATE booking_pictures SET state = 'sent', url = ?, sent_at = ?, next_attempt_at = NULL WHERE seq = ?")
      .run(url, now, seq)
  }

  markWaiting(seq: number, state: 'waiting' | 'unknown', error: ErrorPayload | null, nextAttemptAt: string | null): void {
    this.set(seq, state, error, nextAttemptAt)
  }

  markRefused(seq: number, error: ErrorPayload): void {
    this.set(seq, 'refused', error, null)
  }

  markUnsupported(seq: number, error: ErrorPayload): void {
    this.set(seq, 'unsupported', error, null)
  }

  private set(seq: number, state: PictureState, error: ErrorPayload | null, next: string | null): void {
    this.db
      .prepare('UPDATE booking_pictures SET state = ?, last_error = COALESCE(?, last_error), next_attempt_at = ? WHERE seq = ?')
      .run(state, error ? JSON.stringify(error) : null, next, seq)
  }
}

function toPicture(r: PictureRow): BookingPicture {
  return {
    seq: r.seq,
    localId: r.local_id,
    serviceId: r.service_id,
    step: r.step,
    state: r.state,
    mime: r.mime,
    bytes: r.size,
    takenBy: r.taken_by,
    takenAt: r.taken_at,
    attempts: r.attempts,
    lastError: parseStoredError(r.last_error),
    url: r.url,
    sentAt: r.sent_at,
  }
}
