import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commitUnsynced, openSqlite, type Sqlite } from '@base/sqlite'
import { BookingStore } from '@core/cache/bookingStore'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// The entity's cache has more than one writer: the full pull's thread stages the catalogue on a connection of its
// own while the counter saves bookings, and a second Mostrador may have the file open. A transaction begun as a
// reader and turned writer after another connection committed cannot go on (SQLite's "database is locked", no wait
// helps): a clerk's save failed so while a pull ran. Every write takes the file at its start, and waits for it.
const opened: Sqlite[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

function twoConnections(): { db: Sqlite; other: Sqlite } {
  const file = join(tempDirInTest('mostrador-locks-'), 'entity.sqlite')
  const db = openMigrated(file, entityMigrations)
  const other = openSqlite(file)
  other.pragma('busy_timeout = 0')
  opened.push(db, other)
  return { db, other }
}

/** What another connection's write meets while `inside` runs, after a read of the same transaction. */
function otherWriterDuring(db: Sqlite, other: Sqlite, write: (inside: () => void) => void): string {
  let met = ''
  write(() => {
    db.prepare('SELECT count(*) FROM bookings').get()
    try {
      other.exec('CREATE TABLE IF NOT EXISTS elsewhere (x)')
      met = 'wrote'
    } catch (err) {
      met = (err as { code: string }).code
    }
    db.prepare("INSERT INTO documents (key, value, updated_at) VALUES ('k', '{}', 'now')").run()
  })
  return met
}

describe('a write of the entity cache beside another writer', () => {
  it('a booking’s write holds the file from its first read, and goes through', () => {
    const { db, other } = twoConnections()
    const store = new BookingStore(db, new OutboxStore(db))
    expect(otherWriterDuring(db, other, (inside) => store.write(inside))).toBe('SQLITE_BUSY')
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1)
  })

  it('so does a commit that does not wait for the disk (the outbox settling a push)', () => {
    const { db, other } = twoConnections()
    expect(otherWriterDuring(db, other, (inside) => commitUnsynced(db, inside))).toBe('SQLITE_BUSY')
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1)
  })
})
