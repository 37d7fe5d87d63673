import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  type GraphQLInputFieldConfigMap,
} from 'graphql'
import { orderDirections } from './orderByCompiler'
import type { ColumnType } from './tableDescription'

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new GraphQLError(`invalid date: ${JSON.stringify(value)}; expected YYYY-MM-DD`)
  }
  return value
}

/** PostgreSQL `date`, as Hasura names it: a YYYY-MM-DD string. */
export const dateScalar = new GraphQLScalarType({
  name: 'date',
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => parseDate(value),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('a date must be given as a string, YYYY-MM-DD')
    return parseDate(ast.value)
  },
})

export const scalarOf: Readonly<Record<ColumnType, GraphQLScalarType>> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  date: dateScalar,
}

export const orderByEnum = new GraphQLEnumType({
  name: 'order_by',
  description: 'column ordering options',
  values: Object.fromEntries(Object.keys(orderDirections).map((name) => [name, { value: name }])),
})

const comparisonTypes = new Map<ColumnType, GraphQLInputObjectType>()

/** `<Type>_comparison_exp`, Hasura's per-scalar operator set; pattern operators on strings only. */
export function comparisonType(type: ColumnType): GraphQLInputObjectType {
  let existing = comparisonTypes.get(type)
  if (existing) return existing
  const scalar = scalarOf[type]
  const list = new GraphQLList(new GraphQLNonNull(scalar))
  const fields: GraphQLInputFieldConfigMap = {
    _eq: { type: scalar },
    _neq: { type: scalar },
    _gt: { type: scalar },
    _gte: { type: scalar },
    _lt: { type: scalar },
    _lte: { type: scalar },
    _in: { type: list },
    _nin: { type: list },
    _is_null: { type: GraphQLBoolean },
  }
  if (type === 'String') {
    fields._like = { type: GraphQLString, description: 'case-sensitive pattern: % any run, _ one character' }
    fields._nlike = { type: GraphQLString }
    fields._ilike = { type: GraphQLString, description: 'case-insensitive pattern' }
    fields._nilike = { type: GraphQLString }
  }
  existing = new GraphQLInputObjectType({
    name: `${type}_comparison_exp`,
    description: `Boolean expression to compare columns of type "${type}". All fields are combined with logical 'AND'.`,
    fields,
  })
  comparisonTypes.set(type, existing)
  return existing
}
