import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { parsedJson } from '../cache/cacheDatabase'
import { damageOnDisk } from '../cache/fileDamage'
import { withScratchCopy } from '../cache/scratchCopy'
import { SET_ASIDE } from '../cache/setAside'
import { openSqlite, type Sqlite } from '@base/sqlite'

/**
 * Every SQLite file the core keeps under the data folder (caches, their unsent journals, the training
 * service's store); not the damaged files set aside (setAside.ts), which doctor lists apart.
 */
export function sqliteFilesUnder(dataDir: string): string[] {
  if (!existsSync(dataDir)) return []
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== SET_ASIDE) walk(path)
      } else if (entry.isFile() && /\.(sqlite|db)$/.test(entry.name)) found.push(path)
    }
  }
  walk(dataDir)
  return found.sort()
}

export interface OutboxRow {
  seq: number
  op: string
  state: string
  attempts: number
  errorCode: string | null
  createdAt: string
  sentAt: string | null
  nextAttemptAt: string | null
}

export interface EntityOutbox {
  /** The file, relative to the data folder: which account and entity it belongs to, without naming the user. */
  file: string
  rows: OutboxRow[]
  /** Business data: the queued payloads and the bookings. Read only when the user asks for it. */
  data?: { outboxPayloads: { seq: number; payload: unknown }[]; bookings: unknown[] }
}

const cannotOpenHere = (err: unknown) => /^SQLITE_(CANTOPEN|READONLY|IOERR)/.test(String((err as { code?: unknown }).code ?? ''))

/**
 * Reads a database without writing to it or beside it. In a folder it may not write to, where SQLite
 * cannot make the shared-memory file a write-ahead log needs, a copy in a temporary folder is read.
 */
export function readDatabase<T>(file: string, read: (db: Sqlite) => T): T {
  let db: Sqlite
  try {
    db = openSqlite(file, { readonly: true })
  } catch (err) {
    if (!cannotOpenHere(err)) throw err
    return readCopy(file, read)
  }
  try {
    return read(db)
  } catch (err) {
    if (!cannotOpenHere(err)) throw err
    db.close()
    return readCopy(file, read)
  } finally {
    if (db.open) db.close()
  }
}

function readCopy<T>(file: string, read: (db: Sqlite) => T): T {
  return withScratchCopy(file, (copy) => {
    const db = openSqlite(copy, { readonly: false })
    try {
      return read(db)
    } finally {
      db.close()
    }
  })
}

function hasTable(db: Sqlite, name: string): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)
}

/** Only the code of a stored refusal: doctor names it whatever else the stored text holds. */
const storedCode = z.object({ code: z.string() })

function errorCodeOf(lastError: string | null): string | null {
  if (!lastError) return null
  return storedCode.safeParse(parsedJson(lastError)).data?.code ?? 'unreadable'
}

/**
 * The outbox of every entity cache, read-only: metadata (sequence, kind, state,
 * attempts, timestamps, error code) and, only with `includeData`, the payloads.
 */
export function readOutboxes(dataDir: string, includeData = false): EntityOutbox[] {
  const result: EntityOutbox[] = []
  for (const file of sqliteFilesUnder(dataDir).filter((f) => /entity-\d+\.sqlite$/.test(f))) {
    // A damaged file is named by the cache check and left as it is (an open would add its log files beside it).
    if (damageOnDisk(file)) continue
    try {
      const entry = readDatabase(file, (db) => readOutbox(db, relative(dataDir, file), includeData))
      if (entry) result.push(entry)
    } catch {
      // A damaged file: the cache check names it; its outbox is recovered when the app opens it.
    }
  }
  return result
}

/** An outbox row as doctor reads it, of a cache this version may not have migrated. */
interface StoredEntryRow {
  seq: number
  op: string
  state: string
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
  next_attempt_at: string | null
  payload: string
}

function readOutbox(db: Sqlite, file: string, includeData: boolean): EntityOutbox | null {
  if (!hasTable(db, 'outbox')) return null
  const raw = db
    .prepare<[], StoredEntryRow>(
      'SELECT seq, op, state, attempts, last_error, created_at, sent_at, next_attempt_at, payload FROM outbox ORDER BY seq',
    )
    .all()
  const entry: EntityOutbox = {
    file,
    rows: raw.map((r) => ({
      seq: r.seq,
      op: r.op,
      state: r.state,
      attempts: r.attempts,
      errorCode: errorCodeOf(r.last_error),
      createdAt: r.created_at,
      sentAt: r.sent_at,
      nextAttemptAt: r.next_attempt_at,
    })),
  }
  if (includeData) {
    entry.data = {
      outboxPayloads: raw.map((r) => ({ seq: r.seq, payload: safeJson(r.payload) })),
      bookings: hasTable(db, 'bookings') ? db.prepare('SELECT * FROM bookings').all() : [],
    }
  }
  return entry
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
