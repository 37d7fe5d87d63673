import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { gql, gqlData, graphqlToken } from './sandboxClient'

interface Item {
  id: number
  zid: number
  code: string
  name: string
  ean13: string | null
  description: string | null
  item_category_id: number | null
  measurement_unit: string | null
  active: boolean
  entity_id: number
  price: string
}
interface Lot {
  id: number
  item_id: number
  name: string
  expires: string | null
}
interface LotStock {
  id: number
  lot_id: number
  agency_id: number
  available: number
}

const itemFields = 'id zid code name ean13 description item_category_id measurement_unit active entity_id price'
let sandbox: RunningSandbox
let jwt: string
let items: Item[]
let lots: Lot[]
let stocks: LotStock[]
let categories: { id: number; name: string }[]

const data = <D>(query: string, variables?: Record<string, unknown>) => gqlData<D>(sandbox, jwt, query, variables)
const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id

beforeAll(async () => {
  sandbox = await startSandbox()
  jwt = await graphqlToken(sandbox, sandbox.users[0]!)
  // The whole small catalogue of the current entity: the oracle the filters are checked against.
  const all = await data<{ items: Item[]; lots: Lot[]; lot_stocks: LotStock[]; item_categories: { id: number; name: string }[] }>(
    `{ items { ${itemFields} } lots { id item_id name expires } lot_stocks { id lot_id agency_id available } item_categories { id name } }`,
  )
  ;({ items, lots, lot_stocks: stocks, item_categories: categories } = all)
})
afterAll(() => sandbox.close())

describe('table fields', () => {
  it('return only the current entity’s rows, with typed columns', () => {
    expect(items).toHaveLength(300)
    expect(new Set(items.map((i) => i.entity_id))).toEqual(new Set([101]))
    const sample = items[0]!
    expect(typeof sample.id).toBe('number')
    expect(typeof sample.active).toBe('boolean')
    expect(sample.price).toMatch(/^\d+\.\d{2}$/)
    expect(lots.some((l) => l.expires !== null && /^\d{4}-\d{2}-\d{2}$/.test(l.expires))).toBe(true)
    expect(stocks.some((s) => !Number.isInteger(s.available))).toBe(true)
  })

  it('fetch one row by primary key, and nothing for another entity’s row', async () => {
    const first = items[0]!
    const own = await data<{ items_by_pk: Item | null }>('query ($id: bigint!) { items_by_pk(id: $id) { id name } }', { id: first.id })
    expect(own.items_by_pk).toEqual({ id: first.id, name: first.name })
    const foreign = await data<{ items_by_pk: Item | null }>('{ items_by_pk(id: 2000001) { id } }')
    expect(foreign.items_by_pk).toBeNull()
  })
})

