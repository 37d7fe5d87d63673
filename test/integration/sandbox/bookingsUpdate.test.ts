import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingPath, bookingsClient, oneLine, type Booking } from './bookingClient'
import { rest } from './sandboxClient'

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
const lastUnit = f.lastUnitItem
const stored = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/

/** A fresh booking of the stocked item (5) and the last unit (1). */
async function twoLineBooking(): Promise<Booking> {
  const res = await api().create({
    agency_to_id: f.sameCategoryAgency,
    movements_attributes: { '0': { item_id: stocked.id, booked_quantity: 5 }, '1': { item_id: lastUnit.id, booked_quantity: 1 } },
  })
  expect(res.status).toBe(201)
  return res.body
}

describe('PUT /pos/bookings/{id}.json', () => {
  it('changes the fields given, answers in detail style and increments lock_version each time', async () => {
    const b = await twoLineBooking()
    const first = await api().update(b.id, {
      reference: 'Cambio 1',
      planned_delivery: '2025-11-30',
      needs_transport: false,
      memo: 'nota',
      lock_version: 0,
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      id: String(b.id),
      reference: 'Cambio 1',
      planned_delivery: '2025-11-30',
      needs_transport: false,
      memo: 'nota',
      lock_version: '1',
    })
    expect(first.body.updated_at).toMatch(stored)
    expect(first.body.movements).toHaveLength(2)
    const second = await api().update(b.id, { agency_to_id: f.otherCategoryAgency })
    expect(second.body).toMatchObject({
      lock_version: '2',
      agency_to_id: String(f.otherCategoryAgency),
      reference: 'Cambio 1',
      address_to: 'Calzada Roosevelt 22-43, Zona 11',
    })
    expect((await api().show(b.id)).body.lock_version).toBe('2')
  })

  it('answers 409 {error} when the lock_version sent is not the stored one, and changes nothing', async () => {
    const b = await twoLineBooking()
    expect((await api().update(b.id, { reference: 'mine', lock_version: '0' })).status).toBe(200)
    const stale = await api().update(b.id, { reference: 'theirs', lock_version: 0 })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ error: expect.stringContaining('versión 1') })
    expect((await api().show(b.id)).body).toMatchObject({ reference: 'mine', lock_version: '1' })
    // Without lock_version the last write wins, as in Rails without the field.
    expect((await api().update(b.id, { reference: 'theirs' })).status).toBe(200)
  })

  it('changes, removes and adds lines, moving the earmarks with them', async () => {
    const b = await twoLineBooking()
    const [line0, line1] = b.movements
    expect(await api().stock(stocked.lotId, f.agency)).toMatchObject({ available: 115, booked: 5 })
    const res = await api().update(b.id, {
      movements_attributes: {
        '0': { id: line0!.id, booked_quantity: '8' },
        '1': { id: String(line1!.id), _destroy: '1' },
        '2': { item_id: f.multiLotItem.id, booked_quantity: 3, serial_number: 'S-9' },
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.movements_count).toBe('2')
    expect(res.body.movements.map((m) => [m.id, m.item_id, m.booked_quantity, m.serial_number])).toEqual([
      [String(line0!.id), String(stocked.id), '8.0', null],
      [expect.any(String), String(f.multiLotItem.id), '3.0', 'S-9'],
    ])
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 112, booked: 8, on_hand: 120 })
    expect(await api().stock(lastUnit.lotId, f.agency)).toEqual({ available: 1, booked: 0, on_hand: 1 })
    expect(await api().stock(f.multiLotItem.lots[0]!.id, f.agency)).toMatchObject({ available: 3, booked: 3 })
  })

  it('counts the booking’s own earmark as available to it, and refuses what goes beyond on that line', async () => {
    const b = await twoLineBooking()
    const lastLine = b.movements[1]!
    // Keeping its own last unit is fine…
    expect(
      (await api().update(b.id, { movements_attributes: { '0': { id: lastLine.id, booked_quantity: 1, reference: 'sigue' } } })).status,
    ).toBe(200)
    // …one more is not; the error names the entry of movements_attributes.
    const res = await api().update(b.id, {
      movements_attributes: { '0': { id: b.movements[0]!.id, reference: 'x' }, '1': { id: lastLine.id, booked_quantity: 2 } },
    })
    expect(res.status).toBe(422)
    // An existing line keeps its lot, so the message names it.
    expect(res.body).toEqual({
      'movements[1].booked_quantity': [
        `excede la existencia disponible de ${lastUnit.code}, lote GENERAL, en Tienda Zona 1 (disponible: 1.0)`,
      ],
    })
    expect(await api().stock(lastUnit.lotId, f.agency)).toEqual({ available: 0, booked: 1, on_hand: 1 })
  })

  it('moves a changed item’s line to the new item’s default lot', async () => {
    const b = await twoLineBooking()
    const res = await api().update(b.id, { movements_attributes: [{ id: b.movements[1]!.id, item_id: stocked.id, booked_quantity: 2 }] })
    expect(res.status).toBe(200)
    expect(res.body.movements[1]).toMatchObject({ item_id: String(stocked.id), lot_id: String(stocked.lotId), booked_quantity: '2.0' })
    expect(await api().stock(stocked.lotId, f.agency)).toMatchObject({ available: 113, booked: 7 })
    expect(await api().stock(lastUnit.lotId, f.agency)).toMatchObject({ available: 1, booked: 0 })
  })

  it('refuses removing every line, changing the origin or the request, and a line of another booking', async () => {
    const b = await twoLineBooking()
    const destroyAll = await api().update(b.id, { movements_attributes: b.movements.map((m) => ({ id: m.id, _destroy: true })) })
    expect(destroyAll.body).toEqual({ movements: ['debe tener al menos un producto'] })
    expect((await api().update(b.id, { agency_from_id: f.otherCategoryAgency })).body).toEqual({ agency_from_id: ['no se puede cambiar'] })
    expect((await api().update(b.id, { agency_from_id: f.agency, reference: 'ok' })).status).toBe(200)
    expect((await api().update(b.id, { transfer_request_id: f.transferRequests.pending })).body).toEqual({
      transfer_request_id: ['no se puede cambiar'],
    })
    const seeded = (await api().show(f.bookings.open)).body
    const foreignLine = await api().update(b.id, { movements_attributes: [{ id: seeded.movements[0]!.id, booked_quantity: 1 }] })
    expect(foreignLine.status).toBe(404)
    expect(foreignLine.body).toEqual({ error: `Couldn't find Movement with ID=${seeded.movements[0]!.id} for Shipment with ID=${b.id}` })
  })

  it('is refused once shipped (422 {base}), on a voided booking, and for an unknown one (404)', async () => {
    const shipped = await api().update(f.bookings.inTransitOutgoing, { reference: 'tarde' })
    expect(shipped.status).toBe(422)
    expect(shipped.body).toEqual({ base: ['La reserva ya fue despachada y no se puede modificar'] })
    expect((await api().update(f.bookings.voided, { reference: 'x' })).body).toEqual({ base: ['La reserva está anulada'] })
    expect((await api().update(999_999, { reference: 'x' })).status).toBe(404)
    expect((await api().update(bookingFacts[102].bookings.open, { reference: 'x' })).status).toBe(404)
  })

  it('accepts PATCH like PUT, and wants the shipment root key', async () => {
    const res = await rest<Booking>(sandbox, ana(), 'PATCH', bookingPath(f.bookings.open), { shipment: { reference: 'por PATCH' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ reference: 'por PATCH', lock_version: '1' })
    expect((await rest(sandbox, ana(), 'PUT', bookingPath(f.bookings.open), { reference: 'x' })).status).toBe(400)
  })
})

