import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { bookingsClient, oneLine, type Json } from './bookingClient'
import { control, rest } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterEach(async () => {
  await control(sandbox, 'PUT', '/clock', { offsetMs: 0 })
})
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => bookingsClient(sandbox, ana)
const f = bookingFacts[101]
const stocked = f.stockedItem
const lastUnit = f.lastUnitItem
const multi = f.multiLotItem
const to = f.sameCategoryAgency
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe('POST /pos/bookings.json', () => {
  it('creates a booking and answers 201 in list style with its lines, memo echoed, lock_version 0', async () => {
    await control(sandbox, 'PUT', '/clock', { offsetMs: Date.parse('2025-03-10T03:00:00Z') - Date.now() })
    const res = await api().create({
      agency_to_id: String(to),
      reference: '  Pedido cliente 77 ',
      memo: 'mostrador:outbox:abc123',
      movements_attributes: {
        '0': { item_id: stocked.id, booked_quantity: '5' },
        '1': { item_id: String(multi.id), booked_quantity: 2.5, lot_id: multi.lots[1]!.id, serial_number: 'SN-1', reference: 'línea 2' },
      },
    })
    expect(res.status).toBe(201)
    const b = res.body
    expect(b).toMatchObject({
      entity_id: 101,
      agency_from_id: f.agency,
      agency_to_id: to,
      booker_id: 5001,
      creator_id: 5001,
      updater_id: 5001,
      reference: 'Pedido cliente 77',
      memo: 'mostrador:outbox:abc123',
      // The default: today in the caller's zone (Central America), not UTC's date.
      planned_delivery: '2025-03-09',
      needs_transport: true,
      shipped: false,
      delivered: false,
      voided: false,
      returned: false,
      pos: true,
      movements_count: 2,
      lock_version: 0,
      transfer_request_id: null,
      address_from: expect.any(String),
      address_to: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(b.created_at).toMatch(iso)
    // Written at the sandbox's clock.
    const sinceClock = Date.parse(String(b.created_at)) - Date.parse('2025-03-10T03:00:00Z')
    expect(sinceClock).toBeGreaterThanOrEqual(0)
    expect(sinceClock).toBeLessThan(60_000)
    expect(typeof b.id).toBe('number')
    expect(b.movements).toEqual([
      {
        id: expect.any(Number),
        item_id: stocked.id,
        lot_id: stocked.lotId,
        booked_quantity: '5.0',
        delivered_quantity: null,
        serial_number: null,
        reference: null,
        bundle_id: null,
      },
      {
        id: expect.any(Number),
        item_id: multi.id,
        lot_id: multi.lots[1]!.id,
        booked_quantity: '2.5',
        delivered_quantity: null,
        serial_number: 'SN-1',
        reference: 'línea 2',
        bundle_id: null,
      },
    ])
    const list = (await api().list()).body
    expect(list.map((x) => x.id)).toContain(b.id)
    expect(list.find((x) => x.id === b.id)).toEqual(b)
  })

  it('earmarks the stock at the origin: available drops, on hand stays', async () => {
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 120, booked: 0, on_hand: 120 })
    expect((await api().create(oneLine(to, stocked.id, '7.5'))).status).toBe(201)
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 112.5, booked: 7.5, on_hand: 120 })
    // The destination's stock does not move until delivery.
    expect((await api().stock(stocked.lotId, to)).available).toBe((await api().stock(stocked.lotId, to)).on_hand)
  })

  it('picks the first lot by expiry date that covers the line when no lot is given', async () => {
    const small = await api().create(oneLine(to, multi.id, 4))
    expect(small.body.movements[0]!.lot_id).toBe(multi.lots[0]!.id)
    // 6 − 4 = 2 left on the first lot: 10 only fits the second.
    const large = await api().create(oneLine(to, multi.id, 10))
    expect(large.body.movements[0]!.lot_id).toBe(multi.lots[1]!.id)
    expect((await api().stock(multi.lots[0]!.id, f.agency)).available).toBe(2)
    expect((await api().stock(multi.lots[1]!.id, f.agency)).available).toBe(20)
  })

  it('keeps needs_transport, booker, planned delivery and bundle when given, and takes the lines as an array', async () => {
    const res = await api().create({
      agency_to_id: to,
      needs_transport: '0',
      booker_id: '5002',
      planned_delivery: '2025-12-24',
      planned_shipping: '2025-12-23',
      movements_attributes: [{ item_id: stocked.id, booked_quantity: '1', bundle_id: bundleFacts[101].withMovements.id }],
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      needs_transport: false,
      booker_id: 5002,
      creator_id: 5001,
      planned_delivery: '2025-12-24',
      planned_shipping: '2025-12-23',
    })
    expect(res.body.movements[0]!.bundle_id).toBe(bundleFacts[101].withMovements.id)
  })

  it('books from another origin of the entity when one is given: it is that agency’s booking', async () => {
    const { lot_stocks } = await api().gql<{ lot_stocks: { lot: { item_id: number } }[] }>(
      'query ($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}, lot: {item: {active: {_eq: true}}}}, limit: 1, order_by: {id: asc}) { lot { item_id } } }',
      { a: f.otherCategoryAgency },
    )
    const res = await api().create(oneLine(to, lot_stocks[0]!.lot.item_id, 1, { agency_from_id: f.otherCategoryAgency }))
    expect(res.status).toBe(201)
    expect(res.body.agency_from_id).toBe(f.otherCategoryAgency)
    expect((await api().list()).body.map((b) => b.id)).not.toContain(res.body.id)
    expect((await bookingsClient(sandbox, () => sandbox.users[1]!).list()).body.map((b) => b.id)).toContain(res.body.id)
  })

  it("takes the lines under shipment_details_attributes too (the documentation's name), and under both at once", async () => {
    const docs = await api().create({
      agency_to_id: to,
      shipment_details_attributes: { '0': { item_id: stocked.id, booked_quantity: '2' } },
    })
    expect(docs.status).toBe(201)
    expect(docs.body.movements.map((m) => [Number(m.item_id), m.booked_quantity])).toEqual([[stocked.id, '2.0']])
    const both = await api().create({
      agency_to_id: to,
      movements_attributes: { '0': { item_id: stocked.id, booked_quantity: '1' } },
      shipment_details_attributes: { '0': { item_id: multi.id, booked_quantity: '1' } },
    })
    expect(both.status).toBe(201)
    expect(both.body.movements.map((m) => Number(m.item_id))).toEqual([stocked.id, multi.id])
  })

  it('leaves the lines out of its answers when its extensions are off (nothing public shows them there)', async () => {
    const plain = await startSandbox({ extensions: false })
    try {
      const client = bookingsClient(plain, () => plain.users[0]!)
      const created = await client.create(oneLine(to, stocked.id, '1'))
      expect(created.status).toBe(201)
      expect(created.body).not.toHaveProperty('movements')
      expect(created.body).toMatchObject({ movements_count: 1, lock_version: 0 })
      expect((await client.show(created.body.id)).body).not.toHaveProperty('movements')
      const lines = await client.gql<{ shipments: { movements: { item_id: number }[] }[] }>(
        'query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { movements { item_id } } }',
        { id: Number(created.body.id) },
      )
      expect(lines.shipments[0]!.movements).toEqual([{ item_id: stocked.id }])
    } finally {
      await plain.close()
    }
  })

  it('answers 400 when the shipment root key is missing', async () => {
    const res = await rest<Json>(sandbox, ana(), 'POST', '/pos/bookings.json', { booking: {} })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'param is missing or the value is empty: shipment' })
  })
})

