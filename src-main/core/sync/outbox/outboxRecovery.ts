import { outboxOp } from '@shared/bookings'
import { parseBookingRow, restoreBookingRow, type StoredBookingRow } from '../../cache/storedBookingRow'
import type { Sqlite } from '@base/sqlite'
import type { DamagedOutbox } from './damagedOutbox'
import type { OutboxStore } from './outboxStore'
import type { JournalContents, JournalEntry } from './unsentJournal'

export interface Recovered {
  /** Bookings whose unsent work is back in the outbox. */
  recovered: number
  /** Bookings (or, where the damaged file counted more than could be read, entries) known lost. */
  lost: number
}

type Carried = JournalEntry & { attempts: number }

/**
 * Puts the unsent work of a damaged cache into its fresh successor: every entry the journal kept, and
 * every open entry still readable in the damaged file, by marker (the journal's copy first: it was
 * written last). Each comes back as 'unknown', so it is read back from the service by its marker before
 * anything is sent. A booking whose row cannot be found, or whose change has no booking on the service
 * to apply to, is counted lost rather than put back half.
 */
export function recoverUnsent(db: Sqlite, outbox: OutboxStore, journal: JournalContents, damaged: DamagedOutbox): Recovered {
  const byMarker = new Map<string, Carried>()
  const confirmed = new Set(damaged.entries.filter((e) => e.state === 'done').map((e) => e.marker))
  // Open entries of the damaged file, and a confirmed create of a booking with open ones (as the journal keeps it).
  const openBookings = new Set(damaged.entries.filter((e) => e.state !== 'done').map((e) => e.localId))
  for (const e of damaged.entries)
    if (e.state !== 'done' || (e.op === 'create' && openBookings.has(e.localId))) byMarker.set(e.marker, { ...e, attempts: e.attempts })
  for (const e of journal.entries) {
    // The journal may still hold an entry the readable file shows confirmed and alone: it is done.
    if (confirmed.has(e.marker) && !openBookings.has(e.localId)) continue
    byMarker.set(e.marker, { ...e, attempts: byMarker.get(e.marker)?.attempts ?? 1 })
  }
  const byBooking = new Map<string, Carried[]>()
  for (const e of [...byMarker.values()].sort((a, b) => a.position - b.position))
    byBooking.set(e.localId, [...(byBooking.get(e.localId) ?? []), e])

  let recovered = 0
  let lost = 0
  for (const [localId, entries] of byBooking) {
    const row = newer(parseBookingRow(damaged.bookings.get(localId)), parseBookingRow(journal.bookings.get(localId)))
    const ops = entries.map((e) => outboxOp.safeParse(e.op).data)
    // A change of a booking the service has needs its number (or its create, to find it by marker).
    if (!row || ops.some((op) => op === undefined) || (row.service_id === null && entries[0]!.op !== 'create')) {
      lost++
      continue
    }
    db.transaction(() => {
      const here = restoreBookingRow(db, row)
      entries.forEach((e, i) => outbox.restore({ ...e, localId: here, op: ops[i]! }))
    }).immediate()
    recovered++
  }
  // The damaged file counted more open entries than anyone could read: those are lost too.
  const openBack = [...byMarker.values()].filter((e) => !confirmed.has(e.marker)).length
  if (damaged.openCounted !== null && damaged.openCounted > openBack) lost += damaged.openCounted - openBack
  return { recovered, lost }
}

/** Of two copies of a booking's row, the one changed last (the damaged file's on a tie: it is the cache's own). */
function newer(fromFile: StoredBookingRow | null, fromJournal: StoredBookingRow | null): StoredBookingRow | null {
  if (!fromFile || !fromJournal) return fromFile ?? fromJournal
  return fromJournal.updated_at > fromFile.updated_at ? fromJournal : fromFile
}
