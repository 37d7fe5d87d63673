import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingsClient, type Booking, type Json } from './bookingClient'
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
const brian = () => sandbox.users[1]!
const carlos = () => sandbox.users[2]!
const api = () => bookingsClient(sandbox, ana)
const f = bookingFacts[101]
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const stored = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/

/** Every field of the spec's Shipment table. */
const shipmentFields = [
  'id',
  'zid',
  'entity_id',
  'payee_id',
  'booker_id',
  'shipper_id',
  'deliverer_id',
  'voider_id',
  'returner_id',
  'creator_id',
  'updater_id',
  'transporter_id',
  'contract_id',
  'inventory_audit_id',
  'ecommerce_request_id',
  'reception_id',
  'transfer_request_id',
  'agency_from_id',
  'agency_to_id',
  'id_number',
  'reference',
  'memo',
  'address_from',
  'address_to',
  'uuid',
  'external_image_url',
  'authorized_serial',
  'electronic_authorization_supporting_document',
  'electronic_tax_document',
  'stock_corrections',
  'needs_transport',
  'income',
  'shipped',
  'delivered',
  'voided',
  'returned',
  'pos',
  'issue_external_document',
  'planned_shipping',
  'planned_delivery',
  'shipped_at',
  'delivered_at',
  'voided_at',
  'returned_at',
  'created_at',
  'updated_at',
  'booking_image',
  'shipping_image',
  'delivery_image',
  'movements_count',
  'lock_version',
  'document_external_storage_certified_response',
  'document_external_storage_certified_response_for_voiding',
]
const integerFields = shipmentFields.filter(
  (k) => k === 'id' || k === 'zid' || k.endsWith('_id') || k === 'movements_count' || k === 'lock_version',
)
const timestampFields = ['shipped_at', 'delivered_at', 'voided_at', 'returned_at', 'created_at', 'updated_at']

/** Sets the sandbox clock to an instant (the control door takes an offset from wall time). */
async function clockAt(instant: string): Promise<void> {
  await control(sandbox, 'PUT', '/clock', { offsetMs: Date.parse(instant) - Date.now() })
}

