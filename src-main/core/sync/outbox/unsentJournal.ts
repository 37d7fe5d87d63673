import { open } from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'
import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '@base/sqlite'

/**
 * A second, separate record of the work this computer has not had confirmed: each open outbox entry
 * (its marker, operation, stored payload) and the booking it belongs to, in a small SQLite file beside
 * the entity's cache (`entity-N.unsent.sqlite`). It exists for one moment only: the cache file is found
 * emptied or damaged, and what the clerk saved must come back from somewhere else.
 *
 * It is written before the cache's own transaction commits (`JournaledOutbox`): a crash between the
 * two commits leaves an entry here that the cache lacks, never the other way round, and the next sound
 * open drops it again (the cache is the truth while it reads); an entry confirmed by the service but
 * still here is harmless, since a recovered entry is read back by its marker before anything is sent.
 *
 * Its log is not synced inside the clerk's save (synchronous=NORMAL): the save is already durable in the
 * cache (WAL, synchronous=FULL), and a second sync there doubled a save's time (3.4 → 6.1 ms at p50,
 * measured interleaved on the same disk). Instead an fdatasync of the journal's log follows each write
 * within a tenth of a second, on libuv's thread pool, off the clerk's path (a burst of saves shares one):
 * only a power cut within that moment that also destroys the cache could lose the journal's copy.
 */

/** How long after a write the journal's log is synced: the saves of a burst share one sync. */
const SYNC_AFTER_MS = 100

export interface JournalEntry {
  marker: string
  localId: string
  op: string
  /** The stored payload as the outbox keeps it (JSON text). */
  payload: string
  createdAt: string
  /** Its order within the booking (the cache's sequence when it was kept). */
  position: number
}

/** A row of `unsent`, as its columns name it. */
interface UnsentRow {
  marker: string
  local_id: string
  op: string
  payload: string
  created_at: string
  position: number
}

export interface JournalContents {
  entries: JournalEntry[]
  /** Each booking's row as the cache held it when its entries were last kept (JSON text, column names). */
  bookings: Map<string, string>
}

export const unsentJournalMigrations: readonly string[] = [
  `CREATE TABLE unsent (
     marker TEXT PRIMARY KEY, local_id TEXT NOT NULL, op TEXT NOT NULL, payload TEXT NOT NULL,
     created_at TEXT NOT NULL, position INTEGER NOT NULL);
   CREATE INDEX unsent_booking ON unsent (local_id, position);
   CREATE TABLE booking_rows (local_id TEXT PRIMARY KEY, row TEXT NOT NULL);`,
]

/** The journal file of an entity cache. */
export function journalFileOf(cacheFile: string): string {
  return cacheFile.replace(/\.sqlite$/, '.unsent.sqlite')
}

/** Opened (and checked like the cache) by `openEntityCache`, migrated with `unsentJournalMigrations`. */
export class UnsentJournal {
  /** Prepared once: every save of the counter runs them. */
  private readonly any: Statement
  private readonly forget: Statement
  private readonly insert: Statement
  private readonly keepRow: Statement
  private readonly forgetRow: Statement

  /** The sync of the log under way, and whether another write came since it started. */
  private syncing: Promise<void> | null = null
  private again = false

  constructor(
    private readonly db: Sqlite,
    private readonly file: string,
  ) {
    db.pragma('synchronous = NORMAL')
    this.any = db.prepare('SELECT 1 FROM unsent WHERE local_id = ? LIMIT 1')
    this.forget = db.prepare('DELETE FROM unsent WHERE local_id = ?')
    this.insert = db.prepare(
      'INSERT OR REPLACE INTO unsent (marker, local_id, op, payload, created_at, position) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.keepRow = db.prepare('INSERT OR REPLACE INTO booking_rows (local_id, row) VALUES (?, ?)')
    this.forgetRow = db.prepare('DELETE FROM booking_rows WHERE local_id = ?')
  }

  /**
   * Makes the journal hold exactly `entries` for one booking, with its row, and has it synced to the disk
   * at once off the main thread. `lazy` (a confirmation being recorded): left to the next sync, since an
   * entry left here by a lost write is only read back.
   */
  keep(localId: string, entries: readonly JournalEntry[], bookingRow: string | null, lazy = false): void {
    if (!entries.length && !this.any.get(localId)) return
    this.db
      .transaction(() => {
        this.forget.run(localId)
        for (const e of entries) this.insert.run(e.marker, localId, e.op, e.payload, e.createdAt, e.position)
        if (entries.length && bookingRow !== null) this.keepRow.run(localId, bookingRow)
        else if (!entries.length) this.forgetRow.run(localId)
      })
      .immediate()
    if (!lazy) this.syncSoon()
  }

  /** Resolves once every write so far is on the disk (tests; a close syncs by itself). */
  async synced(): Promise<void> {
    while (this.syncing) await this.syncing
  }

  private syncSoon(): void {
    if (this.syncing) {
      this.again = true
      return
    }
    // A moment's wait gathers a burst of saves into one sync, which then does not compete with each save's own.
    // It holds no process open: a close checkpoints the log with a sync of its own.
    this.syncing = delay(SYNC_AFTER_MS, undefined, { ref: false })
      .then(() => this.syncLog())
      .finally(() => {
        this.syncing = null
        if (this.again) {
          this.again = false
          this.syncSoon()
        }
      })
  }

  /** fdatasync of the write-ahead log, as synchronous=FULL would do at the commit; a log already gone was checkpointed. */
  private async syncLog(): Promise<void> {
    const log = await open(`${this.file}-wal`, 'r+').catch(() => null)
    if (!log) return
    try {
      await log.datasync()
    } catch {
      // The next write syncs again; the cache holds the save meanwhile.
    } finally {
      await log.close()
    }
  }

  /** The markers kept, by booking: compared with the cache's at each open. */
  markersByBooking(): Map<string, string[]> {
    const byBooking = new Map<string, string[]>()
    const rows = this.db
      .prepare<[], { local_id: string; marker: string }>('SELECT local_id, marker FROM unsent ORDER BY local_id, position')
      .all()
    for (const r of rows) {
      const list = byBooking.get(r.local_id) ?? []
      list.push(r.marker)
      byBooking.set(r.local_id, list)
    }
    return byBooking
  }

  contents(): JournalContents {
    const entries = this.db
      .prepare<[], UnsentRow>('SELECT marker, local_id, op, payload, created_at, position FROM unsent ORDER BY position')
      .all()
      .map((r) => ({ marker: r.marker, localId: r.local_id, op: r.op, payload: r.payload, createdAt: r.created_at, position: r.position }))
    const rows = this.db.prepare<[], { local_id: string; row: string }>('SELECT local_id, row FROM booking_rows').all()
    return { entries, bookings: new Map(rows.map((r) => [r.local_id, r.row])) }
  }

  /** A whole copy, kept beside a damaged cache when some of what the journal held could not be put back. */
  copyTo(file: string): void {
    this.db.prepare('VACUUM INTO ?').run(file)
  }

  close(): void {
    this.db.close()
  }
}
