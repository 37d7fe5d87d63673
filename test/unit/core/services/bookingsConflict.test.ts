import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { agencies, items, stockShop } from '../../../support/fakeApi/shopCatalogue'

// An edit of a booking the service has: sent as an update, or held as a conflict when it changed there meanwhile.

let core: FakeCore
const pulled = pulledCores(fake, stockShop)
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

/** A booking of four screws, created here and confirmed by the service; its service number. */
async function synced(): Promise<{ localId: string; serviceId: number }> {
  const { booking } = core.bookings.create({
    agencyToId: agencies.norte,
    plannedDelivery: '2026-03-05',
    reference: 'nuestra',
    lines: [{ itemId: items.screw, bookedQuantity: '4' }],
  })
  await core.bookings.push()
  const serviceId = core.bookings.get(booking.localId).serviceId
  if (serviceId === null) throw new Error('the create was not confirmed')
  return { localId: booking.localId, serviceId }
}

describe('an edit of a booking the service has', () => {
  it('goes out as an update of that booking', async () => {
    const { localId, serviceId } = await synced()
    core.bookings.update(localId, { reference: 'cambiada' })
    expect((await core.bookings.push()).sent).toBe(1)
    expect(fake.shipments.get(serviceId)?.reference).toBe('cambiada')
    expect(core.bookings.get(localId)).toMatchObject({ state: 'synced', reference: 'cambiada' })
  })

  it('is held as a conflict when the booking changed on the service, and keeping theirs takes the service’s version', async () => {
    const { localId, serviceId } = await synced()
    const theirs = fake.shipments.get(serviceId)!
    fake.shipments.set(serviceId, { ...theirs, reference: 'de ellos', lock_version: theirs.lock_version + 1 })
    core.bookings.update(localId, { reference: 'cambiada' })
    expect((await core.bookings.push()).conflicts).toBe(1)
    expect(core.bookings.get(localId).state).toBe('conflict')
    expect(fake.shipments.get(serviceId)?.reference).toBe('de ellos')
    const [entry] = core.bookings.outbox().filter((e) => e.state === 'conflict')
    await core.bookings.keepTheirs(entry!.seq)
    expect(core.bookings.get(localId)).toMatchObject({ state: 'synced', reference: 'de ellos' })
  })
})