describe('where', () => {
  const cases: [string, string, (i: Item) => boolean][] = [
    ['_eq on a string', '{code: {_eq: "TOR-00010"}}', (i) => i.code === 'TOR-00010'],
    ['_neq on a boolean', '{active: {_neq: true}}', (i) => !i.active],
    ['_eq false', '{active: {_eq: false}}', (i) => !i.active],
    ['_gt and _lte on an int', '{zid: {_gt: 10, _lte: 25}}', (i) => i.zid > 10 && i.zid <= 25],
    ['_gte and _lt on a string', '{code: {_gte: "HER", _lt: "JAR"}}', (i) => i.code >= 'HER' && i.code < 'JAR'],
    ['_in', '{zid: {_in: [1, 2, 3, 999]}}', (i) => [1, 2, 3].includes(i.zid)],
    ['_in empty', '{zid: {_in: []}}', () => false],
    ['_nin', '{zid: {_nin: [1, 2, 3]}}', (i) => ![1, 2, 3].includes(i.zid)],
    ['_is_null true', '{ean13: {_is_null: true}}', (i) => i.ean13 === null],
    ['_is_null false', '{description: {_is_null: false}}', (i) => i.description !== null],
    ['_neq skips nulls, as SQL does', '{ean13: {_neq: "0000000000000"}}', (i) => i.ean13 !== null],
    ['_and', '{_and: [{zid: {_gt: 100}}, {active: {_eq: true}}]}', (i) => i.zid > 100 && i.active],
    ['_or', '{_or: [{zid: {_eq: 5}}, {code: {_like: "PIN-%"}}]}', (i) => i.zid === 5 || i.code.startsWith('PIN-')],
    ['_not', '{_not: {code: {_like: "TOR-%"}}}', (i) => !i.code.startsWith('TOR-')],
    ['_like is case-sensitive', '{name: {_like: "martillo%"}}', () => false],
    ['_ilike folds case', '{name: {_ilike: "MARTILLO%"}}', (i) => i.name.toLowerCase().startsWith('martillo')],
    ['_ilike with _ for one character', '{code: {_ilike: "tor-0001_"}}', (i) => /^TOR-0001\d$/.test(i.code)],
    ['_nilike', '{name: {_nilike: "%galvanizado%"}}', (i) => !i.name.toLowerCase().includes('galvanizado')],
    ['empty bool_exp', '{}', () => true],
    ['an injection attempt is only a value', `{name: {_eq: "x' OR '1'='1"}}`, () => false],
  ]
  it.each(cases)('%s', async (_label, where, predicate) => {
    const res = await data<{ items: { id: number }[]; items_aggregate: { aggregate: { count: number } } }>(
      `{ items(where: ${where}, order_by: {id: asc}) { id } items_aggregate(where: ${where}) { aggregate { count } } }`,
    )
    const expected = items.filter(predicate).sort(byId)
    expect(ids(res.items)).toEqual(ids(expected))
    expect(res.items_aggregate.aggregate.count).toBe(expected.length)
  })

  it('has cases that select something and something less than everything', () => {
    // Guards the table above against a seed in which every case is trivially empty or full.
    for (const [label, , predicate] of cases.filter(([l]) =>
      ['_in', '_ilike folds case', '_is_null true', '_neq on a boolean'].includes(l),
    )) {
      const n = items.filter(predicate).length
      expect(n, label).toBeGreaterThan(0)
      expect(n, label).toBeLessThan(items.length)
    }
  })

  it('_ilike folds accented capitals the way PostgreSQL does', async () => {
    const res = await data<{ upper: { name: string }[]; exact: { name: string }[] }>(
      '{ upper: item_categories(where: {name: {_ilike: "TORNILLERÍA"}}) { name } exact: item_categories(where: {name: {_like: "TORNILLERÍA"}}) { name } }',
    )
    expect(res.upper).toEqual([{ name: 'Tornillería' }])
    expect(res.exact).toEqual([])
  })

  it('on a Float column', async () => {
    const res = await data<{ lot_stocks_aggregate: { aggregate: { count: number } } }>(
      '{ lot_stocks_aggregate(where: {available: {_gt: 100.5}}) { aggregate { count } } }',
    )
    expect(res.lot_stocks_aggregate.aggregate.count).toBe(stocks.filter((s) => s.available > 100.5).length)
  })

  it('through an object relation', async () => {
    const pinturas = categories.find((c) => c.name === 'Pinturas')!
    const res = await data<{ items: { id: number }[] }>(
      '{ items(where: {item_category: {name: {_eq: "Pinturas"}}}, order_by: {id: asc}) { id } }',
    )
    const expected = items.filter((i) => i.item_category_id === pinturas.id).sort(byId)
    expect(expected.length).toBeGreaterThan(0)
    expect(ids(res.items)).toEqual(ids(expected))
  })

  it('through an array relation: any related row matches', async () => {
    const res = await data<{ items: { id: number }[] }>(
      '{ items(where: {lots: {expires: {_lt: "2027-01-01"}}}, order_by: {id: asc}) { id } }',
    )
    const itemIds = new Set(lots.filter((l) => l.expires !== null && l.expires < '2027-01-01').map((l) => l.item_id))
    expect(itemIds.size).toBeGreaterThan(0)
    expect(ids(res.items)).toEqual([...itemIds].sort((a, b) => a - b))
  })

  it('with variables', async () => {
    const res = await data<{ items: { id: number }[] }>(
      'query ($where: items_bool_exp!) { items(where: $where, order_by: [{id: asc}]) { id } }',
      { where: { zid: { _in: [7, 8] } } },
    )
    expect(ids(res.items)).toEqual(ids(items.filter((i) => i.zid === 7 || i.zid === 8).sort(byId)))
  })
})

