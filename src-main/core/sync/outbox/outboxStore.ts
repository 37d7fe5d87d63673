import type { Statement } from 'better-sqlite3'
import type { HeldCandidate, OutboxOp } from '@shared/bookings'
import type { ErrorPayload } from '@shared/errors'
import { commitUnsynced } from '@base/sqlite'
import type { BookingOutbox } from '../../cache/bookingOutbox'
import { Kept } from '../../cache/preparedStatements'
import { DeliverySignatures } from './deliverySignatures'
import { PictureQueue } from './pictureQueue'
import { DUE, OutboxQueries, type EntryState, type QueuedEntry } from './outboxQueries'

// Where the pusher and the services have always found the entries' shapes.
export type { EntryState, QueuedEntry, SentEntry } from './outboxQueries'

/**
 * The outbox: the changes made here that the service has not confirmed yet, one entry per change,
 * in order per booking. Every method is one named change, or a question it inherits from
 * OutboxQueries (outboxQueries.ts); callers that must change a booking and its entries together wrap
 * both in `BookingStore.write` (one SQLite transaction), so a kill between them cannot lose either.
 *
 * Confirmed entries stay a while for the sync centre's history and are then pruned (`prune`).
 */

/** Confirmed entries are kept this long for the history, then pruned. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

export class OutboxStore extends OutboxQueries implements BookingOutbox {
  /** The pictures taken at the bookings' steps: a queue of their own beside the entries (pictureQueue.ts). */
  readonly pictures = new PictureQueue(this.db)
  /** The receivers' signatures on deliveries, kept beside the delivery's picture (deliverySignatures.ts). */
  readonly signatures = new DeliverySignatures(this.db)

  /** The changes' statements (run, never read), prepared once: the push runs them for every entry. */
  private readonly changes = new Kept((sql) => this.db.prepare(sql))

  private stmt(sql: string): Statement {
    return this.changes.of(sql)
  }

  enqueue(localId: string, op: OutboxOp, payload: object, marker: string, now: string): number {
    const res = this.stmt("INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES (?, ?, ?, ?, 'queued', ?)").run(
      localId,
      op,
      JSON.stringify(payload),
      marker,
      now,
    )
    return Number(res.lastInsertRowid)
  }

  /** A create never confirmed carries the booking's newest version: it goes again from the start. */
  rewriteCreate(seq: number, payload: object): void {
    this.stmt("UPDATE outbox SET payload = ?, state = 'queued', next_attempt_at = NULL WHERE seq = ?").run(JSON.stringify(payload), seq)
  }

  picturesWaiting(): Set<string> {
    return this.pictures.waitingBookings()
  }

  /** Drops entries nobody has sent yet (e.g. a create never sent, for a booking deleted before it left). */
  dropUnsent(localId: string): number {
    return this.stmt("DELETE FROM outbox WHERE local_id = ? AND state = 'queued' AND attempts = 0").run(localId).changes
  }

  /** Gives up an entry and every later one of its booking. */
  dropFrom(localId: string, seq: number): number {
    return this.stmt('DELETE FROM outbox WHERE local_id = ? AND seq >= ?').run(localId, seq).changes
  }

  /** A booking's entries become another's (a copy of it read from the service is merged into it). */
  moveEntries(fromLocalId: string, toLocalId: string): void {
    this.stmt('UPDATE outbox SET local_id = ? WHERE local_id = ?').run(toLocalId, fromLocalId)
    // Its pictures (pictureQueue.ts) follow it too.
    this.stmt('UPDATE booking_pictures SET local_id = ? WHERE local_id = ?').run(toLocalId, fromLocalId)
    this.signatures.move(fromLocalId, toLocalId)
  }

  /** Every entry of a booking, confirmed or not (the booking itself is going away). */
  removeAll(localId: string): void {
    this.stmt('DELETE FROM outbox WHERE local_id = ?').run(localId)
    this.stmt('DELETE FROM booking_pictures WHERE local_id = ?').run(localId)
    // A signature is the only copy of the receiver's proof when a photo went instead: it outlives a booking that
    // leaves the cache's history, and goes only with one the service never had (a discarded create).
    this.stmt(
      'DELETE FROM delivery_signatures WHERE local_id = ? AND NOT EXISTS (SELECT 1 FROM bookings WHERE local_id = ? AND service_id IS NOT NULL)',
    ).run(localId, localId)
  }

  /**
   * Every entry waiting to be sent may have been sent from elsewhere (the folder was restored from a
   * backup, or copied): each is read back by its marker first. Those left 'sending' are the push
   * lock holder's to read back (recoverSending).
   */
  readBackAllQueued(): number {
    return this.stmt("UPDATE outbox SET state = 'unknown', next_attempt_at = NULL WHERE state = 'queued'").run().changes
  }

  /**
   * Entries that were on the wire when the process stopped: their outcome is unknown. Only the push
   * lock's holder may ask (sync/pushLock.ts): another live pusher's entries on the wire are 'sending' too.
   */
  recoverSending(): number {
    return this.stmt("UPDATE outbox SET state = 'unknown' WHERE state = 'sending'").run().changes
  }

  /**
   * Takes up to `limit` ready heads for a push and marks those never on the wire 'sending', in one
   * transaction (one disk sync for the lot, before any of them leaves). An entry whose outcome is
   * unknown stays so: it is read back before it may be marked and sent.
   */
  claim(now: string, until: string, limit: number, tried: ReadonlySet<number>): QueuedEntry[] {
    return this.db
      .transaction(() => {
        const heads = this.readyHeads(until, limit, tried)
        for (const e of heads) if (e.state === 'queued') this.markSending(e.seq, now)
        return heads
      })
      .immediate()
  }

  /**
   * Records what became of entries that were on the wire without waiting for the disk (synchronous=NORMAL
   * for this one transaction): a record lost to a power cut leaves the entry 'sending', which the next
   * start turns 'unknown' and reads back before anything is sent again. Never for a change that must
   * be on disk before a request leaves.
   */
  settleLazily<T>(fn: () => T): T {
    return commitUnsynced(this.db, fn)
  }

  /** Waiting entries to be tried later than `limit` are made due at once (bookingPusher.setBackPast says why). */
  dueNowIfAfter(limit: string): void {
    this.stmt(`UPDATE outbox SET next_attempt_at = NULL WHERE ${DUE} AND next_attempt_at > ?`).run(limit)
  }

  markSending(seq: number, now: string): void {
    this.stmt("UPDATE outbox SET state = 'sending', attempts = attempts + 1, next_attempt_at = NULL, sent_at = ? WHERE seq = ?").run(
      now,
      seq,
    )
  }

  /** A claimed entry that never left (the push stopped first): queued again, its attempt not counted. */
  release(seq: number): void {
    this.stmt("UPDATE outbox SET state = 'queued', attempts = MAX(0, attempts - 1) WHERE seq = ? AND state = 'sending'").run(seq)
  }

  markDone(seq: number, now: string): void {
    this.stmt("UPDATE outbox SET state = 'done', next_attempt_at = NULL, sent_at = ? WHERE seq = ?").run(now, seq)
  }

  /** Not sent (queued) or sent without an answer (unknown): tried again at `nextAttemptAt`, or at once when null. */
  markWaiting(seq: number, state: 'queued' | 'unknown', error: ErrorPayload | null, nextAttemptAt: string | null): void {
    this.set(seq, state, error, nextAttemptAt)
  }

  markFailed(seq: number, error: ErrorPayload): void {
    this.set(seq, 'failed', error, null)
  }

  markConflict(seq: number, error: ErrorPayload): void {
    this.set(seq, 'conflict', error, null)
  }

  /** A create the service may have but does not show by its marker: it waits for the clerk, beside its look-alikes. */
  markHeld(seq: number, error: ErrorPayload, candidates: readonly HeldCandidate[]): void {
    this.set(seq, 'held', error, null)
    this.stmt('UPDATE outbox SET candidates = ? WHERE seq = ?').run(JSON.stringify(candidates), seq)
  }

  /**
   * The clerk asked to send it again (for a held create: none of the look-alikes is it). One that may be on the service
   * (sent without an answer, or on the wire) is only made due now: it is read back before anything is sent again.
   */
  requeue(seq: number): void {
    const state = this.get(seq)?.state
    if (state === 'unknown' || state === 'sending') {
      this.stmt('UPDATE outbox SET next_attempt_at = NULL WHERE seq = ?').run(seq)
      return
    }
    this.set(seq, 'queued', null, null)
    this.stmt('UPDATE outbox SET candidates = NULL WHERE seq = ?').run(seq)
  }

  private set(seq: number, state: EntryState, error: ErrorPayload | null, next: string | null): void {
    this.stmt('UPDATE outbox SET state = ?, last_error = COALESCE(?, last_error), next_attempt_at = ? WHERE seq = ?').run(
      state,
      error ? JSON.stringify(error) : null,
      next,
      seq,
    )
  }

  /** Forgets confirmed entries settled before `before` (ISO time). Returns how many went. */
  prune(before: string): number {
    return this.stmt("DELETE FROM outbox WHERE state = 'done' AND COALESCE(sent_at, created_at) < ?").run(before).changes
  }

  /**
   * Puts back an entry recovered from a damaged cache or carried from another computer, as 'unknown':
   * it may have reached the service already, so it is read back by its marker before it may be sent.
   * An entry whose marker is already here is left alone (false).
   */
  restore(e: { localId: string; op: OutboxOp; payload: string; marker: string; createdAt: string; attempts: number }): boolean {
    return (
      this.stmt(
        "INSERT INTO outbox (local_id, op, payload, marker, state, attempts, created_at) VALUES (?, ?, ?, ?, 'unknown', ?, ?) ON CONFLICT (marker) DO NOTHING",
      ).run(e.localId, e.op, e.payload, e.marker, Math.max(1, e.attempts), e.createdAt).changes > 0
    )
  }
}
