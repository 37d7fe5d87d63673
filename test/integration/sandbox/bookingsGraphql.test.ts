import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingsClient } from './bookingClient'
import { control, gql, graphqlToken, rest } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => bookingsClient(sandbox, ana)
const f = bookingFacts[101]

interface Shipment {
  id: number
  shipped: boolean
  agency_from_id: number
  planned_delivery: string
  created_at: string
  lock_version: number
  movements: { id: number; item_id: number; lot_id: number; booked_quantity: number; bundle_id: number | null }[]
}

describe('shipments and movements', () => {
  it('agree with the REST list for the open bookings of an agency', async () => {
    const { shipments } = await api().gql<{ shipments: Shipment[] }>(
      `query ($agency: bigint!) {
        shipments(where: {agency_from_id: {_eq: $agency}, shipped: {_eq: false}, delivered: {_eq: false}, voided: {_eq: false}, returned: {_eq: false}}, order_by: [{id: asc}]) {
          id shipped agency_from_id planned_delivery created_at lock_version
          movements(order_by: [{id: asc}]) { id item_id lot_id booked_quantity bundle_id }
        }
      }`,
      { agency: f.agency },
    )
    const list = (await api().list()).body
    expect(shipments.map((s) => s.id)).toEqual(list.map((b) => b.id))
    shipments.forEach((s, i) => {
      const b = list[i]!
      expect(s.movements).toEqual(
        b.movements.map((m) => ({
          id: m.id,
          item_id: m.item_id,
          lot_id: m.lot_id,
          booked_quantity: Number(m.booked_quantity),
          bundle_id: m.bundle_id,
        })),
      )
      expect(s.planned_delivery).toBe(b.planned_delivery)
      // Hasura's timestamp form, the same instant as REST's ISO 8601.
      expect(s.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/)
      expect(new Date(`${s.created_at}Z`).toISOString()).toBe(b.created_at)
    })
  })

  it('find the shipments in transit towards an agency, with their origin', async () => {
    const { shipments } = await api().gql<{ shipments: { id: number; agency_from: { name: string } }[] }>(
      `query ($agency: bigint!) {
        shipments(where: {agency_to_id: {_eq: $agency}, shipped: {_eq: true}, delivered: {_eq: false}}, order_by: [{id: asc}]) { id agency_from { name } }
      }`,
      { agency: f.agency },
    )
    expect(shipments.map((s) => s.id)).toEqual([f.bookings.inTransitIncoming, f.bookings.inTransitFromSameCategory])
    expect(shipments[0]!.agency_from.name).toBe('Bodega Central')
  })

  it('serve movements as a root field with their shipment, item and lot', async () => {
    const { movements } = await api().gql<{
      movements: { shipment_id: number; bundle_id: number; shipment: { id: number }; item: { code: string }; lot: { item_id: number } }[]
    }>(
      `query ($id: bigint!) { movements(where: {shipment_id: {_eq: $id}, bundle_id: {_is_null: false}}) { shipment_id bundle_id shipment { id } item { code } lot { item_id } } }`,
      { id: f.bookings.withBundle },
    )
    expect(movements.length).toBeGreaterThan(0)
    for (const m of movements) expect(m.shipment.id).toBe(f.bookings.withBundle)
  })

  it('are scoped to the current entity', async () => {
    const jwt = await graphqlToken(sandbox, ana())
    const ids = async () => {
      const res = await gql<{ shipments: { id: number; entity_id: number }[] }>(sandbox, jwt, '{ shipments { id entity_id } }')
      return res.body.data!.shipments
    }
    expect((await ids()).every((s) => s.entity_id === 101)).toBe(true)
    expect((await ids()).map((s) => s.id)).not.toContain(bookingFacts[102].bookings.open)
    await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })
    expect((await ids()).map((s) => s.id)).toContain(bookingFacts[102].bookings.open)
    const movements = await gql<{ movements: { entity_id: number }[] }>(sandbox, jwt, '{ movements { entity_id } }')
    expect(movements.body.data!.movements.every((m) => m.entity_id === 102)).toBe(true)
  })

  it('show a booking created over REST at once, lines included', async () => {
    const created = (
      await api().create({
        agency_to_id: f.sameCategoryAgency,
        memo: 'm',
        movements_attributes: { '0': { item_id: f.stockedItem.id, booked_quantity: '1.5' } },
      })
    ).body
    const { shipments_by_pk } = await api().gql<{
      shipments_by_pk: { memo: string; pos: boolean; movements_count: number; movements: { booked_quantity: number }[] }
    }>('query ($id: bigint!) { shipments_by_pk(id: $id) { memo pos movements_count movements { booked_quantity } } }', { id: created.id })
    expect(shipments_by_pk).toEqual({ memo: 'm', pos: true, movements_count: 1, movements: [{ booked_quantity: 1.5 }] })
  })
})