describe('order_by, limit and offset', () => {
  it('orders by several columns, the first one first', async () => {
    const res = await data<{ items: Item[] }>('{ items(order_by: [{item_category_id: desc}, {name: asc}]) { id item_category_id name } }')
    const expected = [...items].sort(
      (a, b) => (b.item_category_id ?? 0) - (a.item_category_id ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id,
    )
    expect(ids(res.items)).toEqual(ids(expected))
  })

  it('puts nulls last ascending and first descending, unless told otherwise', async () => {
    const res = await data<{ asc: Item[]; desc: Item[]; ascFirst: Item[] }>(
      '{ asc: items(order_by: {ean13: asc}) { ean13 } desc: items(order_by: {ean13: desc}) { ean13 } ascFirst: items(order_by: {ean13: asc_nulls_first}) { ean13 } }',
    )
    const nulls = items.filter((i) => i.ean13 === null).length
    expect(nulls).toBeGreaterThan(0)
    expect(res.asc.slice(-nulls).every((i) => i.ean13 === null)).toBe(true)
    expect(res.desc.slice(0, nulls).every((i) => i.ean13 === null)).toBe(true)
    expect(res.ascFirst.slice(0, nulls).every((i) => i.ean13 === null)).toBe(true)
    const codes = res.asc.slice(0, -nulls).map((i) => i.ean13!)
    expect(codes).toEqual([...codes].sort())
  })

  it('orders by a column of an object relation', async () => {
    const res = await data<{ lot_stocks: { lot: { expires: string | null } }[] }>(
      '{ lot_stocks(order_by: [{lot: {expires: asc}}]) { lot { expires } } }',
    )
    const dates = res.lot_stocks.map((s) => s.lot.expires)
    const firstNull = dates.indexOf(null)
    expect(firstNull).toBeGreaterThan(0)
    expect(dates.slice(firstNull).every((d) => d === null)).toBe(true)
    const dated = dates.slice(0, firstNull) as string[]
    expect(dated).toEqual([...dated].sort())
  })

  it('pages with limit and offset without gaps or repeats', async () => {
    const pages: number[] = []
    for (let offset = 0; offset < 300; offset += 70) {
      const page = await data<{ items: { id: number }[] }>(`{ items(order_by: {price: desc}, limit: 70, offset: ${offset}) { id } }`)
      expect(page.items.length).toBe(Math.min(70, 300 - offset))
      pages.push(...ids(page.items))
    }
    const all = await data<{ items: { id: number }[] }>('{ items(order_by: {price: desc}) { id } }')
    expect(pages).toEqual(ids(all.items))
    expect(new Set(pages).size).toBe(300)
  })
})

describe('aggregate', () => {
  it('counts with where, limit, columns and distinct', async () => {
    const res = await data<{
      all: { aggregate: { count: number } }
      limited: { aggregate: { count: number } }
      withEan: { aggregate: { count: number } }
      categories: { aggregate: { count: number } }
      nodes: { nodes: { id: number }[] }
    }>(`{
      all: items_aggregate { aggregate { count } }
      limited: items_aggregate(limit: 10) { aggregate { count } }
      withEan: items_aggregate { aggregate { count(columns: [ean13]) } }
      categories: items_aggregate { aggregate { count(columns: [item_category_id], distinct: true) } }
      nodes: items_aggregate(where: {zid: {_lte: 3}}) { nodes { id } }
    }`)
    expect(res.all.aggregate.count).toBe(300)
    expect(res.limited.aggregate.count).toBe(10)
    expect(res.withEan.aggregate.count).toBe(items.filter((i) => i.ean13 !== null).length)
    expect(res.categories.aggregate.count).toBe(new Set(items.map((i) => i.item_category_id)).size)
    expect(ids(res.nodes.nodes).sort()).toEqual(ids(items.filter((i) => i.zid <= 3)).sort())
  })
})

describe('relations', () => {
  it('object and array relations agree with the rows they point at', async () => {
    const res = await data<{ items: { id: number; item_category_id: number; item_category: { id: number; name: string }; lots: Lot[] }[] }>(
      '{ items(order_by: {id: asc}) { id item_category_id item_category { id name } lots(order_by: {id: asc}) { id item_id name expires } } }',
    )
    for (const item of res.items) {
      expect(item.item_category.id).toBe(item.item_category_id)
      expect(item.lots).toEqual(lots.filter((l) => l.item_id === item.id).sort(byId))
      expect(item.lots.length).toBeGreaterThan(0)
    }
  })

  it('serve the SDK’s stock query: lot_stocks with lot { item_id expires } and agency', async () => {
    const res = await data<{
      lot_stocks: {
        id: number
        available: number
        lot: { item_id: number; expires: string | null }
        agency: { id: number; name: string }
      }[]
    }>('{ lot_stocks(order_by: {id: asc}) { id available lot { item_id expires } agency { id name } } }')
    expect(res.lot_stocks).toHaveLength(stocks.length)
    const lotsById = new Map(lots.map((l) => [l.id, l]))
    for (const [i, row] of res.lot_stocks.entries()) {
      const stock = stocks.find((s) => s.id === row.id)!
      const lot = lotsById.get(stock.lot_id)!
      expect(row.lot).toEqual({ item_id: lot.item_id, expires: lot.expires })
      expect(row.agency.id).toBe(stock.agency_id)
      if (i > 200) break
    }
  })

  it('apply where, order_by and limit per parent on an array relation', async () => {
    const latest = await data<{ items: { id: number; lots: Lot[] }[] }>(
      '{ items(order_by: {id: asc}) { id lots(where: {expires: {_is_null: false}}, order_by: {expires: desc}, limit: 1, offset: 0) { id expires item_id name } } }',
    )
    for (const item of latest.items) {
      const dated = lots
        .filter((l) => l.item_id === item.id && l.expires !== null)
        .sort((a, b) => (a.expires! < b.expires! ? 1 : a.expires! > b.expires! ? -1 : a.id - b.id))
      expect(item.lots).toEqual(dated.slice(0, 1))
    }
    expect(latest.items.some((i) => i.lots.length === 1)).toBe(true)
    expect(latest.items.some((i) => i.lots.length === 0)).toBe(true)
  })

  it('load aliases of one relation with different arguments separately', async () => {
    const res = await data<{ items: { id: number; first: { id: number }[]; all: { id: number }[] }[] }>(
      '{ items(order_by: {id: asc}, limit: 40) { id first: lots(order_by: {id: asc}, limit: 1) { id } all: lots(order_by: {id: asc}) { id } } }',
    )
    for (const item of res.items) {
      const own = lots.filter((l) => l.item_id === item.id).sort(byId)
      expect(item.all).toEqual(own.map((l) => ({ id: l.id })))
      expect(item.first).toEqual(own.slice(0, 1).map((l) => ({ id: l.id })))
    }
    expect(res.items.some((i) => i.all.length > 1)).toBe(true)
  })

  it('go through several levels (stock → lot → item → category)', async () => {
    const res = await data<{ lot_stocks: { lot: { item: { item_category: { name: string } } } }[] }>(
      '{ lot_stocks(limit: 5, order_by: {id: asc}) { lot { item { item_category { name } } } } }',
    )
    expect(res.lot_stocks).toHaveLength(5)
    for (const s of res.lot_stocks) expect(categories.map((c) => c.name)).toContain(s.lot.item.item_category.name)
  })

  it('give the user’s agency as the SDK reads it', async () => {
    const res = await data<{ employees: { agency_id: number; agency: { name: string; agency_category: { name: string } } }[] }>(
      '{ employees(where: {user_id: {_eq: 5001}}) { agency_id agency { name agency_category { name } } } }',
    )
    expect(res.employees).toEqual([{ agency_id: 302, agency: { name: 'Tienda Zona 1', agency_category: { name: 'Tienda' } } }])
  })
})

describe('errors, Hasura style', () => {
  it('an unknown field is HTTP 200 with validation-failed and no data', async () => {
    const res = await gql(sandbox, jwt, '{ itemz { id } }')
    expect(res.status).toBe(200)
    expect(res.body.data).toBeUndefined()
    expect(res.body.errors?.[0]?.extensions?.code).toBe('validation-failed')
    expect(res.body.errors?.[0]?.message).toMatch(/itemz/)
  })

  it('a negative limit and a null comparison are refused', async () => {
    for (const q of ['{ items(limit: -1) { id } }', '{ items(where: {id: {_eq: null}}) { id } }', '{ items(offset: -5) { id } }']) {
      const res = await gql(sandbox, jwt, q)
      expect(res.status).toBe(200)
      expect(res.body.errors?.[0]?.extensions?.code).toBe('validation-failed')
    }
  })

  it('a body without a query is HTTP 400 parse-failed', async () => {
    const res = await fetch(sandbox.graphqlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ nope: true }),
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] }
    expect(body.errors[0]!.extensions.code).toBe('parse-failed')
  })

  it('mutations are not offered', async () => {
    const res = await gql(sandbox, jwt, 'mutation { delete_items(where: {}) { affected_rows } }')
    expect(res.body.errors?.[0]?.extensions?.code).toBe('validation-failed')
  })
})
