import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { purchasingClient, type Json } from './purchasingClient'
import { rest } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => purchasingClient(sandbox, ana)
const warehouse = 301
const store = 302

interface Line {
  item_id: string
  purchase_order_detail_id: string
  quantity: string
  perishable: boolean
}

/** Order 7003's two lines, from new.json: a perishable item (12 ordered) and another (6 ordered). */
async function lines7003(): Promise<{ perishable: Line; other: Line }> {
  const res = await api().newReception(7003)
  const lines = res.body.reception_details as unknown as Line[]
  return { perishable: lines.find((l) => l.perishable)!, other: lines.find((l) => !l.perishable)! }
}

const attrs = (...lines: Json[]) => Object.fromEntries(lines.map((l, i) => [String(i), l]))

describe('GET /purchases/purchase_orders/{id}/receptions/new.json', () => {
  it('prefills a reception: the order’s agency, today, and each line at what is still pending', async () => {
    const res = await api().newReception(7004)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: null,
      purchase_order_id: '7004',
      agency_id: '301',
      receiver_id: '5001',
      received: false,
      voided: false,
      needs_transit: '0',
      exchange_rate: null,
    })
    expect(res.body.received_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(res.body.reception_details.map((l) => [l.ordered_quantity, l.received_quantity, l.quantity])).toEqual([
      ['20.0', '8.0', '12.0'],
      ['5.0', '0.0', '5.0'],
    ])
  })

  it('gives the order’s exchange rate when its currency is not the entity’s, and 404 for an unknown order', async () => {
    expect((await api().newReception(7002)).body).toMatchObject({ exchange_rate: 7.75, purchase_order: { currency_id: '2' } })
    expect((await api().newReception(123)).status).toBe(404)
  })
})

