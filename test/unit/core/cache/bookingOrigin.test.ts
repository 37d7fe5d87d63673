import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BookingStore } from '@core/cache/bookingStore'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// Migration 6 on a cache written by the schema before it: the bookings already there learn where they
// were made, from what the outbox remembers of them.
const AT = '2026-11-24T10:00:00.000Z'

function insertAt5(db: ReturnType<typeof openMigrated>, localId: string, state: string, serviceId: number | null) {
  db.prepare(
    `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport, lines, created_at, updated_at)
     VALUES (?, ?, ?, 7, 8, '2026-12-01', NULL, 1, '[]', ?, ?)`,
  ).run(localId, serviceId, state, AT, AT)
}

function entry(db: ReturnType<typeof openMigrated>, localId: string, op: string, state: string) {
  db.prepare("INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES (?, ?, '{}', ?, ?, ?)").run(
    localId,
    op,
    `m-${localId}-${op}`,
    state,
    AT,
  )
}

describe('where a booking was made, on a cache from before it was kept', () => {
  it('is here for what our outbox created or never sent, the service for what only a refresh brought', () => {
    const file = join(tempDirInTest('mostrador-origin-'), 'entity.sqlite')
    const old = openMigrated(file, entityMigrations.slice(0, 5))
    insertAt5(old, 'created-here', 'synced', 101)
    entry(old, 'created-here', 'create', 'done')
    insertAt5(old, 'waiting-here', 'pending', null)
    entry(old, 'waiting-here', 'create', 'queued')
    insertAt5(old, 'draft-here', 'draft', null)
    insertAt5(old, 'read-by-refresh', 'synced', 102)
    // Made elsewhere, shipped from here: the ship went through our outbox, the booking is still theirs.
    insertAt5(old, 'shipped-here', 'pending', 103)
    entry(old, 'shipped-here', 'ship', 'queued')
    old.close()

    const db = openMigrated(file, entityMigrations)
    const outbox = new OutboxStore(db)
    const origins = Object.fromEntries(new BookingStore(db, outbox).list().map((b) => [b.localId, b.origin]))
    expect(origins).toEqual({
      'created-here': 'here',
      'waiting-here': 'here',
      'draft-here': 'here',
      'read-by-refresh': 'service',
      'shipped-here': 'service',
    })
    expect(outbox.list().map((e) => [e.localId, e.origin])).toEqual([
      ['waiting-here', 'here'],
      ['shipped-here', 'service'],
    ])
    db.close()
  })
})
