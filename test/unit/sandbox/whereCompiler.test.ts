import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newScope } from '@sandbox/graphql/compileScope'
import { GraphqlInputError } from '@sandbox/graphql/graphqlInputError'
import { QueryRunner } from '@sandbox/graphql/queryRunner'
import { sandboxTables } from '@sandbox/graphql/sandboxSchema'
import { compileWhere, type BoolExp } from '@sandbox/graphql/whereCompiler'
import { SandboxStore } from '@sandbox/store/sandboxStore'

const registry = sandboxTables()
const items = registry.table('items')
const compile = (exp: BoolExp) => compileWhere(registry, items, exp, 'x', newScope(101))

describe('compileWhere, the SQL it writes', () => {
  it('keeps every value out of the SQL text', () => {
    const evil = `x' OR 1=1; DROP TABLE items; --`
    const f = compile({ name: { _eq: evil }, code: { _ilike: evil } })
    expect(f.text).toBe('(x."name" = ? AND sb_ilike(x."code", ?))')
    expect(f.params).toEqual([evil, evil])
    expect(f.text).not.toContain('DROP')
  })

  it('writes booleans as 0/1, lists as one JSON parameter, and empty lists as constants', () => {
    expect(compile({ active: { _eq: false } })).toEqual({ text: 'x."active" = ?', params: [0] })
    expect(compile({ zid: { _in: [1, 2] } })).toEqual({ text: 'x."zid" IN (SELECT value FROM json_each(?))', params: ['[1,2]'] })
    expect(compile({ zid: { _in: [] } })).toEqual({ text: '0', params: [] })
    expect(compile({ zid: { _nin: [] } })).toEqual({ text: '1', params: [] })
    expect(compile({ ean13: { _is_null: true } })).toEqual({ text: 'x."ean13" IS NULL', params: [] })
  })

  it('combines _and, _or and _not, and reads empty ones as true and false', () => {
    const f = compile({ _or: [{ zid: { _eq: 1 } }, { _not: { zid: { _gt: 5 } } }], _and: [] })
    expect(f.text).toBe('((x."zid" = ? OR NOT (x."zid" > ?)) AND 1)')
    expect(f.params).toEqual([1, 5])
    expect(compile({ _or: [] }).text).toBe('0')
    expect(compile({}).text).toBe('1')
  })

  it('turns a relation into EXISTS scoped to the entity, parameters in text order', () => {
    const f = compile({ item_category: { name: { _eq: 'Pinturas' } }, zid: { _lt: 9 } })
    expect(f.text).toBe(
      '(EXISTS (SELECT 1 FROM "item_categories" AS t0 WHERE t0."id" = x."item_category_id" AND t0."entity_id" = ? AND t0."name" = ?) AND x."zid" < ?)',
    )
    expect(f.params).toEqual([101, 'Pinturas', 9])
  })

  it('refuses null operands and unknown fields as the client’s mistake', () => {
    expect(() => compile({ zid: { _eq: null } })).toThrow(GraphqlInputError)
    expect(() => compile({ zid: { _eq: null } })).toThrow(/_is_null/)
    expect(() => compile({ nope: { _eq: 1 } })).toThrow(GraphqlInputError)
    expect(() => compile({ zid: { _regex: 'x' } })).toThrow(/unknown operator/)
    expect(() => compile({ _not: null })).toThrow(GraphqlInputError)
  })
})

describe('compiled queries against a seeded store', () => {
  let store: SandboxStore
  let runner: QueryRunner
  beforeAll(() => {
    store = SandboxStore.open(':memory:')
    runner = new QueryRunner(registry, store.statements, 101)
  })
  afterAll(() => store.close())

  const count = (sql: string, ...params: unknown[]) => (store.db.prepare(sql).get(...params) as { n: number }).n

  it('agree with hand-written SQL', () => {
    const rows = runner.select(items, {
      where: { _and: [{ item_category: { name: { _ilike: 'pint%' } } }, { lots: { expires: { _gte: '2028-01-01' } } }] },
    })
    const expected = count(
      `SELECT COUNT(*) AS n FROM items i JOIN item_categories c ON c.id = i.item_category_id
       WHERE i.entity_id = 101 AND c.name = 'Pinturas' AND EXISTS (SELECT 1 FROM lots l WHERE l.item_id = i.id AND l.expires >= '2028-01-01')`,
    )
    expect(expected).toBeGreaterThan(0)
    expect(rows).toHaveLength(expected)
  })

  it('never reach another entity, not even through a relation', () => {
    const otherEntityItem = store.db.prepare('SELECT id FROM items WHERE entity_id = 102 LIMIT 1').pluck().get() as number
    expect(runner.select(items, { where: { id: { _eq: otherEntityItem } } })).toEqual([])
    const lots = registry.table('lots')
    expect(runner.select(lots, { where: { item: { id: { _eq: otherEntityItem } } } })).toEqual([])
    expect(new QueryRunner(registry, store.statements, 102).select(items, { where: { id: { _eq: otherEntityItem } } })).toHaveLength(1)
  })

  it('leave the table intact when handed an injection attempt', () => {
    expect(runner.select(items, { where: { name: { _eq: `'; DROP TABLE items; --` } } })).toEqual([])
    expect(count('SELECT COUNT(*) AS n FROM items')).toBe(600)
  })
})
