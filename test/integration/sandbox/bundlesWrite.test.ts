import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { noFaults } from '@sandbox/faults'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { makeEan13 } from '@sandbox/seed/ean13'
import { control, rest, userHeaders } from './sandboxClient'

type Json = Record<string, unknown>
interface Detail {
  id: string
  item_id: string
  quantity: string
  item: { id: string; code: string; name: string }
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterEach(() => sandbox.setFaults(noFaults))
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const f101 = bundleFacts[101]
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const path = (id: number | string) => `/inventories/bundles/${id}.json`
const create = (bundle: Json) => rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles.json', { bundle })
const update = (id: number | string, bundle: Json) => rest<Json>(sandbox, ana(), 'PATCH', path(id), { bundle })
const show = async (id: number | string) => (await rest<Json>(sandbox, ana(), 'GET', path(id))).body

/** Two active items of the current entity and one of the other entity. */
let items: { own: number[]; ownCodes: string[]; foreign: number }
beforeAll(async () => {
  const detail = await show(f101.withMovements.id)
  const components = detail.bundle_details as Detail[]
  items = { own: components.map((d) => Number(d.item_id)), ownCodes: components.map((d) => d.item.code), foreign: 2_000_001 }
})

describe('POST /inventories/bundles.json', () => {
  it('creates a static bundle and answers 201 with it in list style, its components, tags and forms', async () => {
    const ean13 = makeEan13('740', '910', 99_999)
    const res = await create({
      code: 'KIT-NUEVO-1',
      name: 'Kit nuevo',
      description: 'Un kit de prueba',
      extra_description: 'Solo en tienda',
      ean13,
      measurement_unit: 'kit',
      active: true,
      pays_vat: '1',
      quotable: '0',
      ecommerce: true,
      sellable: true,
      purchasable: false,
      color: '#12AB34',
      weight: 2.5,
      volume: '0.02',
      tag_list: 'oferta, Kit nuevo, OFERTA',
      bundle_details_attributes: { '0': { item_id: items.own[0], quantity: '2' }, '1': { item_id: String(items.own[1]), quantity: '0.5' } },
    })
    expect(res.status).toBe(201)
    const b = res.body
    expect(b).toMatchObject({
      code: 'KIT-NUEVO-1',
      name: 'Kit nuevo',
      ean13,
      entity_id: 101,
      updater_id: 5001,
      bundle_details_count: 2,
      quotable: false,
      ecommerce: true,
      color: '#12AB34',
      weight: 2.5,
      volume: 0.02,
      category_bundle: false,
      item_category_id: null,
      tags: ['oferta', 'Kit nuevo'],
      forms: [],
    })
    expect(typeof b.id).toBe('number')
    expect(b.zid).toBe(f101.bundleCount.small + 1)
    expect(b.created_at).toMatch(iso)
    const details = b.bundle_details as { id: number; item_id: number; quantity: string; item: { id: number } }[]
    expect(details.map((d) => [d.item_id, d.quantity])).toEqual([
      [items.own[0], '2.0'],
      [items.own[1], '0.5'],
    ])
    expect(typeof details[0]!.id).toBe('number')
    // And it is there to read, in detail style.
    const stored = await show(b.id as number)
    expect(stored).toMatchObject({ id: String(b.id), code: 'KIT-NUEVO-1', bundle_details_count: '2', tags: ['oferta', 'Kit nuevo'] })
  })

  it('fills the defaults of a new bundle from code and name alone', async () => {
    const res = await create({ code: 'MIN-1', name: 'Mínimo' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      active: true,
      pays_vat: true,
      sellable: true,
      ecommerce: false,
      purchasable: false,
      category_bundle: false,
      color: '#FFFFFF',
      ean13: null,
      description: null,
      bundle_details_count: 0,
      bundle_details: [],
      tags: [],
    })
  })

  it('creates a dynamic bundle from a category of the entity', async () => {
    const res = await create({
      code: 'DYN-1',
      name: 'Surtido',
      category_bundle: '1',
      item_category_id: String(f101.dynamic.itemCategoryId),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ category_bundle: true, item_category_id: f101.dynamic.itemCategoryId })
  })

  it('refuses a duplicate code with {"code": ["ya está en uso"]} and creates nothing', async () => {
    const before = (await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body.length
    const res = await create({ code: f101.withMovements.code, name: 'Otro' })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: ['ya está en uso'] })
    expect((await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body).toHaveLength(before)
  })

  it('allows a code the other entity uses: codes are unique per entity', async () => {
    const res = await create({ code: bundleFacts[102].withMovements.code, name: 'Mismo código, otra empresa' })
    expect(res.status).toBe(201)
  })

  const refusals: [string, Json, Json][] = [
    ['blank code and name', { code: ' ', name: '' }, { code: ['no puede estar en blanco'], name: ['no puede estar en blanco'] }],
    ['a bad EAN-13 check digit', { ean13: '7409100000011' }, { ean13: ['no es válido'] }],
    ['an EAN-13 of the wrong length', { ean13: '12345' }, { ean13: ['no es válido'] }],
    ['a colour that is not #RRGGBB', { color: '#12345' }, { color: ['no es válido'] }],
    ['a colour name', { color: 'azul' }, { color: ['no es válido'] }],
    ['a blank colour', { color: '' }, { color: ['no puede estar en blanco'] }],
    ['a boolean that is not one', { active: 'quizás' }, { active: ['debe ser verdadero o falso'] }],
    ['a negative weight', { weight: -1 }, { weight: ['debe ser mayor que o igual a 0'] }],
    ['a volume that is not a number', { volume: 'mucho' }, { volume: ['no es un número'] }],
    ['a video address that is not one', { youtube_video_url: 'mi video' }, { youtube_video_url: ['no es válido'] }],
    [
      'an unknown item',
      { bundle_details_attributes: { '0': { item_id: 999, quantity: '1' } } },
      { 'bundle_details.item_id': ['debe existir'] },
    ],
    [
      'another entity’s item',
      { bundle_details_attributes: { '0': { item_id: 2_000_001, quantity: '1' } } },
      { 'bundle_details.item_id': ['debe existir'] },
    ],
    [
      'a component without an item',
      { bundle_details_attributes: { '0': { quantity: '1' } } },
      { 'bundle_details.item_id': ['no puede estar en blanco'] },
    ],
    [
      'a zero quantity',
      { bundle_details_attributes: { '0': { item_id: 1_000_001, quantity: '0' } } },
      { 'bundle_details.quantity': ['debe ser mayor que 0'] },
    ],
    [
      'a negative quantity',
      { bundle_details_attributes: { '0': { item_id: 1_000_001, quantity: '-1.5' } } },
      { 'bundle_details.quantity': ['debe ser mayor que 0'] },
    ],
    [
      'a quantity with a decimal comma',
      { bundle_details_attributes: { '0': { item_id: 1_000_001, quantity: '1,5' } } },
      { 'bundle_details.quantity': ['no es un número'] },
    ],
    ['a dynamic bundle without a category', { category_bundle: true }, { item_category_id: ['no puede estar en blanco'] }],
    ['a dynamic bundle with an unknown category', { category_bundle: true, item_category_id: 999 }, { item_category_id: ['debe existir'] }],
    [
      'a dynamic bundle with another entity’s category',
      { category_bundle: true, item_category_id: bundleFacts[102].dynamic.itemCategoryId },
      { item_category_id: ['debe existir'] },
    ],
  ]
  for (const [what, fields, errors] of refusals) {
    it(`refuses ${what} with 422 {field: [messages]}`, async () => {
      const res = await create({ code: 'VAL-1', name: 'Validación', ...fields })
      expect(res.status).toBe(422)
      expect(res.body).toEqual(errors)
    })
  }

  it('refuses a bundle without code and name', async () => {
    const res = await create({ description: 'Sin nombre' })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: ['no puede estar en blanco'], name: ['no puede estar en blanco'] })
  })