describe('POST validation (422 {field: [messages]}, nothing written)', () => {
  const refused = async (shipment: Json) => {
    const res = await api().create(shipment)
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    return res.body as unknown as Record<string, string[]>
  }

  it('checks the destination: present, of this entity, active, not the origin', async () => {
    const line = { movements_attributes: { '0': { item_id: stocked.id, booked_quantity: 1 } } }
    expect(await refused({ ...line })).toEqual({ agency_to_id: ['no puede estar en blanco'] })
    expect(await refused({ ...line, agency_to_id: f.foreignAgency })).toEqual({ agency_to_id: ['debe existir'] })
    expect(await refused({ ...line, agency_to_id: f.inactiveAgency })).toEqual({ agency_to_id: ['no está activa'] })
    expect(await refused({ ...line, agency_to_id: f.agency })).toEqual({ agency_to_id: ['debe ser distinta de la agencia de origen'] })
    expect(await refused({ ...line, agency_to_id: 'x' })).toEqual({ agency_to_id: ['no es un número'] })
  })

  it('checks the planned delivery, the booker and the origin', async () => {
    expect(await refused(oneLine(to, stocked.id, 1, { planned_delivery: 'mañana' }))).toEqual({
      planned_delivery: ['no es una fecha válida'],
    })
    expect(await refused(oneLine(to, stocked.id, 1, { planned_delivery: '2025-02-30' }))).toEqual({
      planned_delivery: ['no es una fecha válida'],
    })
    expect(await refused(oneLine(to, stocked.id, 1, { planned_delivery: '' }))).toEqual({ planned_delivery: ['no puede estar en blanco'] })
    // Carlos's membership in this entity is inactive.
    expect(await refused(oneLine(to, stocked.id, 1, { booker_id: 5003 }))).toEqual({ booker_id: ['debe existir'] })
    expect(await refused(oneLine(to, stocked.id, 1, { agency_from_id: f.foreignAgency }))).toEqual({ agency_from_id: ['debe existir'] })
    expect(await refused(oneLine(to, stocked.id, 1, { needs_transport: 'quizás' }))).toEqual({
      needs_transport: ['debe ser verdadero o falso'],
    })
  })

  it('needs at least one line', async () => {
    expect(await refused({ agency_to_id: to })).toEqual({ movements: ['debe tener al menos un producto'] })
    expect(
      await refused({ agency_to_id: to, movements_attributes: { '0': { item_id: stocked.id, booked_quantity: 1, _destroy: '1' } } }),
    ).toEqual({
      movements: ['debe tener al menos un producto'],
    })
  })

  it('checks each line under movements[N]: item, quantity, lot and bundle', async () => {
    const errors = await refused({
      agency_to_id: to,
      movements_attributes: {
        '0': { booked_quantity: 1 },
        '1': { item_id: 2_000_001, booked_quantity: 1 },
        '2': { item_id: stocked.id, booked_quantity: 0 },
        '3': { item_id: stocked.id, booked_quantity: '1,5' },
        '4': { item_id: stocked.id },
        '5': { item_id: stocked.id, booked_quantity: 1, lot_id: multi.lots[0]!.id },
        '6': { item_id: stocked.id, booked_quantity: 1, lot_id: 99_999_999 },
        '7': { item_id: stocked.id, booked_quantity: 1, bundle_id: bundleFacts[102].withMovements.id },
      },
    })
    expect(errors).toEqual({
      'movements[0].item_id': ['no puede estar en blanco'],
      'movements[1].item_id': ['debe existir'],
      'movements[2].booked_quantity': ['debe ser mayor que 0'],
      'movements[3].booked_quantity': ['no es un número'],
      'movements[4].booked_quantity': ['no puede estar en blanco'],
      'movements[5].lot_id': ['no pertenece al producto'],
      'movements[6].lot_id': ['debe existir'],
      'movements[7].bundle_id': ['debe existir'],
    })
  })

  it('reports every bad field at once and writes nothing', async () => {
    const before = (await api().list()).body
    const errors = await refused({
      agency_to_id: f.agency,
      planned_delivery: 'x',
      movements_attributes: { '0': { item_id: lastUnit.id, booked_quantity: 5 } },
    })
    expect(Object.keys(errors).sort()).toEqual(['agency_to_id', 'movements[0].booked_quantity', 'planned_delivery'])
    expect((await api().list()).body).toEqual(before)
    expect((await api().stock(lastUnit.lotId, f.agency)).available).toBe(1)
  })
})

