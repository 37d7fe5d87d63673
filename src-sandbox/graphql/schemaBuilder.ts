import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
} from 'graphql'
import type { QueryRunner, Row } from './queryRunner'
import { requestedColumns } from './requestedColumns'
import type { SiblingLoader } from './siblingLoader'
import { comparisonType, orderByEnum, scalarOf } from './scalarTypes'
import type { CountArgs, SelectArgs } from './selectCompiler'
import type { OfferedShape } from './realServiceShape'
import type { ColumnDescription, RelationDescription, TableDescription, TableRegistry } from './tableDescription'

/** Per-request state every resolver gets: the current entity's runner and the relation loader. */
export interface GraphqlContext {
  runner: QueryRunner
  loader: SiblingLoader
}

interface AggregateSource {
  table: TableDescription
  args: SelectArgs
}

interface TableTypes {
  object: GraphQLObjectType
  boolExp: GraphQLInputObjectType
  orderBy: GraphQLInputObjectType
  selectColumn: GraphQLEnumType
  aggregate: GraphQLObjectType
}

const everything: OfferedShape = { hasRoot: () => true, hasField: () => true }

/** What every step of one build shares: the tables, what is offered of them, and the types made so far. */
interface Build {
  registry: TableRegistry
  offered: OfferedShape
  columnsOf(table: TableDescription): ColumnDescription[]
  relationsOf(table: TableDescription): RelationDescription[]
  typesOf(name: string): TableTypes
  selectArgs(table: TableDescription): GraphQLFieldConfigArgumentMap
}

function startBuild(registry: TableRegistry, offered: OfferedShape, types: Map<string, TableTypes>): Build {
  const typesOf = (name: string): TableTypes => {
    const t = types.get(name)
    if (!t) throw new Error(`no GraphQL types for ${name}`)
    return t
  }
  return {
    registry,
    offered,
    columnsOf: (table) => table.columns.filter((c) => offered.hasField(table.name, c.name)),
    relationsOf: (table) => table.relations.filter((r) => offered.hasField(table.name, r.name)),
    typesOf,
    selectArgs: (table) => ({
      where: { type: typesOf(table.name).boolExp, description: 'filter the rows returned' },
      order_by: {
        type: new GraphQLList(new GraphQLNonNull(typesOf(table.name).orderBy)),
        description: 'sort the rows by one or more columns',
      },
      limit: { type: GraphQLInt, description: 'limit the number of rows returned' },
      offset: { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' },
    }),
  }
}

function boolExpType(build: Build, table: TableDescription): GraphQLInputObjectType {
  const boolExp: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `${table.name}_bool_exp`,
    description: `Boolean expression to filter rows from the table "${table.name}". All fields are combined with a logical 'AND'.`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {
        _and: { type: new GraphQLList(new GraphQLNonNull(boolExp)) },
        _or: { type: new GraphQLList(new GraphQLNonNull(boolExp)) },
        _not: { type: boolExp },
      }
      for (const c of build.columnsOf(table)) fields[c.name] = { type: comparisonType(c.type) }
      for (const r of build.relationsOf(table)) fields[r.name] = { type: build.typesOf(r.table).boolExp }
      return fields
    },
  })
  return boolExp
}

function orderByType(build: Build, table: TableDescription): GraphQLInputObjectType {
  return new GraphQLInputObjectType({
    name: `${table.name}_order_by`,
    description: `Ordering options when selecting data from "${table.name}".`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {}
      for (const c of build.columnsOf(table)) fields[c.name] = { type: orderByEnum }
      for (const r of build.relationsOf(table)) if (r.kind === 'object') fields[r.name] = { type: build.typesOf(r.table).orderBy }
      return fields
    },
  })
}

/** A relation of a row: one related row (object) or a list with the select arguments (array), loaded for all siblings at once. */
function relationField(build: Build, table: TableDescription, r: RelationDescription): GraphQLFieldConfig<Row, GraphqlContext> {
  const remote = build.registry.table(r.table)
  const relationKey = `${table.name}.${r.name}`
  // Aliases of one relation with different arguments or selections load separately.
  if (r.kind === 'object') {
    return {
      type: build.typesOf(r.table).object,
      resolve: (row, _args, ctx, info) => {
        const columns = requestedColumns(remote, info)
        return ctx.loader.load(row, `${relationKey}|${columns.join(',')}`, r.from, null, (keys) => {
          const related = ctx.runner.byKey(remote, r.to, keys, columns)
          ctx.loader.track([...related.values()])
          return related
        })
      },
    }
  }
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(build.typesOf(r.table).object))),
    args: build.selectArgs(remote),
    resolve: (row, args: SelectArgs, ctx, info) => {
      const columns = requestedColumns(remote, info)
      return ctx.loader.load(row, `${relationKey}|${columns.join(',')}|${JSON.stringify(args)}`, r.from, [] as Row[], (keys) => {
        const related = ctx.runner.groupedByKey(remote, r.to, keys, args, columns)
        ctx.loader.track([...related.values()].flat())
        return related
      })
    },
  }
}