  it('reports every bad field at once', async () => {
    const res = await create({ code: f101.deletable.code, name: '', ean13: '1', color: 'x', category_bundle: true })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body).sort()).toEqual(['code', 'color', 'ean13', 'item_category_id', 'name'])
  })

  it('answers 400 without the bundle root key, and 404 for a component id on create', async () => {
    const missing = await rest<Json>(sandbox, ana(), 'POST', '/inventories/bundles.json', { code: 'X' })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatch(/bundle/)
    const phantom = await create({ code: 'X-1', name: 'X', bundle_details_attributes: { '0': { id: 30000001, quantity: '1' } } })
    expect(phantom.status).toBe(404)
    expect(phantom.body.error).toMatch(/BundleDetail/)
  })

  it('commits before a dropped connection, so a retry finds the code taken', async () => {
    sandbox.setFaults({ dropShare: 1 })
    const outcome = await fetch(`${sandbox.url}/inventories/bundles.json`, {
      method: 'POST',
      headers: userHeaders(ana()),
      body: JSON.stringify({ bundle: { code: 'DROP-1', name: 'Perdido en la red' } }),
    }).then(
      (r) => `answered ${r.status}`,
      (err: { cause?: { code?: string } }) => err.cause?.code ?? 'failed',
    )
    expect(outcome).not.toMatch(/^answered/)
    sandbox.setFaults(noFaults)
    const list = await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')
    expect(list.body.filter((b) => b.code === 'DROP-1')).toHaveLength(1)
    expect((await create({ code: 'DROP-1', name: 'Reintento' })).body).toEqual({ code: ['ya está en uso'] })
  })

  it('keeps serving after dropping a streamed list answer', async () => {
    sandbox.setFaults({ dropShare: 1 })
    const dropped = await fetch(`${sandbox.url}/inventories/bundles.json`, { headers: userHeaders(ana()) }).then(
      (r) =>
        r.text().then(
          () => 'answered',
          () => 'cut',
        ),
      () => 'cut',
    )
    expect(dropped).toBe('cut')
    sandbox.setFaults(noFaults)
    expect((await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body).toHaveLength(f101.bundleCount.small)
  })

  it('does nothing on an injected 5xx', async () => {
    sandbox.setFaults({ errorShare: 1 })
    expect((await create({ code: 'FAIL-1', name: 'Nunca' })).status).toBe(503)
    sandbox.setFaults(noFaults)
    const list = await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')
    expect(list.body.some((b) => b.code === 'FAIL-1')).toBe(false)
  })
})

