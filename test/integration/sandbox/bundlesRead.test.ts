import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { isValidEan13 } from '@sandbox/seed/ean13'
import { rest } from './sandboxClient'

type Json = Record<string, unknown>

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
/** Carlos's current entity is the Distribuidora (102). */
const carlos = () => sandbox.users.find((u) => u.email.startsWith('carlos'))!
const f101 = bundleFacts[101]
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const zoneless = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/

/** Every field of the spec's Bundle table, with the sandbox's model name in the embedding's, plus tags (ours). */
const bundleFields = [
  'id',
  'zid',
  'active',
  'code',
  'ean13',
  'name',
  'description',
  'extra_description',
  'entity_id',
  'updater_id',
  'created_at',
  'updated_at',
  'bundle_details_count',
  'pays_vat',
  'quotable',
  'ecommerce',
  'sellable',
  'purchasable',
  'force_as_service_for_document_external_storage_service',
  'category_bundle',
  'item_category_id',
  'item_country_code_id',
  'weight',
  'volume',
  'measurement_unit',
  'color',
  'image',
  'image2',
  'image3',
  'image4',
  'image5',
  'youtube_video_url',
  'nomic_q4f16_embedding',
  'tags',
]

describe('GET /inventories/bundles.json', () => {
  let list: Json[]
  beforeAll(async () => {
    const res = await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^application\/json/)
    list = res.body
  })

  it('lists every bundle of the current entity in id order', () => {
    expect(list).toHaveLength(f101.bundleCount.small)
    expect(new Set(list.map((b) => b.entity_id))).toEqual(new Set([101]))
    const ids = list.map((b) => b.id as number)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('is in list style: every spec field, ids and counts as numbers, ISO 8601 timestamps, tags', () => {
    for (const b of list) {
      expect(Object.keys(b).sort()).toEqual([...bundleFields].sort())
      for (const key of ['id', 'zid', 'entity_id', 'updater_id', 'bundle_details_count']) expect(typeof b[key], key).toBe('number')
      for (const key of ['item_category_id', 'item_country_code_id']) expect(b[key] === null || typeof b[key] === 'number', key).toBe(true)
      expect(b.created_at).toMatch(iso)
      expect(b.updated_at).toMatch(iso)
      expect(b.color).toMatch(/^#[0-9A-Fa-f]{6}$/)
      expect(Array.isArray(b.tags)).toBe(true)
      for (const key of ['active', 'pays_vat', 'quotable', 'ecommerce', 'sellable', 'purchasable', 'category_bundle'])
        expect(typeof b[key], key).toBe('boolean')
      if (b.ean13 !== null) expect(isValidEan13(b.ean13 as string)).toBe(true)
    }
  })

  it('gives images as upload objects with a thumbnail_fill version, URLs null when there is no file', () => {
    const withImage = list.find((b) => (b.image as { url: string | null }).url !== null)!
    const url = (withImage.image as { url: string }).url
    expect(withImage.image).toEqual({ url, thumbnail_fill: { url: url.replace(/([^/]+)$/, 'thumbnail_fill_$1') } })
    const without = list.find((b) => (b.image as { url: string | null }).url === null)!
    expect(without.image).toEqual({ url: null, thumbnail_fill: { url: null } })
  })

  it('gives the showcase bundle its tags in the order they were given', () => {
    expect(list.find((b) => b.id === f101.withMovements.id)).toMatchObject({ code: f101.withMovements.code, tags: f101.withMovements.tags })
  })

  it('filters by tag, case-insensitively, with accents and spaces in the tag', async () => {
    const tag = 'más vendido'
    const expected = list.filter((b) => (b.tags as string[]).includes(tag)).map((b) => b.id)
    expect(expected.length).toBeGreaterThan(1)
    for (const asked of [tag, 'MÁS VENDIDO', 'Más Vendido']) {
      const res = await rest<Json[]>(sandbox, ana(), 'GET', `/inventories/bundles.json?tag=${encodeURIComponent(asked)}`)
      expect(
        res.body.map((b) => b.id),
        asked,
      ).toEqual(expected)
    }
    const none = await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json?tag=no-such-tag')
    expect(none.body).toEqual([])
    const blank = await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json?tag=')
    expect(blank.body).toHaveLength(list.length)
  })

  it('follows the user’s current entity', async () => {
    const res = await rest<Json[]>(sandbox, carlos(), 'GET', '/inventories/bundles.json')
    expect(res.body).toHaveLength(bundleFacts[102].bundleCount.small)
    expect(res.body.every((b) => b.entity_id === 102)).toBe(true)
  })

  it('needs the user headers', async () => {
    const res = await fetch(`${sandbox.url}/inventories/bundles.json`)
    expect(res.status).toBe(401)
  })
})

describe('GET /inventories/bundles/{id}.json', () => {
  it('is in detail style: ids and counts as strings, zone-less timestamps, components with their item, forms', async () => {
    const res = await rest<Json>(sandbox, ana(), 'GET', `/inventories/bundles/${f101.withMovements.id}.json`)
    expect(res.status).toBe(200)
    const b = res.body
    expect(Object.keys(b).sort()).toEqual([...bundleFields, 'bundle_details', 'forms'].sort())
    expect(b).toMatchObject({
      id: String(f101.withMovements.id),
      zid: '1',
      entity_id: '101',
      code: f101.withMovements.code,
      ean13: f101.withMovements.ean13,
    })
    expect(b.bundle_details_count).toBe('3')
    expect(b.updater_id).toMatch(/^\d+$/)
    expect(b.created_at).toMatch(zoneless)
    expect(b.updated_at).toMatch(zoneless)
    expect(b.tags).toEqual(f101.withMovements.tags)
    expect((b.forms as { name: string }[]).map((f) => f.name)).toEqual(['Ficha técnica', 'Control de calidad'])
    const details = b.bundle_details as {
      id: string
      item_id: string
      quantity: string
      item: { id: string; code: string; name: string }
    }[]
    expect(details).toHaveLength(3)
    for (const d of details) {
      expect(d.id).toMatch(/^\d+$/)
      expect(d.item.id).toBe(d.item_id)
      expect(d.quantity).toMatch(/^\d+\.\d+$/)
      expect(d.item.code).toMatch(/^[A-Z]{3}-\d{5}$/)
      expect(d.item.name.length).toBeGreaterThan(0)
    }
    expect(details.map((d) => d.quantity)).toEqual(['2.0', '1.0', '3.5'])
  })

  it('matches the list entry once normalised (same bundle, two styles)', async () => {
    const list = (await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body
    const fromList = list.find((b) => b.id === f101.dynamic.id)!
    const detail = (await rest<Json>(sandbox, ana(), 'GET', `/inventories/bundles/${f101.dynamic.id}.json`)).body
    expect(detail).toMatchObject({ category_bundle: true, item_category_id: String(f101.dynamic.itemCategoryId), bundle_details: [] })
    expect(new Date(`${detail.updated_at as string}Z`).toISOString()).toBe(fromList.updated_at)
    for (const key of ['code', 'name', 'color', 'ean13', 'weight', 'image', 'tags', 'active'])
      expect(detail[key], key).toEqual(fromList[key])
  })

  it('answers 404 {error} for an unknown id, a malformed one, and another entity’s bundle', async () => {
    for (const id of ['999', 'abc', String(bundleFacts[102].withMovements.id)]) {
      const res = await rest<{ error: string }>(sandbox, ana(), 'GET', `/inventories/bundles/${id}.json`)
      expect(res.status, id).toBe(404)
      expect(res.body.error).toEqual(expect.any(String))
    }
  })
})
