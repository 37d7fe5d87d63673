import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { gql, gqlData, graphqlToken, rest } from './sandboxClient'

interface Bundle {
  id: number
  code: string
  name: string
  updated_at: string
  category_bundle: boolean
  bundle_details_count: number
  tags: string[]
  bundle_details: { id: number; item_id: number; quantity: number; item: { id: number; code: string; name: string } }[]
}

let sandbox: RunningSandbox
let jwt: string
let rest101: Record<string, unknown>[]
beforeAll(async () => {
  sandbox = await startSandbox()
  jwt = await graphqlToken(sandbox, sandbox.users[0]!)
  rest101 = (await rest<Record<string, unknown>[]>(sandbox, sandbox.users[0]!, 'GET', '/inventories/bundles.json')).body
})
afterAll(() => sandbox.close())

const f101 = bundleFacts[101]
const data = <D>(query: string, variables?: Record<string, unknown>) => gqlData<D>(sandbox, jwt, query, variables)
const bundleFields =
  'id code name updated_at category_bundle bundle_details_count tags bundle_details { id item_id quantity item { id code name } }'

describe('bundles', () => {
  it('lists the current entity’s bundles with tags and components, agreeing with REST', async () => {
    const { bundles } = await data<{ bundles: Bundle[] }>(`{ bundles(order_by: [{id: asc}]) { ${bundleFields} entity_id } }`)
    expect(bundles).toHaveLength(rest101.length)
    expect(bundles.map((b) => b.id)).toEqual(rest101.map((b) => b.id))
    bundles.forEach((b, i) => {
      const r = rest101[i]!
      expect(b.tags).toEqual(r.tags)
      expect(b.bundle_details).toHaveLength(r.bundle_details_count as number)
      expect(b.bundle_details_count).toBe(r.bundle_details_count)
      // Hasura's timestamp: ISO without zone, microseconds; the same instant as REST's ISO 8601.
      expect(b.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/)
      expect(new Date(`${b.updated_at}Z`).toISOString()).toBe(r.updated_at)
    })
  })

  it('gives components with their item, quantities as numbers (numeric)', async () => {
    const { bundles_by_pk } = await data<{ bundles_by_pk: Bundle }>(`query ($id: bigint!) { bundles_by_pk(id: $id) { ${bundleFields} } }`, {
      id: f101.withMovements.id,
    })
    const detail = (
      await rest<{ bundle_details: { id: string; item_id: string; quantity: string; item: { code: string; name: string } }[] }>(
        sandbox,
        sandbox.users[0]!,
        'GET',
        `/inventories/bundles/${f101.withMovements.id}.json`,
      )
    ).body
    expect(bundles_by_pk.tags).toEqual(f101.withMovements.tags)
    expect(bundles_by_pk.bundle_details).toEqual(
      detail.bundle_details.map((d) => ({
        id: Number(d.id),
        item_id: Number(d.item_id),
        quantity: Number(d.quantity),
        item: { id: Number(d.item_id), code: d.item.code, name: d.item.name },
      })),
    )
  })

  it('filters, orders and pages like any table, through relations too', async () => {
    const { dynamic } = await data<{ dynamic: { id: number; item_category: { id: number; name: string } }[] }>(
      '{ dynamic: bundles(where: {category_bundle: {_eq: true}}, order_by: [{code: desc}]) { id item_category { id name } } }',
    )
    expect(dynamic.length).toBe(rest101.filter((b) => b.category_bundle).length)
    expect(dynamic.find((b) => b.id === f101.dynamic.id)!.item_category).toEqual({
      id: f101.dynamic.itemCategoryId,
      name: f101.dynamic.itemCategoryName,
    })

    const itemId = (await data<{ bundles_by_pk: Bundle }>(`{ bundles_by_pk(id: ${f101.withMovements.id}) { bundle_details { item_id } } }`))
      .bundles_by_pk.bundle_details[0]!.item_id
    const { bundles } = await data<{ bundles: { id: number }[] }>(
      'query ($item: bigint!) { bundles(where: {bundle_details: {item_id: {_eq: $item}}}) { id } }',
      { item: itemId },
    )
    expect(bundles.map((b) => b.id)).toContain(f101.withMovements.id)

    const { bundles_aggregate } = await data<{ bundles_aggregate: { aggregate: { count: number } } }>(
      '{ bundles_aggregate(where: {ean13: {_is_null: false}}) { aggregate { count } } }',
    )
    expect(bundles_aggregate.aggregate.count).toBe(rest101.filter((b) => b.ean13 !== null).length)
  })

  it('pages by keyset: id greater than the last one seen, ordered by id', async () => {
    const seen: number[] = []
    let after = 0
    let pages = 0
    for (;;) {
      const { bundles } = await data<{ bundles: { id: number; tags: string[] }[] }>(
        'query ($after: bigint!) { bundles(where: {id: {_gt: $after}}, order_by: [{id: asc}], limit: 60) { id tags } }',
        { after },
      )
      if (bundles.length === 0) break
      pages++
      seen.push(...bundles.map((b) => b.id))
      after = bundles[bundles.length - 1]!.id
    }
    expect(pages).toBe(Math.ceil(rest101.length / 60))
    expect(seen).toEqual(rest101.map((b) => b.id))
  })

  it('filters on timestamps given in ISO 8601, for incremental pulls', async () => {
    const sorted = rest101.map((b) => b.updated_at as string).sort()
    const middle = sorted[Math.floor(sorted.length / 2)]!
    const { bundles } = await data<{ bundles: { id: number }[] }>(
      'query ($t: timestamp!) { bundles(where: {updated_at: {_gt: $t}}) { id } }',
      { t: middle },
    )
    // REST's ISO has milliseconds, the stored value microseconds: the bundle at `middle` itself may count.
    const later = rest101.filter((b) => (b.updated_at as string) > middle).length
    expect(bundles.length).toBeGreaterThanOrEqual(later)
    expect(bundles.length).toBeLessThanOrEqual(later + 1)
    const bad = await gql(sandbox, jwt, '{ bundles(where: {updated_at: {_gt: "ayer"}}) { id } }')
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('validation-failed')
  })

  it('selects the same relation twice with different fields through aliases', async () => {
    const { bundles_by_pk } = await data<{ bundles_by_pk: { a: { id: number }[]; b: { item: { code: string } }[] } }>(
      `{ bundles_by_pk(id: ${f101.withMovements.id}) { a: bundle_details { id } b: bundle_details { item { code } } } }`,
    )
    expect(bundles_by_pk.a).toHaveLength(3)
    expect(bundles_by_pk.b.every((d) => /^[A-Z]{3}-\d{5}$/.test(d.item.code))).toBe(true)
  })

  it('shows nothing of another entity', async () => {
    const other = bundleFacts[102]
    const res = await data<{ bundles_by_pk: null; bundle_details: unknown[] }>(
      `{ bundles_by_pk(id: ${other.withMovements.id}) { id } bundle_details(where: {bundle_id: {_eq: ${other.withMovements.id}}}) { id } }`,
    )
    expect(res).toEqual({ bundles_by_pk: null, bundle_details: [] })
  })

  it('sees a bundle written through REST at once', async () => {
    const created = await rest<{ id: number }>(sandbox, sandbox.users[0]!, 'POST', '/inventories/bundles.json', {
      bundle: {
        code: 'GQL-1',
        name: 'Visto por GraphQL',
        tag_list: 'graphql',
        bundle_details_attributes: { '0': { item_id: 1_000_001, quantity: '2' } },
      },
    })
    const { bundles } = await data<{ bundles: Bundle[] }>(`{ bundles(where: {code: {_eq: "GQL-1"}}) { ${bundleFields} } }`)
    expect(bundles).toHaveLength(1)
    expect(bundles[0]).toMatchObject({ id: created.body.id, tags: ['graphql'], bundle_details: [{ item_id: 1_000_001, quantity: 2 }] })
  })
})
