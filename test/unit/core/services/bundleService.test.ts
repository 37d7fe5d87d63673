import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileData } from '@shared/catalogue'
import { serviceBundle } from '../../../support/fakeApi/bundlesFake'
import { failureOf as failure } from '../../../support/fakeApi/failureOf'
import type { FakeCore } from '../../../support/fakeApi/fakeCore'
import { pulledCores } from '../../../support/fakeApi/pulledCore'
import { items, stockShop } from '../../../support/fakeApi/shopCatalogue'

// Bundle edits go straight to the service and are written through to the cache (test/support/fakeApi).

const KIT = 1
const kit = { code: 'KIT-1', name: 'Kit de fijación', components: [{ itemId: items.screw, quantity: '2' }] }

/** A CSV file as the clerk exports and edits it. */
const csv = (...rows: string[]): FileData => ({
  fileName: 'paquetes.csv',
  base64: Buffer.from(['code,name,components', ...rows].join('\n')).toString('base64'),
})

let core: FakeCore
const pulled = pulledCores(fake, (service) => {
  stockShop(service)
  service.bundles.set(KIT, serviceBundle(KIT, kit))
})
beforeEach(async () => {
  core = await pulled()
})
afterEach(() => core.close())

describe('creating a bundle', () => {
  it('shows the new bundle in the counter’s list at once', async () => {
    const created = await core.bundles.create({
      code: 'KIT-2',
      name: 'Kit de pintura',
      components: [{ itemId: items.paint, quantity: '1' }],
    })
    expect(created).toMatchObject({ code: 'KIT-2', source: 'service' })
    expect(core.catalogue.search({ query: 'KIT-2' }).rows.map((r) => r.code)).toEqual(['KIT-2'])
  })

  it('passes the refusal of a code already taken on, on the code', async () => {
    expect(await failure(core.bundles.create({ ...kit, name: 'Otro kit' }))).toEqual({ code: 'validation', field: 'code' })
    expect(fake.bundles.size).toBe(1)
  })

  it('shows the bundle whose answer was lost, found by its code, and never creates it twice', async () => {
    fake.failNext('createBundle', { kind: 'lost' })
    const created = await core.bundles.create({ code: 'KIT-3', name: 'Kit perdido' })
    expect(created.code).toBe('KIT-3')
    expect([...fake.bundles.values()].filter((b) => b.code === 'KIT-3')).toHaveLength(1)
  })

  it('reports offline as offline, with nothing created', async () => {
    fake.failNext('createBundle', { kind: 'offline' })
    expect(await failure(core.bundles.create({ code: 'KIT-4', name: 'Kit' }))).toEqual({ code: 'network', field: null })
    expect(core.catalogue.search({ query: 'KIT-4' }).rows).toEqual([])
  })
})

describe('deleting a bundle', () => {
  it('takes it off the counter’s list once the service deleted it, and keeps it when it could not', async () => {
    fake.failNext('deleteBundle', { kind: 'server' })
    expect((await failure(core.bundles.delete(KIT))).code).toBe('server')
    expect(core.catalogue.search({ query: 'KIT-1' }).rows).toHaveLength(1)
    await core.bundles.delete(KIT)
    expect(core.catalogue.search({ query: 'KIT-1' }).rows).toEqual([])
  })
})

describe('importing a file of bundles', () => {
  it('previews new bundles, changes to existing ones, and each row’s problems, offline', async () => {
    const preview = await core.bundles.importPreview(
      csv('KIT-1,Kit de fijación grande,TORN-1:4', 'KIT-9,Kit nuevo,PINT-3:1', 'KIT-9,Repetido,PINT-3:1', 'KIT-8,Desconocido,NOPE-9:1'),
    )
    expect(preview.rows.map((r) => [r.code, r.action, r.problems.map((p) => `${p.field}:${p.kind}`)])).toEqual([
      ['KIT-1', 'update', []],
      ['KIT-9', 'create', []],
      ['KIT-9', 'create', ['code:repeated']],
      ['KIT-8', 'create', ['components:unknownItem']],
    ])
    expect(preview).toMatchObject({ creates: 1, updates: 1, invalid: 2 })
  })

  it('sends nothing while a row has a problem, and says so on the file', async () => {
    expect(await failure(core.bundles.import(csv('KIT-9,Kit nuevo,PINT-3:1', 'KIT-8,Desconocido,NOPE-9:1')))).toEqual({
      code: 'validation',
      field: 'file',
    })
  })
})
