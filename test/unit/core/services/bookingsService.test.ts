import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { AppError } from '@shared/errors'
import { fakeCore, type FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { agencies, items, lots, stockShop } from '../../../support/fakeApi/shopCatalogue'

// The service's rules over the real cache and outbox; the api layer answers from memory (test/support/fakeApi).

/** What the service refused: its code and the fields it named. */
function refusal(act: () => unknown): { code: string; fields: string[] } {
  try {
    act()
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, fields: err.field ? [...new Set([err.field, ...Object.keys(err.fields)])] : [] }
    throw err
  }
  throw new Error('the service accepted it')
}

const screws = (bookedQuantity = '4'): BookingInput => ({
  agencyToId: agencies.norte,
  plannedDelivery: '2026-03-05',
  lines: [{ itemId: items.screw, bookedQuantity }],
})

let core: FakeCore
const pulled = pulledCores(fake, stockShop)
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

describe('a new booking', () => {
  it('is kept at once, from the user’s agency, with one create waiting in the outbox', () => {
    const { booking, warnings } = core.bookings.create(screws())
    expect(booking).toMatchObject({ state: 'pending', agencyFromId: agencies.central, agencyToId: agencies.norte })
    expect(booking.lines[0]).toMatchObject({ itemCode: 'TORN-1', itemName: 'Tornillo', bookedQuantity: '4' })
    expect(warnings).toEqual([])
    expect(core.bookings.outbox().map((e) => [e.op, e.state])).toEqual([['create', 'queued']])
  })

  it('warns when it books more than the agency has, counting what waits unsent', () => {
    core.bookings.create(screws('15'))
    const { warnings } = core.bookings.create(screws('8'))
    expect(warnings).toEqual([{ itemId: items.screw, requested: 8, available: 5 }])
  })

  it('is refused when its destination is its origin', () => {
    expect(refusal(() => core.bookings.create({ ...screws(), agencyToId: agencies.central }))).toEqual({
      code: 'bad_input',
      fields: ['agencyToId'],
    })
  })

  it('is refused on the line of an item withdrawn from sale, and nothing is kept', () => {
    const nails = {
      ...screws(),
      lines: [
        { itemId: items.screw, bookedQuantity: '1' },
        { itemId: items.nail, bookedQuantity: '1' },
      ],
    }
    expect(refusal(() => core.bookings.create(nails))).toEqual({ code: 'bad_input', fields: ['lines[1].itemId'] })
    expect(core.bookings.list()).toEqual([])
    expect(core.bookings.outbox()).toEqual([])
  })

  it('is refused for a lot of another item and for a closed destination', () => {
    const wrongLot = { ...screws(), lines: [{ itemId: items.screw, bookedQuantity: '1', lotId: lots.paint }] }
    expect(refusal(() => core.bookings.create(wrongLot))).toEqual({ code: 'bad_input', fields: ['lines[0].lotId'] })
    expect(refusal(() => core.bookings.create({ ...screws(), agencyToId: agencies.closed }))).toEqual({
      code: 'bad_input',
      fields: ['agencyToId'],
    })
  })
})

describe('editing a booking', () => {
  it('rewrites a create not yet sent instead of queueing an update', () => {
    const { booking } = core.bookings.create(screws())
    const edited = core.bookings.update(booking.localId, { lines: [{ itemId: items.screw, bookedQuantity: '6' }] })
    expect(edited.booking.lines[0]?.bookedQuantity).toBe('6')
    expect(core.bookings.outbox().map((e) => e.op)).toEqual(['create'])
  })

  it('is refused once the booking is shipped', () => {
    const { booking } = core.bookings.create(screws())
    core.bookings.ship(booking.localId)
    expect(refusal(() => core.bookings.update(booking.localId, { reference: 'otra' }))).toEqual({ code: 'conflict', fields: [] })
  })

  it('refuses to take the destination of a booking on its way', () => {
    const { booking } = core.bookings.create(screws())
    expect(refusal(() => core.bookings.update(booking.localId, { agencyToId: null }))).toEqual({
      code: 'bad_input',
      fields: ['agencyToId'],
    })
  })
})

describe('a draft', () => {
  it('waits without a destination and queues nothing until it is submitted with one', () => {
    const { booking } = core.bookings.create({ ...screws(), agencyToId: null, draft: true })
    expect(booking.state).toBe('draft')
    expect(core.bookings.outbox()).toEqual([])
    expect(refusal(() => core.bookings.submit(booking.localId))).toEqual({ code: 'bad_input', fields: ['agencyToId'] })
    core.bookings.update(booking.localId, { agencyToId: agencies.norte })
    expect(core.bookings.submit(booking.localId).booking.state).toBe('pending')
    expect(core.bookings.outbox().map((e) => e.op)).toEqual(['create'])
  })

  it('is checked against the catalogue again when submitted', () => {
    const { booking } = core.bookings.create({ ...screws(), lines: [{ itemId: items.paint, bookedQuantity: '1' }], draft: true })
    fake.items.set(items.paint, { ...fake.items.get(items.paint)!, active: false })
    return core.catalogue.pull(true).then(() => {
      expect(refusal(() => core.bookings.submit(booking.localId))).toEqual({ code: 'bad_input', fields: ['lines[0].itemId'] })
    })
  })

  it('cannot be shipped or delivered', () => {
    const { booking } = core.bookings.create({ ...screws(), draft: true })
    expect(refusal(() => core.bookings.ship(booking.localId)).code).toBe('conflict')
    expect(refusal(() => core.bookings.deliver(booking.localId)).code).toBe('conflict')
  })
})

describe('shipping and delivering', () => {
  it('ships, then delivers, a booking that needs transport, each queued after the create', () => {
    const { booking } = core.bookings.create(screws())
    expect(core.bookings.ship(booking.localId).booking).toMatchObject({ shipped: true, shippedAt: '2026-03-02T15:00:00.000Z' })
    expect(core.bookings.deliver(booking.localId).booking.delivered).toBe(true)
    expect(core.bookings.outbox().map((e) => e.op)).toEqual(['create', 'ship', 'deliver'])
  })

  it('refuses to deliver what needs transport before it is shipped, and to ship twice', () => {
    const { booking } = core.bookings.create(screws())
    expect(refusal(() => core.bookings.deliver(booking.localId)).code).toBe('conflict')
    core.bookings.ship(booking.localId)
    expect(refusal(() => core.bookings.ship(booking.localId)).code).toBe('conflict')
  })

  it('delivers at once a booking without transport', () => {
    const { booking } = core.bookings.create({ ...screws(), needsTransport: false })
    expect(core.bookings.deliver(booking.localId).booking.delivered).toBe(true)
  })
})

describe('before the catalogue was ever pulled', () => {
  it('refuses nothing the catalogue would know of', async () => {
    core.close()
    core = fakeCore()
    await core.profile.whoami()
    const nails = { ...screws(), lines: [{ itemId: items.nail, bookedQuantity: '1' }] }
    expect(core.bookings.create(nails).booking.state).toBe('pending')
  })
})
