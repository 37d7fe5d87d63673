import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { gqlData, graphqlToken, rest } from './sandboxClient'

interface DynamicItem {
  item_id: number
  code: string
  name: string
  available: number
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const f101 = bundleFacts[101]
const endpoint = '/inventories/bundles/get_dynamic_items_with_stock.json'
const ask = (query: string) => rest<unknown>(sandbox, ana(), 'GET', `${endpoint}?${query}`)

describe('GET /inventories/bundles/get_dynamic_items_with_stock.json', () => {
  it('lists the category’s active items with stock above zero at the agency, by code, as {item_id, code, name, available}', async () => {
    const res = await ask(`agency_id=${f101.agencyWithStock}&bundle_id=${f101.dynamic.id}`)
    expect(res.status).toBe(200)
    const list = res.body as DynamicItem[]
    expect(list.length).toBeGreaterThan(3)
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(['available', 'code', 'item_id', 'name'])
      expect(typeof row.item_id).toBe('number')
      expect(row.available).toBeGreaterThan(0)
    }
    const codes = list.map((r) => r.code)
    expect(codes).toEqual([...codes].sort())

    // The same answer worked out from GraphQL's items, lots and stock.
    const jwt = await graphqlToken(sandbox, ana())
    const data = await gqlData<{ items: { id: number; code: string; name: string; lots: { lot_stocks: { available: number }[] }[] }[] }>(
      sandbox,
      jwt,
      `query ($category: bigint!, $agency: bigint!) {
        items(where: {item_category_id: {_eq: $category}, active: {_eq: true}}) { id code name lots { lot_stocks(where: {agency_id: {_eq: $agency}}) { available } } }
      }`,
      { category: f101.dynamic.itemCategoryId, agency: f101.agencyWithStock },
    )
    const expected = data.items
      .map((i) => ({
        item_id: i.id,
        code: i.code,
        name: i.name,
        available: i.lots.flatMap((l) => l.lot_stocks).reduce((sum, s) => sum + s.available, 0),
      }))
      .filter((i) => i.available > 0)
      .sort((a, b) => a.code.localeCompare(b.code))
    expect(list.map((r) => r.item_id)).toEqual(expected.map((r) => r.item_id))
    list.forEach((row, i) => expect(row.available).toBeCloseTo(expected[i]!.available, 6))
  })

  it('answers for the other entity’s dynamic bundle when that entity is current', async () => {
    const carlos = sandbox.users.find((u) => u.email.startsWith('carlos'))!
    const f102 = bundleFacts[102]
    const res = await rest<DynamicItem[]>(
      sandbox,
      carlos,
      'GET',
      `${endpoint}?agency_id=${f102.agencyWithStock}&bundle_id=${f102.dynamic.id}`,
    )
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
  })

  it('refuses a static bundle with 422', async () => {
    const res = await ask(`agency_id=${f101.agencyWithStock}&bundle_id=${f101.withMovements.id}`)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ bundle_id: ['no es un paquete dinámico'] })
  })

  it('refuses an agency of another entity, or an unknown one, with 422', async () => {
    for (const agency of [f101.foreignAgency, 999]) {
      const res = await ask(`agency_id=${agency}&bundle_id=${f101.dynamic.id}`)
      expect(res.status, String(agency)).toBe(422)
      expect(res.body).toEqual({ agency_id: ['debe existir'] })
    }
  })

  it('refuses missing or malformed parameters with 422, and an unknown bundle with 404', async () => {
    expect((await ask('')).body).toEqual({ bundle_id: ['no puede estar en blanco'], agency_id: ['no puede estar en blanco'] })
    expect((await ask(`agency_id=x&bundle_id=${f101.dynamic.id}`)).body).toEqual({ agency_id: ['no es un número'] })
    const unknown = await ask(`agency_id=${f101.agencyWithStock}&bundle_id=999`)
    expect(unknown.status).toBe(404)
    expect((await ask(`agency_id=${f101.agencyWithStock}&bundle_id=${bundleFacts[102].dynamic.id}`)).status).toBe(404)
  })
})