describe('DELETE /pos/bookings/{id}.json', () => {
  it('answers 204 without a body, releases the earmarks and drops it from the list', async () => {
    const b = await twoLineBooking()
    const res = await fetch(`${sandbox.url}${bookingPath(b.id)}`, {
      method: 'DELETE',
      headers: { 'X-User-Email': ana().email, 'X-User-Token': ana().token },
    })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await api().stock(stocked.lotId, f.agency)).toEqual({ available: 120, booked: 0, on_hand: 120 })
    expect(await api().stock(lastUnit.lotId, f.agency)).toEqual({ available: 1, booked: 0, on_hand: 1 })
    expect((await api().list()).body.map((x) => x.id)).not.toContain(b.id)
    expect((await api().show(b.id)).status).toBe(404)
    expect((await api().remove(b.id)).status).toBe(404)
  })

  it('puts the booking’s transfer request back to pending', async () => {
    const state = async () =>
      (
        await api().gql<{ transfer_requests_by_pk: { booked: boolean } }>(
          'query ($id: bigint!) { transfer_requests_by_pk(id: $id) { booked } }',
          { id: f.transferRequests.booked },
        )
      ).transfer_requests_by_pk.booked
    expect(await state()).toBe(true)
    expect((await api().remove(f.bookings.open)).status).toBe(204)
    expect(await state()).toBe(false)
  })

  it('is refused once shipped or voided (422 {base}) and for another entity’s booking (404)', async () => {
    expect((await api().remove(f.bookings.inTransitOutgoing)).body).toEqual({
      base: ['La reserva ya fue despachada y no se puede eliminar'],
    })
    expect((await api().remove(f.bookings.voided)).body).toEqual({ base: ['La reserva está anulada'] })
    expect((await api().remove(bookingFacts[102].bookings.open)).status).toBe(404)
    expect((await api().remove('abc')).status).toBe(404)
  })

  it('never hands a deleted booking’s id out again', async () => {
    const b = await twoLineBooking()
    await api().remove(b.id)
    const next = await api().create(oneLine(f.sameCategoryAgency, stocked.id, 1))
    expect(next.body.id).toBeGreaterThan(b.id as number)
  })
})
