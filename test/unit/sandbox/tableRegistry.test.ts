import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildSchema,
  isObjectType,
  parse,
  validate,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql'
import { graphqlDocuments } from '@core/api/graphqlDocuments'
import { sandboxSchema } from '@sandbox/graphql/sandboxSchema'
import { buildGraphqlSchema } from '@sandbox/graphql/schemaBuilder'
import { TableRegistry, type TableDescription } from '@sandbox/graphql/tableDescription'
import { graphqlTables } from '@sandbox/graphql/tables'

const base = (over: Partial<TableDescription>): TableDescription => ({
  name: 'things',
  primaryKey: 'id',
  entityScoped: false,
  columns: [{ name: 'id', type: 'Int', nullable: false }],
  relations: [],
  ...over,
})

describe('TableRegistry', () => {
  it('accepts the sandbox tables', () => {
    expect(new TableRegistry(graphqlTables).all().map((t) => t.name)).toEqual(
      expect.arrayContaining(['agencies', 'agency_categories', 'employees', 'items', 'item_categories', 'lots', 'lot_stocks']),
    )
  })

  it('refuses description mistakes at start-up', () => {
    expect(() => new TableRegistry([base({}), base({})])).toThrow(/twice/)
    expect(() => new TableRegistry([base({ primaryKey: 'uid' })])).toThrow(/primary key/)
    expect(() => new TableRegistry([base({ entityScoped: true })])).toThrow(/entity_id/)
    expect(() => new TableRegistry([base({ columns: [{ name: 'id; drop', type: 'Int', nullable: false }] })])).toThrow(/identifier/)
    expect(
      () => new TableRegistry([base({ relations: [{ name: 'owner', kind: 'object', table: 'nowhere', from: 'id', to: 'id' }] })]),
    ).toThrow(/unknown table/)
    expect(
      () => new TableRegistry([base({ relations: [{ name: 'self', kind: 'object', table: 'things', from: 'missing', to: 'id' }] })]),
    ).toThrow(/local column/)
    const list = { name: 'labels', from: 'id', sql: 'SELECT id, name FROM labels WHERE id IN (SELECT value FROM json_each(?))' }
    expect(() => new TableRegistry([base({ stringLists: [list] })])).not.toThrow()
    expect(() => new TableRegistry([base({ stringLists: [{ ...list, name: 'id' }] })])).toThrow(/clashes/)
    expect(() => new TableRegistry([base({ stringLists: [{ ...list, from: 'nope' }] })])).toThrow(/local column/)
    expect(() => new TableRegistry([base({ stringLists: [{ ...list, sql: 'SELECT 1, ? WHERE ?' }] })])).toThrow(/exactly one parameter/)
  })
})

