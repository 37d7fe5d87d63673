import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newScope } from '@sandbox/graphql/compileScope'
import { compileOrderBy } from '@sandbox/graphql/orderByCompiler'
import { QueryRunner } from '@sandbox/graphql/queryRunner'
import { sandboxTables } from '@sandbox/graphql/sandboxSchema'
import { GraphqlInputError } from '@sandbox/graphql/graphqlInputError'
import { SandboxStore } from '@sandbox/store/sandboxStore'

const registry = sandboxTables()

describe('compileOrderBy', () => {
  it('maps directions with PostgreSQL null placement and ends with the primary key', () => {
    const terms = compileOrderBy(
      registry,
      registry.table('items'),
      [{ name: 'asc' }, { price: 'desc' }, { ean13: 'asc_nulls_first' }],
      'x',
      newScope(1),
    )
    expect(terms.map((t) => t.text)).toEqual([
      'x."name" ASC NULLS LAST',
      'x."price" DESC NULLS FIRST',
      'x."ean13" ASC NULLS FIRST',
      'x."id" ASC',
    ])
  })

  it('orders through object relations with a scoped sub-select', () => {
    const [term] = compileOrderBy(registry, registry.table('lot_stocks'), [{ lot: { item: { name: 'desc' } } }], 'x', newScope(7))
    expect(term!.text).toBe(
      '(SELECT (SELECT t1."name" FROM "items" AS t1 WHERE t1."id" = t0."item_id" AND t1."entity_id" = ?) FROM "lots" AS t0 WHERE t0."id" = x."lot_id" AND t0."entity_id" = ?) DESC NULLS FIRST',
    )
    expect(term!.params).toEqual([7, 7])
  })

  it('refuses array relations and unknown directions', () => {
    expect(() => compileOrderBy(registry, registry.table('items'), [{ lots: { name: 'asc' } }], 'x', newScope(1))).toThrow(
      GraphqlInputError,
    )
    expect(() => compileOrderBy(registry, registry.table('items'), [{ name: 'sideways' }], 'x', newScope(1))).toThrow(GraphqlInputError)
  })
})

describe('QueryRunner', () => {
  let store: SandboxStore
  let runner: QueryRunner
  beforeAll(() => {
    store = SandboxStore.open(':memory:')
    runner = new QueryRunner(registry, store.statements, 101)
  })
  afterAll(() => store.close())

  it('pages each parent’s rows separately in a grouped select, as one query per parent would', () => {
    const lots = registry.table('lots')
    const itemIds = store.db.prepare('SELECT id FROM items WHERE entity_id = 101 ORDER BY id LIMIT 60').pluck().all() as number[]
    const args = { order_by: [{ expires: 'desc' }], limit: 1, offset: 1 }
    const grouped = runner.groupedByKey(lots, 'item_id', itemIds, args)
    let withSecondLot = 0
    for (const id of itemIds) {
      const one = runner.select(lots, { ...args, where: { item_id: { _eq: id } } })
      expect(grouped.get(id) ?? [], String(id)).toEqual(one)
      if (one.length > 0) withSecondLot++
    }
    expect(withSecondLot).toBeGreaterThan(0)
  })

  it('counts the rows a select with the same arguments returns', () => {
    const items = registry.table('items')
    for (const args of [{}, { limit: 7 }, { offset: 295 }, { where: { active: { _eq: false } } }]) {
      expect(runner.count(items, args, {})).toBe(runner.select(items, args).length)
    }
  })

  it('returns booleans as booleans and dates as text', () => {
    const [item] = runner.select(registry.table('items'), { limit: 1 })
    expect(typeof item!.active).toBe('boolean')
    const [lot] = runner.select(registry.table('lots'), { where: { expires: { _is_null: false } }, limit: 1 })
    expect(lot!.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('reads only the asked columns, plus the key a relation groups on', () => {
    const items = registry.table('items')
    const [item] = runner.select(items, { limit: 1 }, ['code', 'active'])
    expect(Object.keys(item!).sort()).toEqual(['active', 'code'])
    expect(typeof item!.active).toBe('boolean')
    const grouped = runner.groupedByKey(registry.table('lots'), 'item_id', [1000001], {}, ['name'])
    expect(Object.keys(grouped.get(1000001)![0]!).sort()).toEqual(['item_id', 'name'])
    const keyed = runner.byKey(items, 'id', [1000001], ['name'])
    expect(Object.keys(keyed.get(1000001)!).sort()).toEqual(['id', 'name'])
    // Nothing asked (only relations followed): the primary key still gives rows to hang them on.
    expect(runner.select(items, { limit: 2 }, [])).toEqual([{ id: 1000001 }, { id: 1000002 }])
  })

  it('gives a string-list field its values per key, in the SQL’s order', () => {
    const bundles = registry.table('bundles')
    const tags = runner.stringLists(bundles.stringLists![0]!.sql, [3000001, 3000003, 3999999])
    expect(tags.get(3000001)).toEqual(['oferta', 'más vendido'])
    expect(tags.get(3000003)).toEqual(['nuevo'])
    expect(tags.has(3999999)).toBe(false)
  })

  it('refuses negative paging', () => {
    expect(() => runner.select(registry.table('items'), { limit: -1 })).toThrow(GraphqlInputError)
    expect(() => runner.select(registry.table('items'), { offset: -1 })).toThrow(GraphqlInputError)
  })
})
