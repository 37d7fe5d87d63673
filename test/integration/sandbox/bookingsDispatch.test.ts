import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingsClient, oneLine, type Booking } from './bookingClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => bookingsClient(sandbox, ana)
const f = bookingFacts[101]
const stocked = f.stockedItem
const to = f.sameCategoryAgency
const stored = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/

async function booking(quantity: number, extra = {}): Promise<Booking> {
  const res = await api().create(oneLine(to, stocked.id, quantity, extra))
  expect(res.status).toBe(201)
  return res.body
}

describe('GET /pos/bookings/{id}/ship.json', () => {
  it('ships an open booking and answers the shipment record with ids and counts as strings', async () => {
    const b = await booking(10)
    const res = await api().ship(b.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: String(b.id),
      shipped: true,
      delivered: false,
      shipper_id: '5001',
      updater_id: '5001',
      lock_version: '1',
      movements_count: '1',
      agency_from_id: String(f.agency),
      agency_to_id: String(to),
    })
    expect(res.body.shipped_at).toMatch(stored)
    expect(res.body.movements[0]).toMatchObject({
      id: expect.any(String),
      item_id: String(stocked.id),
      lot_id: String(stocked.lotId),
      booked_quantity: '10.0',
    })
    expect((await api().list()).body.map((x) => x.id)).not.toContain(b.id)
  })

  it('takes the goods out of the origin: the earmark is consumed, available stays', async () => {
    const b = await booking(10)
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 110, booked: 10, on_hand: 120 })
    await api().ship(b.id)
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 110, booked: 0, on_hand: 110 })
  })

  it('refuses a second ship (it is not idempotent) and leaves the shipment as it was', async () => {
    const b = await booking(3)
    const first = await api().ship(b.id)
    const second = await api().ship(b.id)
    expect(second.status).toBe(422)
    expect(second.body).toEqual({ base: ['La reserva ya fue despachada'] })
    expect((await api().show(b.id)).body).toEqual(first.body)
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 117, booked: 0, on_hand: 117 })
  })

  it('refuses a voided booking, a delivered one, and unknown ids (404 {error})', async () => {
    expect((await api().ship(f.bookings.voided)).body).toEqual({ base: ['La reserva está anulada'] })
    const b = await booking(1)
    await api().ship(b.id)
    await api().deliver(b.id)
    expect((await api().ship(b.id)).body).toEqual({ base: ['El envío ya fue entregado'] })
    for (const id of ['999999', 'x', String(bookingFacts[102].bookings.open)]) {
      const res = await api().ship(id)
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual({ error: expect.any(String) })
    }
  })
})

describe('GET /pos/bookings/{id}/deliver.json', () => {
  it('delivers a shipment in transit: the goods enter the destination, same lot; lock_version counts every change', async () => {
    const b = await booking(10)
    expect(b.lock_version).toBe(0)
    const before = await api().stock(stocked.lotId, to)
    await api().ship(b.id)
    const res = await api().deliver(b.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: String(b.id), shipped: true, delivered: true, deliverer_id: '5001', lock_version: '2' })
    expect(res.body.delivered_at).toMatch(stored)
    expect(await api().stock(stocked.lotId, to)).toEqual({
      available: before.available + 10,
      booked: before.booked,
      on_hand: before.on_hand + 10,
    })
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 110, booked: 0, on_hand: 110 })
  })

  it('refuses a booking that needs transport and was not shipped, changing nothing', async () => {
    const b = await booking(4)
    const res = await api().deliver(b.id)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ base: ['La reserva necesita transporte: debe despacharse antes de entregarse'] })
    expect((await api().show(b.id)).body).toMatchObject({ delivered: false, shipped: false, lock_version: '0' })
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 116, booked: 4, on_hand: 120 })
  })

  it('delivers a booking without transport directly, from the origin’s earmark to the destination', async () => {
    const b = await booking(6, { needs_transport: false })
    const before = await api().stock(stocked.lotId, to)
    const res = await api().deliver(b.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ delivered: true, shipped: false, shipped_at: null, lock_version: '1' })
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 114, booked: 0, on_hand: 114 })
    expect((await api().stock(stocked.lotId, to)).available).toBe(before.available + 6)
    expect((await api().list()).body.map((x) => x.id)).not.toContain(b.id)
    expect((await api().update(b.id, { reference: 'x' })).status).toBe(422)
  })

  it('delivers the seeded shipment in transit towards the demo agency: its stock arrives there', async () => {
    const transit = (await api().show(f.bookings.inTransitIncoming)).body
    const lines = transit.movements.map((m) => ({ lot: Number(m.lot_id), quantity: Number(m.booked_quantity) }))
    const before = await Promise.all(lines.map((l) => api().stock(l.lot, f.agency)))
    expect((await api().deliver(f.bookings.inTransitIncoming)).status).toBe(200)
    const after = await Promise.all(lines.map((l) => api().stock(l.lot, f.agency)))
    lines.forEach((l, i) => expect(after[i]!.available).toBeCloseTo(before[i]!.available + l.quantity, 6))
  })

  it('refuses a second delivery, a voided booking and unknown ids', async () => {
    const b = await booking(1, { needs_transport: '0' })
    expect((await api().deliver(b.id)).status).toBe(200)
    expect((await api().deliver(b.id)).body).toEqual({ base: ['El envío ya fue entregado'] })
    expect((await api().deliver(f.bookings.voided)).body).toEqual({ base: ['La reserva está anulada'] })
    expect((await api().deliver(123)).status).toBe(404)
  })

  it('shows the whole journey through GraphQL', async () => {
    const b = await booking(2)
    const state = async () =>
      (
        await api().gql<{
          shipments_by_pk: {
            shipped: boolean
            delivered: boolean
            lock_version: number
            shipper_id: number | null
            deliverer_id: number | null
          }
        }>('query ($id: bigint!) { shipments_by_pk(id: $id) { shipped delivered lock_version shipper_id deliverer_id } }', { id: b.id })
      ).shipments_by_pk
    expect(await state()).toEqual({ shipped: false, delivered: false, lock_version: 0, shipper_id: null, deliverer_id: null })
    await api().ship(b.id)
    expect(await state()).toEqual({ shipped: true, delivered: false, lock_version: 1, shipper_id: 5001, deliverer_id: null })
    await api().deliver(b.id)
    expect(await state()).toEqual({ shipped: true, delivered: true, lock_version: 2, shipper_id: 5001, deliverer_id: 5001 })
  })
})
