import Database from 'better-sqlite3'

export type Sqlite = Database.Database

let nativeBinding: string | undefined
let observer: ((sql: string) => void) | undefined

/**
 * A test seam: every SQL statement run by a database opened after this call is told to `fn`
 * (through better-sqlite3's `verbose`), so a test can count what a request costs. Undefined stops it.
 */
export function observeStatements(fn: ((sql: string) => void) | undefined): void {
  observer = fn
}

/**
 * better-sqlite3 is compiled for Node's ABI; under Electron the adapter points
 * this at the separate Electron build before anything opens a database.
 */
export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path
}

/** The build set by useNativeBinding, for a worker thread that opens a database of its own. */
export function nativeBindingInUse(): string | undefined {
  return nativeBinding
}

/** Opens a database the way every file of ours is opened: durable before fast. */
export function openSqlite(file: string, opts: { readonly?: boolean } = {}): Sqlite {
  const db = new Database(file, {
    nativeBinding,
    readonly: opts.readonly ?? false,
    ...(observer ? { verbose: (sql: unknown) => observer?.(String(sql)) } : {}),
  })
  if (!opts.readonly) {
    // WAL: a commit is one append to the log (readers never wait for it). FULL: in WAL mode that append is
    // synced before the commit returns, so what the clerk saw saved survives a power cut; NORMAL would
    // sync only at checkpoints and may lose the last commits. The unsent journal keeps a second copy of the
    // unsent work for when this file is lost or damaged (core/sync/outbox/unsentJournal.ts says how it syncs).
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
  }
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}

/**
 * `fn` in one transaction whose commit does not wait for the disk (synchronous=NORMAL for it alone, FULL again
 * after): in WAL mode a power cut can lose that commit, never the file or a commit before it, and the next FULL
 * commit syncs it with its own. For writes that are safe to lose; never for one that must be on disk first.
 */
export function commitUnsynced<T>(db: Sqlite, fn: () => T): T {
  db.pragma('synchronous = NORMAL')
  try {
    return db.transaction(fn).immediate()
  } finally {
    db.pragma('synchronous = FULL')
  }
}

/**
 * `run` while this connection leaves the log's checkpoints to another (wal_autocheckpoint off, SQLite's default of
 * 1,000 pages again after). Whichever connection commits past that many pages copies them into the file and syncs it
 * before its commit returns: during a pull, that was a clerk's save now and then, waiting for the pull's pages.
 */
export async function leavingCheckpoints<T>(db: Sqlite, run: () => Promise<T>): Promise<T> {
  db.pragma('wal_autocheckpoint = 0')
  try {
    return await run()
  } finally {
    // Closed meanwhile (the session ended under the pull): nothing to restore, and the pull's own outcome stands.
    if (db.open) db.pragma('wal_autocheckpoint = 1000')
  }
}

/**
 * A connection with none of the settings above, on the same native build: for a file that holds no
 * data and is opened only for its lock (sync/pushLock.ts). Busy at once: whoever holds it is not waited for.
 */
export function openBareSqlite(file: string): Sqlite {
  return new Database(file, { nativeBinding, timeout: 0 })
}
