import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { items, stockShop } from '../../../support/fakeApi/shopCatalogue'

// The offline catalogue: what a pull brings, and what a failed one leaves (test/support/fakeApi).

const codes = (core: FakeCore) =>
  core.catalogue
    .items('', 50)
    .map((i) => i.code)
    .sort()

let core: FakeCore
const pulled = pulledCores(fake, stockShop)
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

describe('pulling the catalogue', () => {
  it('brings what the service added since the last pull', async () => {
    fake.items.set(9, { id: 9, code: 'BROCA-9', name: 'Broca', ean13: null, measurement_unit: null, item_category_id: 1, active: true })
    await core.catalogue.pull(true)
    expect(codes(core)).toContain('BROCA-9')
  })

  it('keeps the snapshot the counter reads when a pull fails half way, and says why until one succeeds', async () => {
    const before = codes(core)
    fake.items.delete(items.screw)
    fake.failNext('readPages', { kind: 'offline' })
    await expect(core.catalogue.pull(true)).rejects.toMatchObject({ code: 'network' })
    expect(codes(core)).toEqual(before)
    expect(core.catalogue.status().lastError).not.toBeNull()
    await core.catalogue.pull(true)
    expect(codes(core)).not.toContain('TORN-1')
    expect(core.catalogue.status().lastError).toBeNull()
  })

  it('pulls for the entity last known when the profile cannot be read', async () => {
    fake.items.set(9, { id: 9, code: 'BROCA-9', name: 'Broca', ean13: null, measurement_unit: null, item_category_id: 1, active: true })
    fake.failNext('fetchProfile', { kind: 'server' })
    expect((await core.catalogue.pull(true)).entityId).toBe(3)
    expect(codes(core)).toContain('BROCA-9')
  })
})
