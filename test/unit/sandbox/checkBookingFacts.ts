import { expect } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import type { EntityBookingFacts } from '@sandbox/seed/bookingFacts'

const count = (db: Sqlite, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

/**
 * Checks an entity's bookingFacts against a seeded store (the unit seed test
 * at both seeds, the large-scale test at the large scale). Codes and lot ids
 * are only promised at seed 1.
 */
export function checkBookingFacts(db: Sqlite, facts: EntityBookingFacts, atSeedOne: boolean): void {
  const stock = (lot: number, agency: number) =>
    db.prepare('SELECT available, booked FROM lot_stocks WHERE lot_id = ? AND agency_id = ?').get(lot, agency)
  const lotsOf = (item: number) =>
    db.prepare('SELECT id FROM lots WHERE item_id = ? ORDER BY expires IS NULL, expires, id').pluck().all(item) as number[]
  const agency = (id: number) =>
    db.prepare('SELECT entity_id, agency_category_id, active FROM agencies WHERE id = ?').get(id) as {
      entity_id: number
      agency_category_id: number
      active: number
    }
  const e = facts.entityId

  expect(db.prepare('SELECT agency_id FROM employees WHERE user_id = ? AND entity_id = ?').pluck().get(facts.demoUserId, e)).toBe(
    facts.agency,
  )
  expect(agency(facts.sameCategoryAgency)).toEqual({ ...agency(facts.agency), active: 1 })
  expect(agency(facts.otherCategoryAgency)).toMatchObject({ entity_id: e, active: 1 })
  expect(agency(facts.otherCategoryAgency).agency_category_id).not.toBe(agency(facts.agency).agency_category_id)
  if (facts.inactiveAgency !== null) expect(agency(facts.inactiveAgency)).toMatchObject({ entity_id: e, active: 0 })
  expect(agency(facts.foreignAgency).entity_id).not.toBe(e)

  for (const item of [facts.stockedItem, facts.lastUnitItem]) {
    const lots = lotsOf(item.id)
    expect(db.prepare('SELECT entity_id, active FROM items WHERE id = ?').get(item.id)).toEqual({ entity_id: e, active: 1 })
    expect(stock(lots[0]!, facts.agency)).toEqual({ available: item.available, booked: 0 })
    for (const lot of lots.slice(1)) expect(stock(lot, facts.agency)).toEqual({ available: 0, booked: 0 })
    if (atSeedOne) {
      expect(lots[0]).toBe(item.lotId)
      expect(db.prepare('SELECT code FROM items WHERE id = ?').pluck().get(item.id)).toBe(item.code)
    }
  }
  const multiLots = lotsOf(facts.multiLotItem.id)
  expect(multiLots.length).toBeGreaterThanOrEqual(1)
  multiLots.forEach((lot, i) =>
    expect(stock(lot, facts.agency)).toEqual({ available: facts.multiLotItem.lots[i]?.available ?? 0, booked: 0 }),
  )
  if (atSeedOne) {
    expect(multiLots).toEqual(facts.multiLotItem.lots.map((l) => l.id))
    expect(db.prepare('SELECT code FROM items WHERE id = ?').pluck().get(facts.multiLotItem.id)).toBe(facts.multiLotItem.code)
  }

  const request = (id: number) =>
    db.prepare('SELECT entity_id, agency_from_id, agency_to_id, voided, booked FROM transfer_requests WHERE id = ?').get(id)
  const r = facts.transferRequests
  expect(request(r.pending)).toEqual({
    entity_id: e,
    agency_from_id: facts.agency,
    agency_to_id: r.pendingDestination,
    voided: 0,
    booked: 0,
  })
  expect(
    db.prepare('SELECT item_id AS itemId, quantity FROM transfer_request_lines WHERE transfer_request_id = ? ORDER BY id').all(r.pending),
  ).toEqual(r.pendingLines)
  expect(request(r.pendingToOtherCategory)).toMatchObject({
    agency_from_id: facts.agency,
    agency_to_id: facts.otherCategoryAgency,
    voided: 0,
    booked: 0,
  })
  expect(request(r.booked)).toMatchObject({ agency_from_id: facts.agency, booked: 1, voided: 0 })
  expect(request(r.voided)).toMatchObject({ agency_from_id: facts.agency, voided: 1 })
  expect(request(r.incoming)).toMatchObject({ agency_from_id: facts.otherCategoryAgency, agency_to_id: facts.agency, voided: 0, booked: 0 })

  const shipment = (id: number) =>
    db
      .prepare(
        'SELECT entity_id, agency_from_id, agency_to_id, shipped, delivered, voided, needs_transport, transfer_request_id FROM shipments WHERE id = ?',
      )
      .get(id) as Record<string, number | null>
  const b = facts.bookings
  expect(shipment(b.open)).toMatchObject({
    entity_id: e,
    agency_from_id: facts.agency,
    shipped: 0,
    voided: 0,
    needs_transport: 1,
    transfer_request_id: r.booked,
  })
  expect(shipment(b.noTransport)).toMatchObject({ agency_from_id: facts.agency, shipped: 0, needs_transport: 0 })
  expect(shipment(b.withBundle)).toMatchObject({ agency_from_id: facts.agency, agency_to_id: facts.otherCategoryAgency, shipped: 0 })
  expect(count(db, 'SELECT COUNT(*) FROM movements WHERE shipment_id = ? AND bundle_id IS NOT NULL', b.withBundle)).toBeGreaterThan(0)
  expect(shipment(b.inTransitIncoming)).toMatchObject({
    agency_from_id: facts.otherCategoryAgency,
    agency_to_id: facts.agency,
    shipped: 1,
    delivered: 0,
  })
  expect(shipment(b.inTransitFromSameCategory)).toMatchObject({
    agency_from_id: facts.sameCategoryAgency,
    agency_to_id: facts.agency,
    shipped: 1,
    delivered: 0,
  })
  expect(shipment(b.inTransitOutgoing)).toMatchObject({ agency_from_id: facts.agency, shipped: 1, delivered: 0 })
  expect(shipment(b.voided)).toMatchObject({ agency_from_id: facts.agency, voided: 1, shipped: 0 })
  expect(shipment(b.otherAgencyOpen)).toMatchObject({ agency_from_id: facts.otherCategoryAgency, shipped: 0, voided: 0 })
  expect(
    count(
      db,
      'SELECT COUNT(*) FROM shipments WHERE agency_from_id = ? AND shipped = 0 AND delivered = 0 AND voided = 0 AND returned = 0',
      facts.agency,
    ),
  ).toBe(facts.openBookingsInList)
}
