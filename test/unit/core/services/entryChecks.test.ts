import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { AppError } from '@shared/errors'
import type { FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { agencies, items, stockShop } from '../../../support/fakeApi/shopCatalogue'

// The checks a booking passes as it is entered (entryChecks.ts), through the commands that run them.

/** The fields a refusal named; [] when the command was accepted. */
function refusedFields(act: () => unknown): string[] {
  try {
    act()
    return []
  } catch (err) {
    if (err instanceof AppError && err.code === 'bad_input') return Object.keys(err.fields)
    throw err
  }
}

const booking = (itemId: number, bookedQuantity: string, extra: Partial<BookingInput> = {}): BookingInput => ({
  agencyToId: agencies.norte,
  plannedDelivery: '2026-03-05',
  lines: [{ itemId, bookedQuantity }],
  ...extra,
})

let core: FakeCore
const pulled = pulledCores(fake, stockShop)
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

describe('what waits unsent of an item', () => {
  it('stays within the largest quantity the service stores, counted over every unsent booking', () => {
    expect(refusedFields(() => core.bookings.create(booking(items.screw, '999999999')))).toEqual([])
    expect(refusedFields(() => core.bookings.create(booking(items.screw, '1')))).toEqual(['lines[0].bookedQuantity'])
  })

  it('does not count a draft, which weighs on nothing until it is submitted', () => {
    core.bookings.create(booking(items.screw, '999999999', { draft: true }))
    expect(refusedFields(() => core.bookings.create(booking(items.screw, '999999999')))).toEqual([])
  })

  it('does not count the booking being edited twice', () => {
    const { booking: kept } = core.bookings.create(booking(items.screw, '999999999'))
    expect(
      refusedFields(() => core.bookings.update(kept.localId, { lines: [{ itemId: items.screw, bookedQuantity: '999999998' }] })),
    ).toEqual([])
  })
})

describe('an edit', () => {
  it('checks only what it brings: a line withdrawn since it was entered stays, a new withdrawn one is refused', async () => {
    const { booking: kept } = core.bookings.create(booking(items.paint, '1'))
    fake.items.set(items.paint, { ...fake.items.get(items.paint)!, active: false })
    await core.catalogue.pull(true)
    expect(refusedFields(() => core.bookings.update(kept.localId, { reference: 'con referencia' }))).toEqual([])
    const lines = [
      { itemId: items.paint, bookedQuantity: '1' },
      { itemId: items.nail, bookedQuantity: '1' },
    ]
    expect(refusedFields(() => core.bookings.update(kept.localId, { lines }))).toEqual(['lines[1].itemId'])
  })
})