describe('GET /pos/bookings.json', () => {
  it('lists the open bookings whose origin is the caller’s agency, oldest first, with their lines', async () => {
    const res = await api().list()
    expect(res.status).toBe(200)
    expect(res.body.map((b) => b.id)).toEqual([f.bookings.open, f.bookings.noTransport, f.bookings.withBundle])
    expect(res.body).toHaveLength(f.openBookingsInList)
    for (const b of res.body) {
      expect(b).toMatchObject({
        agency_from_id: f.agency,
        shipped: false,
        delivered: false,
        voided: false,
        returned: false,
        entity_id: 101,
      })
      expect(b.movements.length).toBe(b.movements_count)
    }
  })

  it('leaves out shipped, voided and other agencies’ bookings', async () => {
    const ids = (await api().list()).body.map((b) => b.id)
    for (const id of [f.bookings.inTransitIncoming, f.bookings.inTransitOutgoing, f.bookings.voided, f.bookings.otherAgencyOpen])
      expect(ids).not.toContain(id)
  })

  it('answers in list style: every spec field, integers as numbers, timestamps ISO 8601, dates plain', async () => {
    const [b] = (await api().list()).body as Booking[]
    expect(Object.keys(b!).sort()).toEqual([...shipmentFields, 'movements'].sort())
    for (const k of integerFields) expect(b![k] === null || typeof b![k] === 'number', k).toBe(true)
    for (const k of timestampFields) expect(b![k] === null || iso.test(String(b![k])), k).toBe(true)
    expect(b!.created_at).toMatch(iso)
    expect(b!.planned_delivery).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(b!).toMatchObject({
      booking_image: null,
      document_external_storage_certified_response: null,
      pos: true,
      transfer_request_id: f.transferRequests.booked,
    })
    const m = b!.movements[0]!
    expect(Object.keys(m).sort()).toEqual([
      'booked_quantity',
      'bundle_id',
      'delivered_quantity',
      'id',
      'item_id',
      'lot_id',
      'reference',
      'serial_number',
    ])
    expect(typeof m.id).toBe('number')
    expect(typeof m.item_id).toBe('number')
    expect(typeof m.lot_id).toBe('number')
    expect(m.booked_quantity).toMatch(/^\d+\.\d+$/)
  })

  it('shows bundle lines with their bundle and the no-transport booking’s memo', async () => {
    const list = (await api().list()).body
    const withBundle = list.find((b) => b.id === f.bookings.withBundle)!
    expect(withBundle.movements.some((m) => m.bundle_id !== null)).toBe(true)
    expect(withBundle.movements.some((m) => m.bundle_id === null)).toBe(true)
    expect(list.find((b) => b.id === f.bookings.noTransport)).toMatchObject({ needs_transport: false, memo: expect.any(String) })
  })

  it('is per user: another agency’s clerk sees their own agency’s bookings', async () => {
    const theirs = await bookingsClient(sandbox, brian).list()
    expect(theirs.body.map((b) => b.id)).toEqual([f.bookings.otherAgencyOpen])
    const distribuidora = await bookingsClient(sandbox, carlos).list()
    expect(distribuidora.body.map((b) => b.id)).toEqual([bookingFacts[102].bookings.otherAgencyOpen])
  })

  it('follows the current entity', async () => {
    expect((await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })).status).toBe(200)
    const f102 = bookingFacts[102]
    const list = (await api().list()).body
    expect(list.map((b) => b.id)).toEqual([f102.bookings.open, f102.bookings.noTransport, f102.bookings.withBundle])
    expect(list.every((b) => b.agency_from_id === f102.agency && b.entity_id === 102)).toBe(true)
  })

  it('needs the user’s headers', async () => {
    const res = await fetch(`${sandbox.url}/pos/bookings.json`)
    expect(res.status).toBe(401)
  })
})

describe('GET /pos/bookings/{id}.json and /edit.json', () => {
  it('answer in detail style: integers as strings, timestamps without zone, lines too', async () => {
    const res = await api().show(f.bookings.open)
    expect(res.status).toBe(200)
    const b = res.body
    expect(Object.keys(b).sort()).toEqual([...shipmentFields, 'movements'].sort())
    for (const k of integerFields) expect(b[k] === null || typeof b[k] === 'string', k).toBe(true)
    expect(b).toMatchObject({
      id: String(f.bookings.open),
      agency_from_id: String(f.agency),
      lock_version: '0',
      transfer_request_id: String(f.transferRequests.booked),
    })
    for (const k of timestampFields) expect(b[k] === null || stored.test(String(b[k])), k).toBe(true)
    expect(b.created_at).toMatch(stored)
    const m = b.movements[0]!
    expect(typeof m.id).toBe('string')
    expect(typeof m.lot_id).toBe('string')
  })

  it('show a shipment in transit with its shipper and time, and a voided booking as voided', async () => {
    const transit = (await api().show(f.bookings.inTransitIncoming)).body
    expect(transit).toMatchObject({
      shipped: true,
      delivered: false,
      agency_to_id: String(f.agency),
      shipper_id: expect.any(String),
      lock_version: '1',
    })
    expect(transit.shipped_at).toMatch(stored)
    const voided = (await api().show(f.bookings.voided)).body
    expect(voided).toMatchObject({ voided: true, voider_id: '5001' })
    expect(voided.voided_at).toMatch(stored)
  })

  it('edit adds the destinations the form offers', async () => {
    const res = await api().edit(f.bookings.open)
    expect(res.status).toBe(200)
    const shown = (await api().show(f.bookings.open)).body
    expect(res.body).toMatchObject({ ...shown, filter_destinations_by_agency_category: false })
    const destinations = res.body.destination_agencies as Json[]
    expect(destinations.map((a) => a.id)).toEqual(['301', '303', '304'])
    expect(destinations[0]).toEqual({ id: '301', name: 'Bodega Central', address: expect.any(String), agency_category_id: '31' })
  })

  it('answer 404 {error} for an unknown id, a malformed one and another entity’s booking', async () => {
    for (const id of ['999999', 'abc', String(bookingFacts[102].bookings.open)]) {
      for (const res of [await api().show(id), await api().edit(id)]) {
        expect(res.status, id).toBe(404)
        expect(res.body).toEqual({ error: expect.stringContaining(id) })
      }
    }
  })
})