describe('POST /purchases/purchase_orders/{id}/receptions.json', () => {
  it('receives part of an order into the chosen agency, then the rest; the order is received only at the end', async () => {
    const { perishable, other } = await lines7003()
    const first = await api().createReception(7003, {
      agency_id: store,
      received_at: '2026-11-20',
      needs_transit: '0',
      invoice_number: 'FAC-1',
      memo: 'primera entrega',
      reception_details_attributes: attrs(
        { item_id: other.item_id, purchase_order_detail_id: other.purchase_order_detail_id, quantity: '4' },
        { item_id: perishable.item_id, purchase_order_detail_id: perishable.purchase_order_detail_id, quantity: '0' },
      ),
    })
    expect(first.status).toBe(201)
    // The answer is the order with its details, not the reception.
    expect(first.body).toMatchObject({ id: 7003, received: false })
    expect(first.body.purchase_order_details.map((d) => [d.received_quantity, d.pending_quantity])).toEqual([
      ['0.0', '12.0'],
      ['4.0', '2.0'],
    ])
    const reception = (await api().lastReception(7003))!
    const lot = reception.reception_details[0]!.lot_id
    expect(await api().available(lot, store)).toBeGreaterThanOrEqual(4)
    const before = await api().available(lot, store)

    const second = await api().createReception(7003, {
      agency_id: store,
      reception_details_attributes: attrs(
        { item_id: other.item_id, purchase_order_detail_id: other.purchase_order_detail_id, quantity: '2' },
        {
          item_id: perishable.item_id,
          purchase_order_detail_id: perishable.purchase_order_detail_id,
          quantity: '12',
          lot_name: 'L-NOV-01',
          lot_expires: '2027-05-31',
        },
      ),
    })
    expect(second.status).toBe(201)
    expect(second.body.received).toBe(true)
    expect(second.body.received_at).toEqual(expect.any(String))
    expect(await api().available(lot, store)).toBe(before + 2)
    const shown = await api().showReception((await api().lastReception(7003))!.id)
    expect(shown.body).toMatchObject({ purchase_order_id: '7003', agency_id: '302', received: true, voided: false })
    expect(shown.body.reception_details).toContainEqual(
      expect.objectContaining({ quantity: '12.0', lot_name: 'L-NOV-01', lot_expires: '2027-05-31' }),
    )
    const newLot = Number((shown.body.reception_details as Json[]).find((d) => d.lot_name === 'L-NOV-01')!.lot_id)
    expect(await api().available(newLot, store)).toBe(12)
  })

  it('refuses over-receiving on the line, and takes nothing in', async () => {
    const { other } = await lines7003()
    const res = await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs({
        item_id: other.item_id,
        purchase_order_detail_id: other.purchase_order_detail_id,
        quantity: '7',
      }),
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ 'reception_details.quantity': ['excede lo pendiente de recibir (6.0)'] })
    expect(await api().lastReception(7003)).toBeUndefined()
    // Two lines for the same order line count together.
    const twice = await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs(
        { item_id: other.item_id, purchase_order_detail_id: other.purchase_order_detail_id, quantity: '4' },
        { item_id: other.item_id, purchase_order_detail_id: other.purchase_order_detail_id, quantity: '4' },
      ),
    })
    expect(twice.body).toEqual({ 'reception_details.quantity': ['excede lo pendiente de recibir (2.0)'] })
  })

  it('asks for a lot and expiry on perishable lines, an agency, and at least one product', async () => {
    const { perishable } = await lines7003()
    const res = await api().createReception(7003, {
      agency_id: '',
      reception_details_attributes: attrs({
        item_id: perishable.item_id,
        purchase_order_detail_id: perishable.purchase_order_detail_id,
        quantity: '1',
        lot_expires: '2027-02-30',
      }),
    })
    expect(res.body).toEqual({
      agency_id: ['no puede estar en blanco'],
      'reception_details.lot_name': ['no puede estar en blanco'],
      'reception_details.lot_expires': ['no es válido'],
    })
    const empty = await api().createReception(7003, { agency_id: warehouse, reception_details_attributes: {} })
    expect(empty.body).toEqual({ reception_details: ['debe recibir al menos un producto'] })
    const draft = await api().createReception(7010, { agency_id: warehouse, reception_details_attributes: {} })
    expect(draft.body).toEqual({ base: ['la orden de compra no está autorizada'] })
  })

  it('takes lots as the SDK sends them (arrays, one entry per lot, no quantity) and as single values, one detail per lot', async () => {
    const { perishable, other } = await lines7003()
    const res = await api().createReception(7003, {
      agency_id: warehouse,
      entity_id: 1,
      received_at: '2026-11-20',
      needs_transit: false,
      reception_details_attributes: attrs(
        {
          item_id: perishable.item_id,
          purchase_order_detail_id: perishable.purchase_order_detail_id,
          lot_name: ['L-A', 'L-B'],
          lot_expire: ['2027-01-31', '2027-02-28'],
          lot_delivered_quantity: ['5', '7'],
          lot_description: ['primer lote', 'segundo lote'],
        },
        { item_id: other.item_id, purchase_order_detail_id: other.purchase_order_detail_id, quantity: '6' },
      ),
    })
    expect(res.status).toBe(201)
    expect(res.body.received).toBe(true)
    const { purchase_orders } = await api().gql<{ purchase_orders: { receptions: { reception_details: Json[] }[] }[] }>(
      `query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { receptions(order_by: {id: desc}, limit: 1) {
         reception_details(order_by: {id: asc}) { quantity lot_name lot_expire lot_delivered_quantity lot_description } } } }`,
      { id: 7003 },
    )
    expect(purchase_orders[0]!.receptions[0]!.reception_details).toEqual([
      { quantity: 5, lot_name: ['L-A'], lot_expire: ['2027-01-31'], lot_delivered_quantity: ['5.0'], lot_description: ['primer lote'] },
      { quantity: 7, lot_name: ['L-B'], lot_expire: ['2027-02-28'], lot_delivered_quantity: ['7.0'], lot_description: ['segundo lote'] },
      { quantity: 6, lot_name: null, lot_expire: null, lot_delivered_quantity: null, lot_description: null },
    ])

    // The spec's older form: one lot as single values, with the quantity.
    await sandbox.reset()
    const single = await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs({
        item_id: perishable.item_id,
        purchase_order_detail_id: perishable.purchase_order_detail_id,
        quantity: '3',
        lot_name: 'L-C',
        lot_expires: '2027-03-31',
      }),
    })
    expect(single.status).toBe(201)
    const reception = (await api().lastReception(7003))!
    const shown = await api().gql<{ reception_details: Json[] }>(
      '{ reception_details(order_by: {id: desc}, limit: 1) { quantity lot_name lot_expire lot { name expires } } }',
    )
    expect(shown.reception_details[0]).toEqual({
      quantity: 3,
      lot_name: 'L-C',
      lot_expire: '2027-03-31',
      lot: { name: 'L-C', expires: '2027-03-31' },
    })
    expect(await api().available(reception.reception_details[0]!.lot_id, warehouse)).toBe(3)
  })

  it('refuses a lot array whose quantities are missing or not numbers', async () => {
    const { perishable } = await lines7003()
    const res = await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs({
        item_id: perishable.item_id,
        purchase_order_detail_id: perishable.purchase_order_detail_id,
        lot_name: ['L-A'],
        lot_expire: ['2027-01-31'],
        lot_delivered_quantity: ['x'],
      }),
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ 'reception_details.quantity': ['no es un número'] })
  })

  it('takes an exchange rate for an order in another currency and keeps it on the reception and the order', async () => {
    const fresh = await api().newReception(7002)
    const line = (fresh.body.reception_details as unknown as Line[])[0]!
    const bad = await api().createReception(7002, {
      agency_id: warehouse,
      exchange_rate: '0',
      reception_details_attributes: attrs({ purchase_order_detail_id: line.purchase_order_detail_id, quantity: '1' }),
    })
    expect(bad.body).toEqual({ exchange_rate: ['debe ser mayor que 0'] })
    const res = await api().createReception(7002, {
      agency_id: warehouse,
      exchange_rate: '7.82',
      reception_details_attributes: attrs({
        item_id: line.item_id,
        purchase_order_detail_id: line.purchase_order_detail_id,
        quantity: '100',
      }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ exchange_rate: 7.82, received: true })
    const { receptions } = await api().gql<{ receptions: { exchange_rate: number }[] }>(
      '{ receptions(where: {purchase_order_id: {_eq: 7002}}) { exchange_rate } }',
    )
    expect(receptions).toEqual([{ exchange_rate: 7.82 }])
  })
})

