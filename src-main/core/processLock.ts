import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { openBareSqlite, type Sqlite } from '@base/sqlite'

/**
 * A lock that one process on this computer holds at a time, whichever of the app, the browser host and the CLI
 * it is (pushLock.ts, pullLock.ts name what each guards).
 *
 * The lock is an SQLite file of its own, empty, held by an open `BEGIN IMMEDIATE` transaction with a
 * busy timeout of 0. SQLite takes it with an OS lock (fcntl on POSIX, LockFileEx on Windows): it cannot
 * be taken from a live holder however long it stalls, the OS drops it when the holder dies (SIGKILL,
 * power cut, reboot), and SQLite itself makes a second connection in the same process see it. A pid
 * file cannot give both (a reused pid looks alive, a stalled owner looks dead, and judging and taking
 * over are two steps), nor can an mtime lease (proper-lockfile), which is stolen from a stalled owner.
 * A lock's name stays out of the caches' `*.sqlite` pattern so the doctor and the outbox census pass it by.
 * Nothing in this process may open it by other means (fs): on POSIX, closing any descriptor of a file drops
 * the process's locks on it.
 */
export function tryLock(file: string): (() => void) | null {
  const db = take(file, 0)
  return db && (() => release(db))
}

/**
 * Takes the lock, trying again every so often until `waitMs` have passed; null if it stayed taken, or
 * once `signal` is aborted.
 */
export async function waitForLock(
  file: string,
  waitMs: number,
  { everyMs = 100, signal }: { everyMs?: number; signal?: AbortSignal } = {},
): Promise<(() => void) | null> {
  const until = Date.now() + waitMs
  for (;;) {
    if (signal?.aborted) return null
    const release = tryLock(file)
    if (release || Date.now() >= until) return release
    await new Promise((r) => setTimeout(r, Math.min(everyMs, Math.max(0, until - Date.now()))))
  }
}

/**
 * `fn` while holding the lock, for a change of a few milliseconds. Waited for synchronously, up to `waitMs` (SQLite's
 * busy handler sleeps between tries); a holder that stalls longer (a process stopped mid-change) is not waited for
 * further, and `fn` runs without it, as it did before there was a lock.
 */
export function whileLocked<T>(file: string, waitMs: number, fn: () => T): T {
  const db = take(file, waitMs)
  try {
    return fn()
  } finally {
    if (db) release(db)
  }
}

/** The lock's connection, holding it; null (closed) if another held it for `busyMs` (0: not waited for). */
function take(file: string, busyMs: number): Sqlite | null {
  mkdirSync(dirname(file), { recursive: true })
  const db = openBareSqlite(file)
  try {
    if (busyMs > 0) db.pragma(`busy_timeout = ${busyMs}`)
    db.exec('BEGIN IMMEDIATE')
    return db
  } catch (err) {
    db.close()
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return null
    throw err
  }
}

function release(db: Sqlite): void {
  if (!db.open) return
  try {
    db.exec('ROLLBACK')
  } finally {
    db.close()
  }
}