/** The row type: its columns, its relations, then its lists of strings. */
function rowType(build: Build, table: TableDescription): GraphQLObjectType {
  return new GraphQLObjectType<Row, GraphqlContext>({
    name: table.name,
    description: `columns and relationships of "${table.name}"`,
    fields: () => {
      const fields: GraphQLFieldConfigMap<Row, GraphqlContext> = {}
      for (const c of build.columnsOf(table)) {
        const scalar = scalarOf[c.type]
        fields[c.name] = { type: c.nullable ? scalar : new GraphQLNonNull(scalar) }
      }
      for (const r of build.relationsOf(table)) fields[r.name] = relationField(build, table, r)
      for (const l of (table.stringLists ?? []).filter((l) => build.offered.hasField(table.name, l.name))) {
        const listKey = `${table.name}.${l.name}`
        fields[l.name] = {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))),
          resolve: (row, _args, ctx) =>
            ctx.loader.load(row, listKey, l.from, [] as string[], (keys) => ctx.runner.stringLists(l.sql, keys)),
        }
      }
      return fields
    },
  })
}

function aggregateType(table: TableDescription, selectColumn: GraphQLEnumType, object: GraphQLObjectType): GraphQLObjectType {
  const aggregateFields = new GraphQLObjectType<AggregateSource, GraphqlContext>({
    name: `${table.name}_aggregate_fields`,
    fields: {
      count: {
        type: new GraphQLNonNull(GraphQLInt),
        args: { columns: { type: new GraphQLList(new GraphQLNonNull(selectColumn)) }, distinct: { type: GraphQLBoolean } },
        resolve: (source, args: CountArgs, ctx) => ctx.runner.count(source.table, source.args, args),
      },
    },
  })
  return new GraphQLObjectType<AggregateSource, GraphqlContext>({
    name: `${table.name}_aggregate`,
    description: `aggregated selection of "${table.name}"`,
    fields: () => ({
      aggregate: { type: aggregateFields, resolve: (source) => source },
      nodes: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(object))),
        resolve: (source, _args, ctx, info) =>
          ctx.loader.track(ctx.runner.select(source.table, source.args, requestedColumns(source.table, info))),
      },
    }),
  })
}

function tableTypes(build: Build, table: TableDescription): TableTypes {
  const selectColumn = new GraphQLEnumType({
    name: `${table.name}_select_column`,
    values: Object.fromEntries(build.columnsOf(table).map((c) => [c.name, { value: c.name }])),
  })
  const boolExp = boolExpType(build, table)
  const orderBy = orderByType(build, table)
  const object = rowType(build, table)
  return { object, boolExp, orderBy, selectColumn, aggregate: aggregateType(table, selectColumn, object) }
}

/** A table's root fields: its list, `<table>_aggregate` and `<table>_by_pk`, each only where offered. */
function addRootFields(build: Build, table: TableDescription, rootFields: GraphQLFieldConfigMap<unknown, GraphqlContext>): void {
  const { offered } = build
  const t = build.typesOf(table.name)
  const pk = build.registry.column(table, table.primaryKey)!
  if (!offered.hasRoot(table.name)) return
  rootFields[table.name] = {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t.object))),
    description: `fetch data from the table: "${table.name}"`,
    args: build.selectArgs(table),
    resolve: (_root, args: SelectArgs, ctx, info) => ctx.loader.track(ctx.runner.select(table, args, requestedColumns(table, info))),
  }
  if (offered.hasRoot(`${table.name}_aggregate`))
    rootFields[`${table.name}_aggregate`] = {
      type: new GraphQLNonNull(t.aggregate),
      description: `fetch aggregated fields from the table: "${table.name}"`,
      args: build.selectArgs(table),
      resolve: (_root, args: SelectArgs): AggregateSource => ({ table, args }),
    }
  if (offered.hasRoot(`${table.name}_by_pk`))
    rootFields[`${table.name}_by_pk`] = {
      type: t.object,
      description: `fetch data from the table: "${table.name}" using primary key columns`,
      args: { [pk.name]: { type: new GraphQLNonNull(scalarOf[pk.type]) } },
      resolve: (_root, args: Record<string, unknown>, ctx, info) =>
        ctx.loader.track(
          ctx.runner.select(table, { where: { [pk.name]: { _eq: args[pk.name] } }, limit: 1 }, requestedColumns(table, info)),
        )[0] ?? null,
    }
}

/**
 * Builds a Hasura-shaped schema from table descriptions: per table a list
 * field, `<table>_aggregate` and `<table>_by_pk`, with `where`, `order_by`,
 * `limit` and `offset`, and relation fields on each row type.
 *
 * `offered` narrows it to what another schema has (the real service's, when
 * the sandbox's extensions are off): a root, column or relation it lacks is
 * left out, and so refused as unknown, as Hasura refuses it.
 */
export function buildGraphqlSchema(registry: TableRegistry, offered: OfferedShape = everything): GraphQLSchema {
  const types = new Map<string, TableTypes>()
  const build = startBuild(registry, offered, types)
  for (const table of registry.all()) types.set(table.name, tableTypes(build, table))
  const rootFields: GraphQLFieldConfigMap<unknown, GraphqlContext> = {}
  for (const table of registry.all()) addRootFields(build, table, rootFields)
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'query_root', fields: rootFields }) })
}