describe('over-booking', () => {
  it('refuses the line with the item code and what is available; the last unit goes to the first counter only', async () => {
    const tooMany = await api().create(oneLine(to, lastUnit.id, 2))
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toEqual({
      'movements[0].booked_quantity': [`excede la existencia disponible de ${lastUnit.code} en Tienda Zona 1 (disponible: 1.0)`],
    })

    const first = await api().create(oneLine(to, lastUnit.id, 1))
    expect(first.status).toBe(201)
    // The second counter's booking of the same unit (what a sync after the first would send).
    const second = await bookingsClient(sandbox, ana).create(oneLine(f.otherCategoryAgency, lastUnit.id, 1))
    expect(second.status).toBe(422)
    expect(second.body['movements[0].booked_quantity']).toEqual([
      `excede la existencia disponible de ${lastUnit.code} en Tienda Zona 1 (disponible: 0.0)`,
    ])
    expect(await api().stock(lastUnit.lotId, f.agency)).toEqual({ available: 0, booked: 1, on_hand: 1 })
  })

  it('gives the last unit to exactly one of two counters booking it at the same moment', async () => {
    const results = await Promise.all([
      api().create(oneLine(to, lastUnit.id, 1)),
      bookingsClient(sandbox, ana).create(oneLine(f.otherCategoryAgency, lastUnit.id, 1)),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 422])
    expect(await api().stock(lastUnit.lotId, f.agency)).toEqual({ available: 0, booked: 1, on_hand: 1 })
  })

  it('adds up the lines of one booking on the same lot and refuses the one that no longer fits', async () => {
    const res = await api().create({
      agency_to_id: to,
      movements_attributes: { '0': { item_id: stocked.id, booked_quantity: 100 }, '1': { item_id: stocked.id, booked_quantity: 30 } },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      'movements[1].booked_quantity': [`excede la existencia disponible de ${stocked.code} en Tienda Zona 1 (disponible: 20.0)`],
    })
  })

  it('names the lot when one was asked for, and explains a quantity no single lot holds', async () => {
    const lot = multi.lots[0]!
    const onLot = await api().create(oneLine(to, multi.id, 7, {}, { lot_id: lot.id }))
    expect(onLot.body['movements[0].booked_quantity']![0]).toMatch(
      new RegExp(`^excede la existencia disponible de ${multi.code}, lote \\S+, en Tienda Zona 1 \\(disponible: 6\\.0\\)$`),
    )
    const split = await api().create(oneLine(to, multi.id, 33))
    expect(split.body['movements[0].booked_quantity']).toEqual([
      `excede la existencia disponible de ${multi.code} en un solo lote en Tienda Zona 1 (disponible: 30.0; 36.0 entre todos sus lotes)`,
    ])
    const beyond = await api().create(oneLine(to, multi.id, 40))
    expect(beyond.body['movements[0].booked_quantity']).toEqual([
      `excede la existencia disponible de ${multi.code} en Tienda Zona 1 (disponible: 36.0)`,
    ])
  })
})