describe('GET /pos/bookings/new.json', () => {
  it('prefills origin, booker, transport and today, and offers every other active agency', async () => {
    const res = await api().fresh()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: null,
      agency_from_id: String(f.agency),
      agency_to_id: null,
      booker_id: '5001',
      needs_transport: true,
      entity_id: '101',
      movements: [],
      lock_version: '0',
      filter_destinations_by_agency_category: false,
    })
    for (const k of shipmentFields) expect(res.body, k).toHaveProperty(k)
    expect((res.body.destination_agencies as Json[]).map((a) => a.id)).toEqual(['301', '303', '304'])
  })

  it('gives today in the profile’s zone, Rails name or IANA, not UTC’s date', async () => {
    // 03:00 UTC on 10 March is still the 9th in Guatemala ("Central America") and New York.
    await clockAt('2025-03-10T03:00:00Z')
    expect((await api().fresh()).body.planned_delivery).toBe('2025-03-09')
    expect((await bookingsClient(sandbox, brian).fresh()).body.planned_delivery).toBe('2025-03-09')
    await rest(sandbox, ana(), 'PATCH', '/profile.json', { user: { time_zone: 'Tokyo' } })
    expect((await api().fresh()).body.planned_delivery).toBe('2025-03-10')
    await rest(sandbox, ana(), 'PATCH', '/profile.json', { user: { time_zone: 'America/Guatemala' } })
    expect((await api().fresh()).body.planned_delivery).toBe('2025-03-09')
  })

  it('offers only the origin’s category when the POS setting is on', async () => {
    await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: true })
    const res = await api().fresh()
    expect(res.body.filter_destinations_by_agency_category).toBe(true)
    expect((res.body.destination_agencies as Json[]).map((a) => a.id)).toEqual(['303', '304'])
    expect(((await api().edit(f.bookings.open)).body.destination_agencies as Json[]).map((a) => a.id)).toEqual(['303', '304'])
  })

  it('prefills from a pending transfer request: origin, destination, planned delivery and lines', async () => {
    const res = await api().fresh(`?transfer_request_id=${f.transferRequests.pending}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      transfer_request_id: String(f.transferRequests.pending),
      agency_from_id: String(f.agency),
      agency_to_id: String(f.transferRequests.pendingDestination),
      planned_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      movements_count: '2',
    })
    expect(res.body.movements.map((m) => ({ itemId: Number(m.item_id), quantity: m.booked_quantity }))).toEqual(
      f.transferRequests.pendingLines,
    )
    expect(res.body.movements.every((m) => m.id === null && m.lot_id === null)).toBe(true)
  })

  it('refuses a booked or voided request (422) and an unknown one (404)', async () => {
    expect((await api().fresh(`?transfer_request_id=${f.transferRequests.booked}`)).body).toEqual({
      transfer_request_id: ['ya tiene una reserva'],
    })
    const voided = await api().fresh(`?transfer_request_id=${f.transferRequests.voided}`)
    expect(voided.status).toBe(422)
    expect(voided.body).toEqual({ transfer_request_id: ['está anulada'] })
    expect((await api().fresh('?transfer_request_id=abc')).status).toBe(422)
    const unknown = await api().fresh(`?transfer_request_id=${bookingFacts[102].transferRequests.pending}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: expect.any(String) })
  })
})
