import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingsClient, oneLine, type Booking } from './bookingClient'
import { rest } from './sandboxClient'

// The shipment in transit received as the documentation shows (PUT /inventories/transits/{id}.json, a
// delivered quantity per movement, a booking for the shortfall) and a booking voided by a plain DELETE
// of /inventories/bookings/{id}.json. Both sandboxes: the real path refuses deliver.json in transit.
let withExtensions: RunningSandbox
let realOnly: RunningSandbox
beforeAll(async () => {
  withExtensions = await startSandbox({ extensions: true })
  realOnly = await startSandbox({ extensions: false })
})
beforeEach(async () => {
  await withExtensions.reset()
  await realOnly.reset()
})
afterAll(async () => {
  await withExtensions.close()
  await realOnly.close()
})

const f = bookingFacts[101]
const stocked = f.stockedItem
const to = f.sameCategoryAgency
const api = (sandbox: RunningSandbox) => bookingsClient(sandbox, () => sandbox.users[0]!)

interface GqlShipment {
  id: number
  delivered: boolean
  voided: boolean
  memo: string | null
  agency_from_id: number
  agency_to_id: number
  shipped: boolean
  movements: { id: number; item_id: number; lot_id: number | null; booked_quantity: number; delivered_quantity: number | null }[]
}
const shipmentFields =
  'id delivered voided memo shipped agency_from_id agency_to_id movements { id item_id lot_id booked_quantity delivered_quantity }'

async function shipped(sandbox: RunningSandbox, quantity: number): Promise<{ id: number; movementId: number }> {
  const created = await api(sandbox).create(oneLine(to, stocked.id, quantity))
  expect(created.status).toBe(201)
  const id = Number(created.body.id)
  expect((await api(sandbox).ship(id)).status).toBe(200)
  const { shipments } = await api(sandbox).gql<{ shipments: GqlShipment[] }>(
    `query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { ${shipmentFields} } }`,
    { id },
  )
  return { id, movementId: shipments[0]!.movements[0]!.id }
}

const receive = (sandbox: RunningSandbox, id: number, shipment: Record<string, unknown>) =>
  rest<Booking & Record<string, string[]>>(sandbox, sandbox.users[0]!, 'PUT', `/inventories/transits/${id}.json`, { shipment })

