import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { agencies, items, stockShop } from '../../../support/fakeApi/shopCatalogue'

// Sending the outbox: what the clerk sees of each booking after a push meets the fake service's answers.

let core: FakeCore
const pulled = pulledCores(fake, stockShop)
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

const fourScrews = () =>
  core.bookings.create({ agencyToId: agencies.norte, plannedDelivery: '2026-03-05', lines: [{ itemId: items.screw, bookedQuantity: '4' }] })
    .booking.localId

describe('pushing the outbox', () => {
  it('sends a new booking: it is synced, with the number the service gave it', async () => {
    const localId = fourScrews()
    expect(await core.bookings.push()).toMatchObject({ sent: 1, waiting: 0, failed: 0 })
    const [shipment] = fake.shipments.values()
    expect(core.bookings.get(localId)).toMatchObject({ state: 'synced', serviceId: shipment?.id })
    expect(shipment?.movements.map((m) => [m.item_id, m.booked_quantity])).toEqual([[items.screw, '4']])
  })

  it('keeps the booking waiting, with nothing sent, while the service cannot be reached', async () => {
    const localId = fourScrews()
    fake.failNext('createBooking', { kind: 'offline' })
    expect(await core.bookings.push()).toMatchObject({ sent: 0, waiting: 1 })
    expect(core.bookings.get(localId).state).toBe('pending')
    expect(fake.shipments.size).toBe(0)
    expect((await core.bookings.push({ ignoreBackoff: true })).sent).toBe(1)
  })

  it('marks the booking failed, with the field the service refused, and sends nothing more of it', async () => {
    const localId = fourScrews()
    core.bookings.ship(localId)
    fake.failNext('createBooking', { kind: 'refused', field: 'agencyToId', message: 'no admite envíos / takes no shipments' })
    expect(await core.bookings.push()).toMatchObject({ sent: 0, failed: 1 })
    expect(core.bookings.get(localId)).toMatchObject({ state: 'failed', problem: { code: 'validation', field: 'agencyToId' } })
    expect(fake.shipments.size).toBe(0)
  })

  it('finds a create whose answer was lost by its marker instead of creating it twice', async () => {
    const localId = fourScrews()
    fake.failNext('createBooking', { kind: 'lost' })
    await core.bookings.push()
    expect(core.bookings.get(localId).state).toBe('pending')
    expect(await core.bookings.push({ ignoreBackoff: true })).toMatchObject({ sent: 1, waiting: 0 })
    expect(fake.shipments.size).toBe(1)
    expect(core.bookings.get(localId)).toMatchObject({ state: 'synced', serviceId: [...fake.shipments.keys()][0] })
  })

  it('ships on the service what was shipped here, after its create', async () => {
    const localId = fourScrews()
    core.bookings.ship(localId)
    expect((await core.bookings.push()).sent).toBe(2)
    expect([...fake.shipments.values()].map((s) => s.shipped)).toEqual([true])
    expect(core.bookings.get(localId)).toMatchObject({ state: 'synced', shipped: true })
  })
})

describe('voiding and deleting', () => {
  it('leaves this computer with a booking the service never got, and sends nothing', async () => {
    const localId = fourScrews()
    core.bookings.void(localId)
    expect(core.bookings.list()).toEqual([])
    expect(await core.bookings.push()).toMatchObject({ sent: 0, waiting: 0 })
    expect(fake.shipments.size).toBe(0)
    expect(() => core.bookings.get(localId)).toThrow(expect.objectContaining({ code: 'not_found' }))
  })

  it('voids on the service a booking it has, and gone from the list at once', async () => {
    const localId = fourScrews()
    await core.bookings.push()
    core.bookings.void(localId)
    expect(core.bookings.list()).toEqual([])
    expect((await core.bookings.push()).sent).toBe(1)
    expect([...fake.shipments.values()].map((s) => s.voided)).toEqual([true])
  })

  it('refuses to void or delete a shipped booking', async () => {
    const localId = fourScrews()
    core.bookings.ship(localId)
    expect(() => core.bookings.void(localId)).toThrow(expect.objectContaining({ code: 'conflict' }))
    expect(() => core.bookings.delete(localId)).toThrow(expect.objectContaining({ code: 'conflict' }))
  })
})
