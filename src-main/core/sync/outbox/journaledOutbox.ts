import type { OutboxOp } from '@shared/bookings'
import { bookingRowText } from '../../cache/storedBookingRow'
import type { Sqlite } from '@base/sqlite'
import { OutboxStore } from './outboxStore'
import type { UnsentJournal } from './unsentJournal'

/**
 * The outbox with its second record kept in step (unsentJournal.ts). Each change that adds, rewrites or
 * drops unsent work writes the journal inside the cache's open transaction, so the journal is on disk
 * before the cache commits: what the clerk sees saved is in both, and a crash between them leaves only
 * an extra journal entry, never a missing one. A confirmation is recorded in the journal lazily, at the
 * end of the push's own transaction (after the booking took its service id).
 */
export class JournaledOutbox extends OutboxStore {
  private readonly confirmed = new Set<string>()

  constructor(
    private readonly cacheDb: Sqlite,
    private readonly journal: UnsentJournal,
  ) {
    super(cacheDb)
  }

  override enqueue(localId: string, op: OutboxOp, payload: object, marker: string, now: string): number {
    const seq = super.enqueue(localId, op, payload, marker, now)
    this.keep(localId)
    return seq
  }

  override rewriteCreate(seq: number, payload: object): void {
    super.rewriteCreate(seq, payload)
    const localId = this.localIdOf(seq)
    if (localId) this.keep(localId)
  }

  override dropUnsent(localId: string): number {
    const n = super.dropUnsent(localId)
    this.keep(localId)
    return n
  }

  override dropFrom(localId: string, seq: number): number {
    const n = super.dropFrom(localId, seq)
    this.keep(localId)
    return n
  }

  override removeAll(localId: string): void {
    super.removeAll(localId)
    this.keep(localId)
  }

  override moveEntries(fromLocalId: string, toLocalId: string): void {
    super.moveEntries(fromLocalId, toLocalId)
    this.keep(fromLocalId)
    this.keep(toLocalId)
  }

  override restore(e: Parameters<OutboxStore['restore']>[0]): boolean {
    const added = super.restore(e)
    if (added) this.keep(e.localId)
    return added
  }

  override markDone(seq: number, now: string): void {
    super.markDone(seq, now)
    const localId = this.localIdOf(seq)
    if (localId) this.confirmed.add(localId)
  }

  override settleLazily<T>(fn: () => T): T {
    return super.settleLazily(() => {
      const result = fn()
      for (const localId of this.confirmed) this.keep(localId, true)
      this.confirmed.clear()
      return result
    })
  }

  /** Makes the journal hold what the cache holds now for every booking (at a healthy open). */
  keepAll(): void {
    const wanted = this.journalOfAll()
    const held = this.journal.markersByBooking()
    const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
      (a ?? []).length === (b ?? []).length && (a ?? []).every((m, i) => m === b?.[i])
    for (const localId of new Set([...wanted.keys(), ...held.keys()])) {
      const entries = wanted.get(localId) ?? []
      if (
        !same(
          entries.map((e) => e.marker),
          held.get(localId),
        )
      )
        this.journal.keep(localId, entries, bookingRowText(this.cacheDb, localId))
    }
  }

  /** With the cache: the journal is of no use without it. */
  closeJournal(): void {
    this.journal.close()
  }

  private keep(localId: string, lazy = false): void {
    this.journal.keep(localId, this.journalOf(localId), bookingRowText(this.cacheDb, localId), lazy)
  }
}