describe('returning a reception', () => {
  async function receiveFour(): Promise<{ id: number; lot: number }> {
    const { other } = await lines7003()
    await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs({
        item_id: other.item_id,
        purchase_order_detail_id: other.purchase_order_detail_id,
        quantity: '6',
      }),
    })
    const r = (await api().lastReception(7003))!
    return { id: r.id, lot: r.reception_details[0]!.lot_id }
  }

  it('DELETE takes the goods out again, voids the reception and puts the quantity back to pending', async () => {
    const { id, lot } = await receiveFour()
    const stocked = await api().available(lot, warehouse)
    const res = await api().deleteReception(id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: String(id), voided: true, received: false, voider_id: '5001' })
    expect(await api().available(lot, warehouse)).toBe(stocked - 6)
    const fresh = await api().newReception(7003)
    expect((fresh.body.reception_details as unknown as Line[]).find((l) => !l.perishable)!.quantity).toBe('6.0')
    expect((await api().deleteReception(id)).body).toEqual({ base: ['la recepción ya fue devuelta'] })
  })

  it('rebound.json does the same for the named order, and answers {error} when the order is not found', async () => {
    const { id, lot } = await receiveFour()
    const stocked = await api().available(lot, warehouse)
    for (const wrong of ['999999', '7001', 'x']) {
      const res = await api().rebound(id, wrong)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ error: 'No se encontró la orden de compra' })
    }
    expect(await api().available(lot, warehouse)).toBe(stocked)
    const res = await api().rebound(id, 7003)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ voided: true })
    expect(await api().available(lot, warehouse)).toBe(stocked - 6)
  })

  it('a fully received order that is returned is no longer received', async () => {
    const { perishable, other } = await lines7003()
    await api().createReception(7003, {
      agency_id: warehouse,
      reception_details_attributes: attrs(
        { purchase_order_detail_id: other.purchase_order_detail_id, quantity: '6' },
        { purchase_order_detail_id: perishable.purchase_order_detail_id, quantity: '12', lot_name: 'L1', lot_expires: '2027-01-15' },
      ),
    })
    const r = (await api().lastReception(7003))!
    await api().deleteReception(r.id)
    const { purchase_orders } = await api().gql<{ purchase_orders: { received: boolean; received_at: string | null }[] }>(
      '{ purchase_orders(where: {id: {_eq: 7003}}) { received received_at } }',
    )
    expect(purchase_orders).toEqual([{ received: false, received_at: null }])
  })

  it('refuses when the goods already left the agency (booked by a counter), changing nothing', async () => {
    const { perishable } = await lines7003()
    await api().createReception(7003, {
      agency_id: store,
      reception_details_attributes: attrs({
        purchase_order_detail_id: perishable.purchase_order_detail_id,
        quantity: '12',
        lot_name: 'NUEVO-1',
        lot_expires: '2027-01-15',
      }),
    })
    const r = (await api().lastReception(7003))!
    const lot = r.reception_details[0]!.lot_id
    // The demo user's agency is the store: a booking there earmarks 10 of the 12 just received.
    const booking = await rest(sandbox, ana(), 'POST', '/pos/bookings.json', {
      shipment: {
        agency_to_id: 303,
        movements_attributes: { '0': { item_id: Number(perishable.item_id), booked_quantity: '10', lot_id: lot } },
      },
    })
    expect(booking.body).toMatchObject({ agency_from_id: store })
    expect(await api().available(lot, store)).toBe(2)
    const res = await api().deleteReception(r.id)
    expect(res.status).toBe(422)
    expect(String((res.body.base as string[])[0])).toMatch(/^no hay existencia suficiente de .+ en la bodega para devolver$/)
    expect(await api().available(lot, store)).toBe(2)
    expect((await api().lastReception(7003))!.voided).toBe(false)
  })

  it('404s an unknown reception', async () => {
    expect((await api().deleteReception(424242)).body).toEqual({ error: "Couldn't find Reception with 'id'=424242" })
  })
})