describe('PATCH /inventories/bundles/{id}.json', () => {
  it('changes the given fields only and answers the bundle in detail style', async () => {
    const before = await show(f101.deletable.id)
    const res = await update(f101.deletable.id, { name: 'Combo renovado', ecommerce: '1', color: '#000000', ean13: '' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: String(f101.deletable.id),
      name: 'Combo renovado',
      ecommerce: true,
      color: '#000000',
      ean13: null,
      updater_id: '5001',
    })
    for (const key of ['code', 'description', 'tags', 'bundle_details', 'created_at', 'zid'])
      expect(res.body[key], key).toEqual(before[key])
    expect(res.body.updated_at).not.toBe(before.updated_at)
    expect(await show(f101.deletable.id)).toEqual(res.body)
  })

  it('changes, adds and removes components in one go and keeps bundle_details_count right', async () => {
    const before = (await show(f101.deletable.id)).bundle_details as Detail[]
    expect(before).toHaveLength(2)
    const [first, second] = before
    const res = await update(f101.deletable.id, {
      bundle_details_attributes: {
        '0': { id: first!.id, quantity: '4' },
        '1': { item_id: items.own[2], quantity: '1.25' },
        '2': { id: second!.id, _destroy: '1' },
      },
    })
    expect(res.status).toBe(200)
    const after = res.body.bundle_details as Detail[]
    expect(after.map((d) => [d.id, d.item_id, d.quantity])).toEqual([
      [first!.id, first!.item_id, '4.0'],
      [expect.stringMatching(/^\d+$/), String(items.own[2]), '1.25'],
    ])
    expect(res.body.bundle_details_count).toBe('2')
    const listed = (await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body.find((b) => b.id === f101.deletable.id)
    expect(listed!.bundle_details_count).toBe(2)
  })

  it('replaces the tags with tag_list, reusing an existing tag’s spelling', async () => {
    const res = await update(f101.deletable.id, { tag_list: 'OFERTA, liquidación de verano' })
    expect(res.body.tags).toEqual(['oferta', 'liquidación de verano'])
    const tagged = await rest<Json[]>(sandbox, ana(), 'GET', `/inventories/bundles.json?tag=${encodeURIComponent('Liquidación de verano')}`)
    expect(tagged.body.map((b) => b.id)).toEqual([f101.deletable.id])
    expect((await update(f101.deletable.id, { tag_list: '' })).body.tags).toEqual([])
  })

  it('turns a static bundle into a dynamic one only with a category', async () => {
    expect((await update(f101.deletable.id, { category_bundle: true })).body).toEqual({ item_category_id: ['no puede estar en blanco'] })
    const res = await update(f101.deletable.id, { category_bundle: true, item_category_id: f101.dynamic.itemCategoryId })
    expect(res.body).toMatchObject({ category_bundle: true, item_category_id: String(f101.dynamic.itemCategoryId) })
    expect((await update(f101.dynamic.id, { item_category_id: null })).body).toEqual({ item_category_id: ['no puede estar en blanco'] })
  })

  it('refuses a code another bundle has, keeps its own, and changes nothing when invalid', async () => {
    expect((await update(f101.deletable.id, { code: f101.withMovements.code, name: 'No' })).body).toEqual({ code: ['ya está en uso'] })
    expect((await show(f101.deletable.id)).name).not.toBe('No')
    expect((await update(f101.deletable.id, { code: f101.deletable.code })).status).toBe(200)
  })

  it('refuses a bad component without touching the others', async () => {
    const before = await show(f101.deletable.id)
    const res = await update(f101.deletable.id, {
      bundle_details_attributes: {
        '0': { id: (before.bundle_details as Detail[])[0]!.id, quantity: '9' },
        '1': { item_id: items.foreign, quantity: '1' },
      },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ 'bundle_details.item_id': ['debe existir'] })
    expect((await show(f101.deletable.id)).bundle_details).toEqual(before.bundle_details)
  })

  it('answers 404 for a component of another bundle', async () => {
    const other = ((await show(f101.withMovements.id)).bundle_details as Detail[])[0]!
    const res = await update(f101.deletable.id, { bundle_details_attributes: { '0': { id: other.id, _destroy: '1' } } })
    expect(res.status).toBe(404)
    expect(res.body.error).toContain(other.id)
    expect((await show(f101.withMovements.id)).bundle_details_count).toBe('3')
  })

  it('answers 404 {error} for an unknown bundle or another entity’s, and accepts PUT as well', async () => {
    for (const id of [999, bundleFacts[102].deletable.id]) {
      const res = await update(id, { name: 'x' })
      expect(res.status).toBe(404)
      expect(res.body.error).toEqual(expect.any(String))
    }
    const put = await rest<Json>(sandbox, ana(), 'PUT', path(f101.deletable.id), { bundle: { name: 'Con PUT' } })
    expect(put.body.name).toBe('Con PUT')
  })
})

describe('DELETE /inventories/bundles/{id}.json', () => {
  it('deletes a bundle without movements: 204 without body, then 404', async () => {
    const res = await fetch(`${sandbox.url}${path(f101.deletable.id)}`, { method: 'DELETE', headers: userHeaders(ana()) })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect((await rest(sandbox, ana(), 'GET', path(f101.deletable.id))).status).toBe(404)
    expect((await rest(sandbox, ana(), 'DELETE', path(f101.deletable.id))).status).toBe(404)
  })

  it('refuses a bundle with movements: 422 {base: [...]} and the bundle stays', async () => {
    const res = await rest<Json>(sandbox, ana(), 'DELETE', path(f101.withMovements.id))
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ base: ['No se puede eliminar el paquete porque tiene movimientos'] })
    expect((await show(f101.withMovements.id)).code).toBe(f101.withMovements.code)
  })

  it('answers 404 for another entity’s bundle and leaves it', async () => {
    expect((await rest(sandbox, ana(), 'DELETE', path(bundleFacts[102].deletable.id))).status).toBe(404)
    const carlos = sandbox.users.find((u) => u.email.startsWith('carlos'))!
    expect((await rest(sandbox, carlos, 'GET', path(bundleFacts[102].deletable.id))).status).toBe(200)
  })

  it('never hands a deleted bundle’s id to a new one', async () => {
    const made = await create({ code: 'TEMP-1', name: 'Temporal' })
    await rest(sandbox, ana(), 'DELETE', path(made.body.id as number))
    const next = await create({ code: 'TEMP-2', name: 'Siguiente' })
    expect(next.body.id as number).toBeGreaterThan(made.body.id as number)
  })

  it('comes back with a reset of the training data', async () => {
    await rest(sandbox, ana(), 'DELETE', path(f101.deletable.id))
    await control(sandbox, 'POST', '/reset')
    expect((await rest(sandbox, ana(), 'GET', path(f101.deletable.id))).status).toBe(200)
  })
})
