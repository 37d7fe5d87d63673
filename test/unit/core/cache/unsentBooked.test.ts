import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BookingStore } from '@core/cache/bookingStore'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { OutboxStore } from '@core/sync/outbox/outboxStore'
import { tempDirInTest } from '../../../support/tempDir'

// What this computer booked and the service has not confirmed, kept per agency and item by the
// triggers of migration 5: right after an upgrade, and exact through edits of decimal quantities.
const fresh = () => join(tempDirInTest('mostrador-unsent-'), 'entity.sqlite')
const AT = '2026-11-24T10:00:00.000Z'

function insertAt4(
  db: ReturnType<typeof openMigrated>,
  localId: string,
  fields: { state: string; serviceId?: number; lines: { item_id: number; booked_quantity: string }[] },
) {
  db.prepare(
    `INSERT INTO bookings (local_id, service_id, state, agency_from_id, agency_to_id, planned_delivery, reference, needs_transport, lines, created_at, updated_at)
     VALUES (?, ?, ?, 7, 8, '2026-12-01', NULL, 1, ?, ?, ?)`,
  ).run(localId, fields.serviceId ?? null, fields.state, JSON.stringify(fields.lines), AT, AT)
}

describe('unsent quantities per agency and item', () => {
  it('are filled from the bookings already waiting when a cache from before them is opened', () => {
    const file = fresh()
    const old = openMigrated(file, entityMigrations.slice(0, 4))
    insertAt4(old, 'a', {
      state: 'pending',
      lines: [
        { item_id: 1, booked_quantity: '2' },
        { item_id: 1, booked_quantity: '0.5' },
        { item_id: 2, booked_quantity: '1' },
      ],
    })
    insertAt4(old, 'synced', { state: 'synced', serviceId: 99, lines: [{ item_id: 1, booked_quantity: '40' }] })
    insertAt4(old, 'draft', { state: 'draft', lines: [{ item_id: 1, booked_quantity: '30' }] })
    old.close()
    const db = openMigrated(file, entityMigrations)
    const outbox = new OutboxStore(db)
    expect(outbox.unsentBooked(7, [1, 2, 3])).toEqual(
      new Map([
        [1, 2.5],
        [2, 1],
      ]),
    )
    expect(outbox.unsentBooked(8, [1])).toEqual(new Map())
    db.close()
  })

  it('follow every change of a booking in its own transaction, and leave no drift from decimal quantities', () => {
    const db = openMigrated(fresh(), entityMigrations)
    const outbox = new OutboxStore(db)
    const bookings = new BookingStore(db, outbox)
    const line = (q: string) => [{ itemId: 5, bookedQuantity: q, lotId: null, serialNumber: null, reference: null, bundleId: null }]
    const base = {
      agencyFromId: 7,
      agencyToId: 8,
      plannedDelivery: '2026-12-01',
      reference: null,
      needsTransport: true,
      transferRequestId: null,
      createdAt: AT,
    }
    bookings.write(() => {
      bookings.insert({ localId: 'x', ...base, lines: line('0.1') })
      outbox.enqueue('x', 'create', {}, 'm-x', AT)
    })
    bookings.insert({ localId: 'y', ...base, lines: line('0.2') })
    expect(outbox.unsentBooked(7, [5]).get(5)).toBeCloseTo(0.3, 12)
    bookings.patch('x', { lines: line('1.7') }, AT)
    expect(outbox.unsentBooked(7, [5]).get(5)).toBe(1.9)
    // Confirmed by the service: it no longer weighs on what is left here.
    bookings.patch('y', { serviceId: 12, state: 'synced' }, AT)
    expect(outbox.unsentBooked(7, [5]).get(5)).toBe(1.7)
    bookings.removeBooking('x')
    expect(outbox.unsentBooked(7, [5])).toEqual(new Map())
    // A draft weighs only once submitted.
    bookings.insert({ localId: 'z', ...base, lines: line('3') }, 'draft')
    expect(outbox.unsentBooked(7, [5])).toEqual(new Map())
    bookings.patch('z', { state: 'pending' }, AT)
    expect(outbox.unsentBooked(7, [5]).get(5)).toBe(3)
    db.close()
  })
})

describe('the outbox counts kept by its triggers', () => {
  it('match the entries counted one by one through every move of an entry, and after an upgrade', () => {
    const file = fresh()
    const old = openMigrated(file, entityMigrations.slice(0, 4))
    insertAt4(old, 'a', { state: 'pending', lines: [{ item_id: 1, booked_quantity: '1' }] })
    old
      .prepare("INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES ('a', 'create', '{}', 'm-old', 'failed', ?)")
      .run(AT)
    old.close()
    const db = openMigrated(file, entityMigrations)
    const outbox = new OutboxStore(db)
    const same = () => expect(outbox.counts()).toEqual(outbox.countedByScan())
    same()
    expect(outbox.counts().failed).toBe(1)
    const seqs = [1, 2, 3, 4].map((n) => outbox.enqueue('a', 'update', {}, `m-${n}`, AT))
    same()
    outbox.markSending(seqs[0]!, AT)
    same()
    outbox.markDone(seqs[0]!, AT)
    outbox.markWaiting(seqs[1]!, 'unknown', null, AT)
    outbox.markConflict(seqs[2]!, { code: 'conflict', message: 'changed' } as never)
    outbox.markHeld(seqs[3]!, { code: 'needs_decision', message: 'compare' } as never, [])
    same()
    expect(outbox.counts()).toEqual({ queued: 0, sending: 0, unknown: 1, held: 1, failed: 1, conflict: 1 })
    outbox.dropFrom('a', seqs[1]!)
    outbox.prune('9999')
    same()
    expect(outbox.counts()).toEqual({ queued: 0, sending: 0, unknown: 0, held: 0, failed: 1, conflict: 0 })
    db.close()
  })
})
