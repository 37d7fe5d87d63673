import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BookingStore } from '@core/cache/bookingStore'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// Migration 9 rebuilds the bookings table so a draft may wait for its destination: on a cache written
// before it, every booking, its waiting entries, the outbox's reference and the unsent figures survive.
const AT = '2026-11-24T10:00:00.000Z'

function insertAt8(db: ReturnType<typeof openMigrated>, localId: string, state: string, quantity: string) {
  db.prepare(
    `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport, lines, created_at, updated_at)
     VALUES (?, NULL, ?, 7, 8, '2026-12-01', ?, 1, ?, ?, ?)`,
  ).run(localId, state, `ref ${localId}`, JSON.stringify([{ item_id: 5, booked_quantity: quantity }]), AT, AT)
}

describe('a cache from before drafts without a destination', () => {
  it('keeps its bookings, their outbox entries and what they hold back, and then takes a draft with no destination', () => {
    const file = join(tempDirInTest('mostrador-draftdest-'), 'entity.sqlite')
    const old = openMigrated(file, entityMigrations.slice(0, 8))
    insertAt8(old, 'waiting', 'pending', '3')
    old
      .prepare(
        "INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES ('waiting', 'create', '{}', 'm-1', 'queued', ?)",
      )
      .run(AT)
    insertAt8(old, 'kept', 'draft', '9')
    old.close()

    const db = openMigrated(file, entityMigrations)
    const outbox = new OutboxStore(db)
    const bookings = new BookingStore(db, outbox)
    expect(bookings.list().map((b) => [b.localId, b.state, b.agencyToId, b.reference])).toEqual([
      ['waiting', 'pending', 8, 'ref waiting'],
      ['kept', 'draft', 8, 'ref kept'],
    ])
    expect(outbox.list().map((e) => [e.localId, e.op, e.state])).toEqual([['waiting', 'create', 'queued']])
    expect(outbox.unsentBooked(7, [5])).toEqual(new Map([[5, 3]]))
    // The outbox still refers to the bookings: an entry for no booking is refused.
    expect(() =>
      db
        .prepare(
          "INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES ('nobody', 'create', '{}', 'm-2', 'queued', ?)",
        )
        .run(AT),
    ).toThrow(/FOREIGN KEY/)

    bookings.insert(
      {
        localId: 'no-destination',
        agencyFromId: 7,
        agencyToId: null,
        plannedDelivery: '2026-12-02',
        reference: null,
        needsTransport: true,
        transferRequestId: null,
        lines: [{ itemId: 5, bookedQuantity: '1', lotId: null, serialNumber: null, reference: null, bundleId: null }],
        createdAt: AT,
      },
      'draft',
    )
    expect(bookings.list().find((b) => b.localId === 'no-destination')).toMatchObject({ state: 'draft', agencyToId: null })
    // The triggers came back with the table: a booking queued now holds its stock back.
    bookings.write(() => bookings.patch('kept', { state: 'pending' }, AT))
    expect(outbox.unsentBooked(7, [5])).toEqual(new Map([[5, 12]]))
    db.close()
  })
})
