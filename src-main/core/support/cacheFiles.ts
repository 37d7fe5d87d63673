import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { openSqlite } from '../cache/sqlite'

/** Every SQLite file the core keeps under the data folder (caches, the training service's store). */
export function sqliteFilesUnder(dataDir: string): string[] {
  if (!existsSync(dataDir)) return []
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile() && /\.(sqlite|db)$/.test(entry.name)) found.push(path)
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

function hasTable(db: ReturnType<typeof openSqlite>, name: string): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)
}

function errorCodeOf(lastError: string | null): string | null {
  if (!lastError) return null
  try {
    const code = (JSON.parse(lastError) as { code?: unknown }).code
    return typeof code === 'string' ? code : 'unreadable'
  } catch {
    return 'unreadable'
  }
}

/**
 * The outbox of every entity cache, read-only: metadata (sequence, kind, state,
 * attempts, timestamps, error code) and, only with `includeData`, the payloads.
 */
export function readOutboxes(dataDir: string, includeData = false): EntityOutbox[] {
  const result: EntityOutbox[] = []
  for (const file of sqliteFilesUnder(dataDir).filter((f) => /entity-\d+\.sqlite$/.test(f))) {
    const db = openSqlite(file, { readonly: true })
    try {
      if (!hasTable(db, 'outbox')) continue
      const raw = db
        .prepare('SELECT seq, op, state, attempts, last_error, created_at, sent_at, next_attempt_at, payload FROM outbox ORDER BY seq')
        .all() as {
        seq: number
        op: string
        state: string
        attempts: number
        last_error: string | null
        created_at: string
        sent_at: string | null
        next_attempt_at: string | null
        payload: string
      }[]
      const entry: EntityOutbox = {
        file: relative(dataDir, file),
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
      result.push(entry)
    } finally {
      db.close()
    }
  }
  return result
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
