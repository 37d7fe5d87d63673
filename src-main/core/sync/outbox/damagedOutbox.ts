import Database from 'better-sqlite3'
import { withScratchCopy } from '../../cache/scratchCopy'
import type { JournalEntry } from './unsentJournal'

/** What could be read of a damaged cache's outbox: its entries (any state) and the rows of their bookings. */
export interface DamagedOutbox {
  entries: (JournalEntry & { state: string; attempts: number })[]
  bookings: Map<string, string>
  /** How many open entries the outbox's own counts said it held, when they could be read. */
  openCounted: number | null
}

const nothing = (): DamagedOutbox => ({ entries: [], bookings: new Map(), openCounted: null })

/** Row by row, each read on its own: a damaged page costs the rows on it, not the rest. */
const MAX_GAP = 2000

/**
 * Reads what it can of the outbox of a set-aside cache file. The file is left whole: a copy (with its
 * write-ahead log) in a temporary folder is read, so SQLite's own log replay never changes the kept file.
 * A scan stopped by a damaged page goes on entry by entry from the next sequence number; a booking row
 * that cannot be read is left out (its entries then come back only through the journal).
 */
export function readDamagedOutbox(file: string): DamagedOutbox {
  return withScratchCopy(file, (copy) => {
    let db: Database.Database
    try {
      db = new Database(copy, { fileMustExist: true })
    } catch {
      return nothing()
    }
    try {
      return readFrom(db)
    } finally {
      db.close()
    }
  })
}

type Row = {
  seq: number
  local_id: string
  op: string
  payload: string
  marker: string
  state: string
  attempts: number
  created_at: string
}

function readFrom(db: Database.Database): DamagedOutbox {
  const found = nothing()
  const attempt = <T>(fn: () => T): T | null => {
    try {
      return fn()
    } catch {
      return null
    }
  }
  found.openCounted = attempt(
    () => db.prepare<[], number | null>("SELECT SUM(n) FROM outbox_counts WHERE state != 'done'").pluck().get() ?? 0,
  )
  const last = attempt(() => db.prepare<[], number>("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").pluck().get() ?? 0)
  const one = attempt(() =>
    db.prepare<[number], Row>('SELECT seq, local_id, op, payload, marker, state, attempts, created_at FROM outbox WHERE seq = ?'),
  )
  const scan = attempt(() =>
    db.prepare<[number], Row>(
      'SELECT seq, local_id, op, payload, marker, state, attempts, created_at FROM outbox WHERE seq > ? ORDER BY seq',
    ),
  )
  if (!one || !scan) return found
  const rows: Row[] = []
  let next = 0
  let gap = 0
  // A scan as far as it reads; past a page that fails, one sequence number at a time up to the last one given out.
  while (gap < MAX_GAP) {
    try {
      for (const row of scan.iterate(next)) {
        rows.push(row)
        next = row.seq
        gap = 0
      }
      break
    } catch {
      next++
      gap++
      const row = attempt(() => one.get(next))
      if (row) rows.push(row)
      if (last !== null && next >= last) break
    }
  }
  const bookingRow = attempt(() => db.prepare<[string], unknown>('SELECT * FROM bookings WHERE local_id = ?'))
  for (const r of rows) {
    if (typeof r.marker !== 'string' || typeof r.payload !== 'string' || typeof r.local_id !== 'string') continue
    found.entries.push({
      marker: r.marker,
      localId: r.local_id,
      op: r.op,
      payload: r.payload,
      createdAt: r.created_at,
      position: r.seq,
      state: r.state,
      attempts: r.attempts,
    })
    if (bookingRow && !found.bookings.has(r.local_id)) {
      const b = attempt(() => bookingRow.get(r.local_id))
      if (b) found.bookings.set(r.local_id, JSON.stringify(b))
    }
  }
  return found
}
