import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { entityMigrations } from '../cache/migrations'
import { openChecked } from '../cache/openChecked'
import { setAsidePath } from '../cache/setAside'
import type { Sqlite } from '@base/sqlite'
import type { DataNotices } from '../cache/dataNotices'
import { readDamagedOutbox } from '../sync/outbox/damagedOutbox'
import { JournaledOutbox } from '../sync/outbox/journaledOutbox'
import { recoverUnsent } from '../sync/outbox/outboxRecovery'
import { journalFileOf, unsentJournalMigrations, UnsentJournal } from '../sync/outbox/unsentJournal'

/**
 * The tables SQLite checks at every open: those that hold unsent work and what counts it. The catalogue's
 * are checked whole only after a read of them met damage (`markForWholeCheck`), and by doctor: a large catalogue
 * takes seconds to check, and a pull replaces it anyway.
 */
const UNSENT_WORK_TABLES = ['outbox', 'bookings', 'outbox_counts', 'unsent_booked', 'documents'] as const

/** Left beside a cache a read found damaged: whichever process opens it next checks it whole. */
const wholeCheckMark = (file: string) => `${file}.check-whole`

export function markForWholeCheck(file: string): void {
  writeFileSync(wholeCheckMark(file), '')
}

/**
 * Opens an entity's cache with its unsent journal. A sound cache makes the journal hold what its outbox
 * holds (an entry left there by a crash between the two commits goes). A damaged cache is set aside and
 * a fresh one takes its place, into which the unsent work comes back from the journal and from what can
 * still be read of the damaged file; so does a cache found missing while its journal still holds work.
 * The clerk is told either way.
 */
export function openEntityCache(file: string, now: Date, notices: DataNotices | null): { db: Sqlite; outbox: JournaledOutbox } {
  const journalFile = journalFileOf(file)
  const hadJournal = existsSync(journalFile)
  const wholeCheck = existsSync(wholeCheckMark(file))
  const opened = openChecked(file, entityMigrations, now, wholeCheck ? undefined : UNSENT_WORK_TABLES)
  if (wholeCheck) rmSync(wholeCheckMark(file), { force: true })
  let journalDb: Sqlite
  try {
    // A damaged journal is set aside like the cache; a sound cache fills the new one again below.
    journalDb = openChecked(journalFile, unsentJournalMigrations, now).db
  } catch (err) {
    opened.db.close()
    throw err
  }
  const journal = new UnsentJournal(journalDb, journalFile)
  const outbox = new JournaledOutbox(opened.db, journal)
  const held = journal.contents()
  if (opened.setAside || (opened.created && hadJournal && held.entries.length > 0)) {
    const damaged = opened.setAside
      ? readDamagedOutbox(opened.setAside.path)
      : { entries: [], bookings: new Map<string, string>(), openCounted: null }
    const { recovered, lost } = recoverUnsent(opened.db, outbox, held, damaged)
    // What could not be put back stays in a whole copy of the journal, beside the damaged file.
    if (lost > 0 && held.entries.length > 0) journal.copyTo(setAsidePath(journalFile, now))
    notices?.entity(opened.setAside?.path ?? null, opened.setAside?.found.damage ?? 'missing', recovered, lost, now)
  }
  opened.db.transaction(() => outbox.keepAll()).immediate()
  return { db: opened.db, outbox }
}