describe('transfer requests', () => {
  const requestState = async (id: number) =>
    (
      await api().gql<{ transfer_requests_by_pk: { booked: boolean; voided: boolean } }>(
        'query ($id: bigint!) { transfer_requests_by_pk(id: $id) { booked voided } }',
        { id },
      )
    ).transfer_requests_by_pk

  it('a booking made from a pending request marks it booked; a second one is refused', async () => {
    const req = f.transferRequests
    expect(await requestState(req.pending)).toEqual({ booked: false, voided: false })
    const lines = Object.fromEntries(req.pendingLines.map((l, i) => [String(i), { item_id: l.itemId, booked_quantity: l.quantity }]))
    const res = await api().create({ agency_to_id: req.pendingDestination, transfer_request_id: req.pending, movements_attributes: lines })
    expect(res.status).toBe(201)
    expect(res.body.transfer_request_id).toBe(req.pending)
    expect(await requestState(req.pending)).toEqual({ booked: true, voided: false })
    const again = await api().create({
      agency_to_id: req.pendingDestination,
      transfer_request_id: req.pending,
      movements_attributes: lines,
    })
    expect(again.body).toEqual({ transfer_request_id: ['ya tiene una reserva'] })
  })

  it('refuses a voided or unknown request', async () => {
    expect((await api().create(oneLine(to, stocked.id, 1, { transfer_request_id: f.transferRequests.voided }))).body).toEqual({
      transfer_request_id: ['está anulada'],
    })
    expect(
      (await api().create(oneLine(to, stocked.id, 1, { transfer_request_id: bookingFacts[102].transferRequests.pending }))).body,
    ).toEqual({
      transfer_request_id: ['debe existir'],
    })
  })
})

describe('the setting "filter destinations by agency category"', () => {
  it('refuses another category’s agency while on, through the control door, and allows it again when off', async () => {
    expect((await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: true })).status).toBe(200)
    const refused = await api().create(oneLine(f.otherCategoryAgency, stocked.id, 1))
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ agency_to_id: ['debe ser de la misma categoría que la agencia de origen'] })
    expect((await api().create(oneLine(f.sameCategoryAgency, stocked.id, 1))).status).toBe(201)
    await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: false })
    expect((await api().create(oneLine(f.otherCategoryAgency, stocked.id, 1))).status).toBe(201)
  })
})