describe('PUT /inventories/transits/{id}.json', () => {
  it('delivers what arrived and books the shortfall again at the origin, as a new booking', async () => {
    // The stock figures read here (booked, on hand) are the sandbox's own columns.
    const sandbox = withExtensions
    const { id, movementId } = await shipped(sandbox, 10)
    const before = await api(sandbox).stock(stocked.lotId, to)
    const atOrigin = await api(sandbox).stock(stocked.lotId, f.agency)
    const res = await receive(sandbox, id, {
      movements_attributes: { '0': { id: String(movementId), delivered_quantity: 7 } },
      memo: 'llegaron 7 de 10',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: String(id), delivered: true, memo: 'llegaron 7 de 10' })
    expect(await api(sandbox).stock(stocked.lotId, to)).toMatchObject({ available: before.available + 7 })

    const { shipments } = await api(sandbox).gql<{ shipments: GqlShipment[] }>(
      `query($from: bigint!) { shipments(where: {agency_from_id: {_eq: $from}}, order_by: [{id: desc}], limit: 2) { ${shipmentFields} } }`,
      { from: f.agency },
    )
    const [followUp, original] = shipments
    expect(original).toMatchObject({ id, delivered: true })
    expect(original!.movements[0]).toMatchObject({ booked_quantity: 10, delivered_quantity: 7 })
    expect(followUp).toMatchObject({ shipped: false, delivered: false, voided: false, agency_from_id: f.agency, agency_to_id: to })
    expect(followUp!.memo).toMatch(/^Faltante del envío /)
    expect(followUp!.movements).toEqual([
      expect.objectContaining({ item_id: stocked.id, lot_id: stocked.lotId, booked_quantity: 3, delivered_quantity: null }),
    ])
    // The shortfall is earmarked at the origin again.
    expect(await api(sandbox).stock(stocked.lotId, f.agency)).toMatchObject({ available: atOrigin.available - 3 })
  })

  it('delivers every line whole when nothing is short, and makes no other booking', async () => {
    const sandbox = realOnly
    const { id, movementId } = await shipped(sandbox, 4)
    const open = (await api(sandbox).list()).body.length
    const res = await receive(sandbox, id, { movements_attributes: [{ id: movementId, delivered_quantity: '4' }] })
    expect(res.status).toBe(200)
    expect((await api(sandbox).list()).body.length).toBe(open)
  })

  it('refuses more than was booked, a shipment not in transit, and a movement of another shipment', async () => {
    const sandbox = realOnly
    const { id, movementId } = await shipped(sandbox, 2)
    const over = await receive(sandbox, id, { movements_attributes: { '0': { id: movementId, delivered_quantity: 3 } } })
    expect(over.status).toBe(422)
    expect(over.body).toEqual({ 'movements[0].delivered_quantity': ['no puede ser mayor que la cantidad reservada (2.0)'] })
    const open = await api(sandbox).create(oneLine(to, stocked.id, 1))
    const notInTransit = await receive(sandbox, Number(open.body.id), { movements_attributes: {} })
    expect(notInTransit.body).toEqual({ base: ['El envío no está en tránsito'] })
    const stranger = await receive(sandbox, id, { movements_attributes: { '0': { id: 1, delivered_quantity: 1 } } })
    expect(stranger.status).toBe(404)
    expect((await receive(sandbox, id, { movements_attributes: { '0': { id: movementId, delivered_quantity: 2 } } })).status).toBe(200)
    expect((await receive(sandbox, id, {})).body).toEqual({ base: ['El envío ya fue entregado'] })
  })
})

describe('GET /pos/bookings/{id}/deliver.json on a shipment in transit', () => {
  it('is refused where only the real service is played, and delivers whole with the extensions on', async () => {
    const real = await shipped(realOnly, 2)
    const refused = await api(realOnly).deliver(real.id)
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ base: ['El envío está en tránsito: se recibe desde Tránsitos indicando lo entregado'] })
    const ours = await shipped(withExtensions, 2)
    const delivered = await api(withExtensions).deliver(ours.id)
    expect(delivered.body).toMatchObject({ delivered: true })
    expect(delivered.body.movements[0]).toMatchObject({ delivered_quantity: '2.0' })
  })
})

describe('DELETE /inventories/bookings/{id}.json', () => {
  it('voids an open booking (kept, voided, earmark released); with ?destroy=true it is removed', async () => {
    const sandbox = withExtensions
    const before = await api(sandbox).stock(stocked.lotId, f.agency)
    const a = await api(sandbox).create(oneLine(to, stocked.id, 5))
    const voided = await rest(sandbox, sandbox.users[0]!, 'DELETE', `/inventories/bookings/${a.body.id}.json`)
    expect(voided.status).toBe(204)
    expect((await api(sandbox).show(a.body.id)).body).toMatchObject({ voided: true })
    expect(await api(sandbox).stock(stocked.lotId, f.agency)).toMatchObject({ available: before.available })
    const again = await rest(sandbox, sandbox.users[0]!, 'DELETE', `/inventories/bookings/${a.body.id}.json`)
    expect(again.body).toEqual({ base: ['La reserva está anulada'] })

    const b = await api(sandbox).create(oneLine(to, stocked.id, 5))
    expect((await rest(sandbox, sandbox.users[0]!, 'DELETE', `/inventories/bookings/${b.body.id}.json?destroy=true`)).status).toBe(204)
    expect((await api(sandbox).show(b.body.id)).status).toBe(404)
  })
})
