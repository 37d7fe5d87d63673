import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serviceBundle } from '../../../support/fakeApi/bundlesFake'
import { fakeCore, type FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { agencies, items, lots, stockShop } from '../../../support/fakeApi/shopCatalogue'

// The counter's scan answers from the cache alone, offline; the catalogue comes from the fake (test/support/fakeApi).

let core: FakeCore
const pulled = pulledCores(fake, (service) => {
  stockShop(service)
  service.bundles.set(1, serviceBundle(1, { code: 'KIT-1', name: 'Kit de fijación', components: [{ itemId: items.screw, quantity: '2' }] }))
  service.bundles.set(2, serviceBundle(2, { code: 'KIT-OLD', name: 'Kit retirado', active: false }))
  service.bundles.set(3, serviceBundle(3, { code: 'SURTIDO', name: 'Surtido', categoryBundle: true, itemCategoryId: 1 }))
})
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

describe('scanning at the counter', () => {
  it('finds an item by its code, as typed with spaces, with what the agency has of it and its lots', () => {
    expect(core.counter.scan(' TORN-1 ')).toMatchObject({
      kind: 'item',
      code: 'TORN-1',
      item: { item: { id: items.screw, name: 'Tornillo', available: 20 }, lots: [{ id: lots.screw, available: 20 }] },
    })
  })

  it('shows the figure net of bookings not yet sent, for the item and its lot', () => {
    core.bookings.create({
      agencyToId: agencies.norte,
      plannedDelivery: '2026-03-05',
      lines: [{ itemId: items.screw, bookedQuantity: '4', lotId: lots.screw }],
    })
    expect(core.counter.scan('TORN-1')).toMatchObject({
      item: { item: { available: 16 }, lots: [{ id: lots.screw, available: 16 }] },
    })
  })

  it('says unknown for a code the catalogue does not have', () => {
    expect(core.counter.scan('NOPE-9')).toEqual({ kind: 'unknown', code: 'NOPE-9' })
  })

  it('says the catalogue has not arrived when no pull has ended yet, the code the service’s for all it knows', async () => {
    const first = fakeCore()
    try {
      // Signed in, the entity known: only the catalogue is missing.
      await first.profile.whoami()
      expect(first.counter.scan('TORN-1')).toEqual({ kind: 'unknown', code: 'TORN-1', noCatalogueYet: true })
    } finally {
      first.close()
    }
  })

  it('expands a bundle into its components, each with the quantity one bundle takes', () => {
    expect(core.counter.scan('KIT-1')).toMatchObject({
      kind: 'bundle',
      components: [{ item: { id: items.screw }, quantity: '2' }],
      choices: [],
    })
  })

  it('refuses a withdrawn bundle, naming it', () => {
    expect(core.counter.scan('KIT-OLD')).toEqual({ kind: 'refused', code: 'KIT-OLD', reason: 'inactive', name: 'KIT-OLD Kit retirado' })
  })

  it('offers the items of a dynamic bundle’s category that the agency has in stock', () => {
    const scan = core.counter.scan('SURTIDO')
    expect(scan.kind === 'bundle' ? scan.choices.map((c) => c.item.id).sort() : scan).toEqual([items.screw, items.paint])
  })
})
