import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { SandboxStore } from '@sandbox/store/sandboxStore'
import { checkBookingFacts } from './checkBookingFacts'

const count = (db: Sqlite, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

let store: SandboxStore
let other: SandboxStore
beforeAll(() => {
  store = SandboxStore.open(':memory:')
  other = SandboxStore.open(':memory:', { seed: 2 })
})
afterAll(() => {
  store.close()
  other.close()
})

/** Per lot and agency, what the open bookings earmark. */
function earmarksOfOpenBookings(db: Sqlite): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT s.agency_from_id AS agency, m.lot_id AS lot, SUM(CAST(m.booked_quantity AS REAL)) AS q FROM movements m JOIN shipments s ON s.id = m.shipment_id
       WHERE s.shipped = 0 AND s.delivered = 0 AND s.voided = 0 AND s.returned = 0 GROUP BY 1, 2`,
    )
    .all() as { agency: number; lot: number; q: number }[]
  return new Map(rows.map((r) => [`${r.lot}@${r.agency}`, r.q]))
}

describe('the bookings seed', () => {
  for (const [name, open] of [
    ['seed 1', () => store],
    ['seed 2', () => other],
  ] as const) {
    it(`keeps earmarks consistent (${name}): booked per lot and agency is what the open bookings hold, and nothing is negative`, () => {
      const db = open().db
      const booked = db.prepare('SELECT lot_id, agency_id, booked FROM lot_stocks WHERE booked <> 0').all() as {
        lot_id: number
        agency_id: number
        booked: number
      }[]
      expect(new Map(booked.map((r) => [`${r.lot_id}@${r.agency_id}`, r.booked]))).toEqual(earmarksOfOpenBookings(db))
      expect(count(db, 'SELECT COUNT(*) FROM lot_stocks WHERE available < 0 OR booked < 0')).toBe(0)
      expect(db.pragma('foreign_key_check')).toEqual([])
    })
  }

  it('keeps every booking, request and line inside one entity, between two different agencies', () => {
    const db = store.db
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM transfer_requests r JOIN agencies a ON a.id IN (r.agency_from_id, r.agency_to_id) WHERE a.entity_id <> r.entity_id',
      ),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM transfer_requests WHERE agency_from_id = agency_to_id')).toBe(0)
    expect(
      count(db, 'SELECT COUNT(*) FROM transfer_request_lines l JOIN items i ON i.id = l.item_id WHERE i.entity_id <> l.entity_id'),
    ).toBe(0)
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM transfer_requests r WHERE NOT EXISTS (SELECT 1 FROM transfer_request_lines l WHERE l.transfer_request_id = r.id)',
      ),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM movements m JOIN lots l ON l.id = m.lot_id WHERE l.item_id <> m.item_id')).toBe(0)
    expect(
      count(db, 'SELECT COUNT(*) FROM shipments s WHERE movements_count <> (SELECT COUNT(*) FROM movements m WHERE m.shipment_id = s.id)'),
    ).toBe(0)
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM shipments s WHERE transfer_request_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transfer_requests r WHERE r.id = s.transfer_request_id AND r.booked = 1)',
      ),
    ).toBe(0)
    // Every seeded booking starts on or before its planned delivery.
    expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE planned_delivery < substr(created_at, 1, 10)')).toBe(0)
  })

  it('has pending, booked and voided requests, and open, in-transit and voided bookings in each entity', () => {
    const db = store.db
    for (const entity of [101, 102]) {
      expect(
        count(db, 'SELECT COUNT(*) FROM transfer_requests WHERE entity_id = ? AND voided = 0 AND booked = 0', entity),
      ).toBeGreaterThanOrEqual(3)
      expect(count(db, 'SELECT COUNT(*) FROM transfer_requests WHERE entity_id = ? AND booked = 1', entity)).toBeGreaterThanOrEqual(1)
      expect(count(db, 'SELECT COUNT(*) FROM transfer_requests WHERE entity_id = ? AND voided = 1', entity)).toBeGreaterThanOrEqual(1)
      expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE entity_id = ? AND shipped = 1 AND delivered = 0', entity)).toBe(3)
      expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE entity_id = ? AND voided = 1', entity)).toBe(1)
    }
  })
})

describe('bookingFacts', () => {
  for (const facts of Object.values(bookingFacts)) {
    it(`hold in entity ${facts.entityId} at seed 1`, () => checkBookingFacts(store.db, facts, true))
    it(`hold in entity ${facts.entityId} at seed 2, but for codes and lot ids`, () => checkBookingFacts(other.db, facts, false))
  }
})
