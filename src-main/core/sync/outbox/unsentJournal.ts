import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '../../cache/sqlite'

/**
 * A second, separate record of the work this computer has not had confirmed: each open outbox entry
 * (its marker, operation, stored payload) and the booking it belongs to, in a small SQLite file beside
 * the entity's cache (`entity-N.unsent.sqlite`). It exists for one moment only: the cache file is found
 * emptied or damaged, and what the clerk saved must come back from somewhere else.
 *
 * It is written before the cache's own transaction commits (`JournaledOutbox`), durably (WAL,
 * synchronous=FULL), so whatever the clerk saw saved is here even if the cache lost it. A crash between
 * the two commits leaves an entry here that the cache lacks: the next healthy open drops it again
 * (`OutboxStore.journalOf` is the truth while the cache is sound); and an entry confirmed by the service
 * but still here is harmless, since a recovered entry is read back by its marker before anything is sent.
 */

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

  constructor(private readonly db: Sqlite) {
    this.any = db.prepare('SELECT 1 FROM unsent WHERE local_id = ? LIMIT 1')
    this.forget = db.prepare('DELETE FROM unsent WHERE local_id = ?')
    this.insert = db.prepare(
      'INSERT OR REPLACE INTO unsent (marker, local_id, op, payload, created_at, position) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.keepRow = db.prepare('INSERT OR REPLACE INTO booking_rows (local_id, row) VALUES (?, ?)')
    this.forgetRow = db.prepare('DELETE FROM booking_rows WHERE local_id = ?')
  }

  /**
   * Makes the journal hold exactly `entries` for one booking, with its row. `lazy` (a confirmation being
   * recorded): not waited onto the disk, since an entry left here by a lost write is only read back.
   */
  keep(localId: string, entries: readonly JournalEntry[], bookingRow: string | null, lazy = false): void {
    if (!entries.length && !this.any.get(localId)) return
    if (lazy) this.db.pragma('synchronous = NORMAL')
    try {
      this.db.transaction(() => {
        this.forget.run(localId)
        for (const e of entries) this.insert.run(e.marker, localId, e.op, e.payload, e.createdAt, e.position)
        if (entries.length && bookingRow !== null) this.keepRow.run(localId, bookingRow)
        else if (!entries.length) this.forgetRow.run(localId)
      })()
    } finally {
      if (lazy) this.db.pragma('synchronous = FULL')
    }
  }

  /** The markers kept, by booking: compared with the cache's at each open. */
  markersByBooking(): Map<string, string[]> {
    const byBooking = new Map<string, string[]>()
    for (const r of this.db.prepare('SELECT local_id, marker FROM unsent ORDER BY local_id, position').all() as {
      local_id: string
      marker: string
    }[]) {
      const list = byBooking.get(r.local_id) ?? []
      list.push(r.marker)
      byBooking.set(r.local_id, list)
    }
    return byBooking
  }

  contents(): JournalContents {
    const entries = (
      this.db.prepare('SELECT marker, local_id, op, payload, created_at, position FROM unsent ORDER BY position').all() as {
        marker: string
        local_id: string
        op: string
        payload: string
        created_at: string
        position: number
      }[]
    ).map((r) => ({ marker: r.marker, localId: r.local_id, op: r.op, payload: r.payload, createdAt: r.created_at, position: r.position }))
    const rows = this.db.prepare('SELECT local_id, row FROM booking_rows').all() as { local_id: string; row: string }[]
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
