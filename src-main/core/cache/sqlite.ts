import Database from 'better-sqlite3'

export type Sqlite = Database.Database

let nativeBinding: string | undefined

/**
 * better-sqlite3 is compiled for Node's ABI; under Electron the adapter points
 * this at the separate Electron build before anything opens a database.
 */
export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path
}

/** Opens a database the way every file of ours is opened: durable before fast. */
export function openSqlite(file: string, opts: { readonly?: boolean } = {}): Sqlite {
  const db = new Database(file, { nativeBinding, readonly: opts.readonly ?? false })
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
  }
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}