describe('the generated schema', () => {
  const schema = buildGraphqlSchema(new TableRegistry(graphqlTables))
  const root = schema.getQueryType()!.getFields()
  const signature = (field: { args: readonly { name: string; type: unknown }[]; type: unknown }) =>
    `(${field.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(field.type)}`
  const inputFields = (name: string) =>
    Object.fromEntries(Object.values((schema.getType(name) as GraphQLInputObjectType).getFields()).map((f) => [f.name, String(f.type)]))
  const objectFields = (name: string) => (schema.getType(name) as GraphQLObjectType).getFields()

  it('has Hasura’s root fields and argument types per table', () => {
    expect(schema.getQueryType()!.name).toBe('query_root')
    const args = '(where: items_bool_exp, order_by: [items_order_by!], limit: Int, offset: Int)'
    expect(signature(root.items!)).toBe(`${args}: [items!]!`)
    expect(signature(root.items_aggregate!)).toBe(`${args}: items_aggregate!`)
    expect(signature(root.items_by_pk!)).toBe('(id: bigint!): items')
    expect(signature(objectFields('items_aggregate_fields').count!)).toBe('(columns: [items_select_column!], distinct: Boolean): Int!')
    for (const t of ['agencies', 'agency_categories', 'employees', 'item_categories', 'lots', 'lot_stocks']) {
      expect(root[t], t).toBeDefined()
      expect(root[`${t}_aggregate`], t).toBeDefined()
    }
  })

  it('has the comparison operators, pattern ones on strings only', () => {
    const int = inputFields('Int_comparison_exp')
    expect(int).toMatchObject({
      _eq: 'Int',
      _neq: 'Int',
      _gt: 'Int',
      _gte: 'Int',
      _lt: 'Int',
      _lte: 'Int',
      _in: '[Int!]',
      _nin: '[Int!]',
      _is_null: 'Boolean',
    })
    expect(int._ilike).toBeUndefined()
    // Ids are bigint, as in the real service, so a client declaring `$id: Int!` is refused here too.
    expect(inputFields('items_bool_exp')).toMatchObject({ id: 'bigint_comparison_exp', item_category_id: 'bigint_comparison_exp' })
    expect(inputFields('String_comparison_exp')).toMatchObject({ _like: 'String', _ilike: 'String', _nlike: 'String', _nilike: 'String' })
    expect(inputFields('date_comparison_exp')).toMatchObject({ _lt: 'date' })
    expect(inputFields('items_bool_exp')).toMatchObject({
      _and: '[items_bool_exp!]',
      _or: '[items_bool_exp!]',
      _not: 'items_bool_exp',
      name: 'String_comparison_exp',
      lots: 'lots_bool_exp',
      item_category: 'item_categories_bool_exp',
    })
    expect(inputFields('lot_stocks_order_by')).toMatchObject({ available: 'order_by', lot: 'lots_order_by' })
  })

  it('types columns and relations: object relations nullable, array relations with arguments', () => {
    const items = objectFields('items')
    expect(String(items.item_category!.type)).toBe('item_categories')
    expect(signature(items.lots!)).toBe('(where: lots_bool_exp, order_by: [lots_order_by!], limit: Int, offset: Int): [lots!]!')
    expect(String(objectFields('lots').expires!.type)).toBe('date')
    expect(String(objectFields('lot_stocks').available!.type)).toBe('numeric!')
    expect(String(items.price!.type)).toBe('String!')
  })

  it('serves bundles with timestamps, tags as a list of strings and components with their item', () => {
    const bundles = objectFields('bundles')
    expect(String(bundles.updated_at!.type)).toBe('timestamp!')
    expect(String(bundles.tags!.type)).toBe('[String!]!')
    expect(bundles.tags!.args).toEqual([])
    expect(signature(bundles.bundle_details!)).toBe(
      '(where: bundle_details_bool_exp, order_by: [bundle_details_order_by!], limit: Int, offset: Int): [bundle_details!]!',
    )
    expect(String(objectFields('bundle_details').item!.type)).toBe('items')
    expect(String(objectFields('bundle_details').quantity!.type)).toBe('numeric!')
    // Lists are selected, not filtered or ordered by (like Hasura's computed fields).
    expect(inputFields('bundles_bool_exp').tags).toBeUndefined()
    expect(inputFields('bundles_bool_exp')).toMatchObject({
      updated_at: 'timestamp_comparison_exp',
      bundle_details: 'bundle_details_bool_exp',
    })
    expect(signature(root.bundles_by_pk!)).toBe('(id: bigint!): bundles')
    expect(root.bundles_aggregate).toBeDefined()
  })
})

describe('the schema served with extensions off', () => {
  const real = buildSchema(readFileSync(join(__dirname, '../../../src-main/core/api/schema/realService.graphql'), 'utf8'))
  const off = sandboxSchema({ extensions: false })
  const on = sandboxSchema({ extensions: true })
  const objectTypes = (schema: GraphQLSchema) =>
    Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
  const named = (type: unknown) => String(type).replace(/!/g, '')

  it('offers nothing the real service lacks, with the real types', () => {
    const extra: string[] = []
    for (const type of objectTypes(off)) {
      const realType = real.getType(type.name)
      for (const field of Object.values(type.getFields())) {
        const realField = isObjectType(realType) ? realType.getFields()[field.name] : undefined
        if (!realField) extra.push(`${type.name}.${field.name}`)
        else if (named(realField.type) !== named(field.type))
          extra.push(`${type.name}.${field.name}: ${String(field.type)} vs real ${String(realField.type)}`)
      }
    }
    expect(extra).toEqual([])
    // It is not empty: the roots the client reads are there.
    expect(Object.keys(off.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['items', 'bundles', 'lots', 'lot_stocks', 'shipments', 'purchase_orders']),
    )
  })

  it('keeps the sandbox-only parts for training: tags, POS settings, transfer requests, aggregates', () => {
    const root = (schema: GraphQLSchema) => schema.getQueryType()!.getFields()
    for (const name of ['pos_settings', 'transfer_requests', 'items_aggregate']) {
      expect(root(on)[name], name).toBeDefined()
      expect(root(off)[name], name).toBeUndefined()
    }
    expect((on.getType('bundles') as GraphQLObjectType).getFields().tags).toBeDefined()
    expect((off.getType('bundles') as GraphQLObjectType).getFields().tags).toBeUndefined()
  })

  it('accepts every document the core sends to the real service, as the real schema does', () => {
    const refused = graphqlDocuments
      .filter((d) => !d.extension)
      .flatMap((d) => validate(off, parse(d.query)).map((e) => `${d.name}: ${e.message}`))
    expect(refused).toEqual([])
  })

  it('gives every field both schemas share the same type, so extensions on cannot hide a type mistake', () => {
    const differ: string[] = []
    for (const type of objectTypes(on)) {
      const realType = real.getType(type.name)
      if (!isObjectType(realType)) continue
      for (const field of Object.values(type.getFields())) {
        const realField = realType.getFields()[field.name]
        if (realField && named(realField.type) !== named(field.type)) differ.push(`${type.name}.${field.name}`)
      }
    }
    expect(differ).toEqual([])
  })
})