describe('transfer requests', () => {
  it('are served with their lines; pending ones are neither voided nor booked', async () => {
    const { transfer_requests } = await api().gql<{
      transfer_requests: {
        id: number
        agency_from_id: number
        agency_to_id: number
        planned_delivery: string
        reference: string
        entity_id: number
        transfer_request_lines: { item_id: number; quantity: number }[]
      }[]
    }>(
      `query ($agency: bigint!) {
        transfer_requests(where: {agency_from_id: {_eq: $agency}, voided: {_eq: false}, booked: {_eq: false}}, order_by: [{id: asc}]) {
          id agency_from_id agency_to_id planned_delivery reference entity_id transfer_request_lines(order_by: [{id: asc}]) { item_id quantity }
        }
      }`,
      { agency: f.agency },
    )
    const ids = transfer_requests.map((r) => r.id)
    expect(ids).toContain(f.transferRequests.pending)
    expect(ids).toContain(f.transferRequests.pendingToOtherCategory)
    expect(ids).not.toContain(f.transferRequests.booked)
    expect(ids).not.toContain(f.transferRequests.voided)
    const pending = transfer_requests.find((r) => r.id === f.transferRequests.pending)!
    expect(pending).toMatchObject({
      agency_to_id: f.transferRequests.pendingDestination,
      entity_id: 101,
      planned_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
    expect(pending.transfer_request_lines.map((l) => ({ itemId: l.item_id, quantity: l.quantity }))).toEqual(
      f.transferRequests.pendingLines.map((l) => ({ ...l, quantity: Number(l.quantity) })),
    )
  })

  it('link to the bookings made from them', async () => {
    const { transfer_requests_by_pk } = await api().gql<{ transfer_requests_by_pk: { booked: boolean; shipments: { id: number }[] } }>(
      'query ($id: bigint!) { transfer_requests_by_pk(id: $id) { booked shipments { id } } }',
      { id: f.transferRequests.booked },
    )
    expect(transfer_requests_by_pk).toEqual({ booked: true, shipments: [{ id: f.bookings.open }] })
  })
})

describe('pos_settings', () => {
  it('reads the category setting the control door writes', async () => {
    const read = async () =>
      (
        await api().gql<{ pos_settings: { id: number; entity_id: number; filter_destinations_by_agency_category: boolean }[] }>(
          '{ pos_settings { id entity_id filter_destinations_by_agency_category } }',
        )
      ).pos_settings
    expect(await read()).toEqual([{ id: 101, entity_id: 101, filter_destinations_by_agency_category: false }])
    await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: true })
    expect(await read()).toEqual([{ id: 101, entity_id: 101, filter_destinations_by_agency_category: true }])
    await control(sandbox, 'POST', '/reset')
    expect((await read())[0]!.filter_destinations_by_agency_category).toBe(false)
  })
})

describe('lot_stocks', () => {
  it('hold, per lot at the demo agency, exactly the earmarks of its open bookings; on hand = available + booked', async () => {
    const { lot_stocks } = await api().gql<{ lot_stocks: { lot_id: number; available: number; booked: number; on_hand: number }[] }>(
      'query ($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, booked: {_gt: 0}}) { lot_id available booked on_hand } }',
      { a: f.agency },
    )
    const expected = new Map<number, number>()
    for (const b of (await api().list()).body)
      for (const m of b.movements) expected.set(m.lot_id as number, (expected.get(m.lot_id as number) ?? 0) + Number(m.booked_quantity))
    expect(new Map(lot_stocks.map((s) => [s.lot_id, s.booked]))).toEqual(expected)
    for (const s of lot_stocks) expect(s.on_hand).toBeCloseTo(s.available + s.booked, 9)
  })
})
