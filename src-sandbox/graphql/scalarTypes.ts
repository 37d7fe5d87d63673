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
import { signedDecimalPattern } from '@shared/patterns'
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

const storedTimestamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{6})$/
const timestampInput = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Reads a timestamp as a client writes one (ISO 8601, `T` or a space,
 * seconds, fraction or the whole time optional) into the stored form, so that comparisons
 * on the stored text order like time. With a zone it is converted to UTC,
 * which is what the stored values are.
 */
function parseTimestamp(value: unknown): string {
  const m = typeof value === 'string' ? timestampInput.exec(value.trim()) : null
  if (!m) throw new GraphQLError(`invalid timestamp: ${JSON.stringify(value)}; expected e.g. 2025-01-31T13:45:00.123456`)
  // A bare date is its midnight, as PostgreSQL reads it.
  const [, day, minutes = '00:00', seconds = '00', fraction = '', zone] = m
  const micros = fraction.padEnd(6, '0')
  const local = `${day}T${minutes}:${seconds}`
  if (Number.isNaN(Date.parse(`${local}Z`))) throw new GraphQLError(`invalid timestamp: ${JSON.stringify(value)}`)
  if (!zone || zone === 'Z') return `${day} ${minutes}:${seconds}.${micros}`
  const utc = new Date(Date.parse(`${local}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`)).toISOString()
  return `${utc.slice(0, 10)} ${utc.slice(11, 19)}.${micros}`
}

/**
 * PostgreSQL `timestamp` (without time zone), as Hasura names and writes it:
 * `2025-01-31T13:45:00.123456`, UTC in this service.
 */
export const timestampScalar = new GraphQLScalarType({
  name: 'timestamp',
  description: 'A UTC timestamp without zone, e.g. 2025-01-31T13:45:00.123456.',
  serialize: (value) => {
    const m = typeof value === 'string' ? storedTimestamp.exec(value) : null
    if (!m) throw new GraphQLError(`not a stored timestamp: ${JSON.stringify(value)}`)
    return `${m[1]}T${m[2]}`
  },
  parseValue: (value) => parseTimestamp(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('a timestamp must be given as a string')
    return parseTimestamp(ast.value)
  },
})

/**
 * PostgreSQL `jsonb`, as Hasura names it: stored as JSON text, served as the
 * value it spells (a dynamic table row's `data`). Only `_is_null` compares it.
 */
export const jsonbScalar = new GraphQLScalarType({
  name: 'jsonb',
  description: 'A JSON value.',
  serialize: (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
  parseValue: (value) => value,
})

function parseBigint(value: unknown): number {
  // Hasura takes a bigint as a JSON number or a string of digits; ids here fit a double exactly.
  const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new GraphQLError(`invalid bigint: ${JSON.stringify(value)}`)
  return n
}

/**
 * PostgreSQL `bigint`, the type of every id and foreign key in the real
 * service. Its own scalar (not Int) so that a client declaring `$id: Int!`
 * is refused here exactly as Hasura refuses it.
 */
export const bigintScalar = new GraphQLScalarType({
  name: 'bigint',
  description: 'A 64-bit integer: ids and foreign keys.',
  serialize: (value) => parseBigint(value),
  parseValue: (value) => parseBigint(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.STRING)
      throw new GraphQLError('a bigint must be given as an integer or a string of digits')
    return parseBigint(ast.value)
  },
})

const decimalText = signedDecimalPattern

function parseNumeric(value: unknown): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string' || !decimalText.test(text)) throw new GraphQLError(`invalid numeric: ${JSON.stringify(value)}`)
  return text
}

/**
 * PostgreSQL `numeric`: quantities and money. Stored as decimal text; answered
 * as a JSON number, as Hasura does unless told to stringify numeric types (a
 * client must take both).
 */
export const numericScalar = new GraphQLScalarType({
  name: 'numeric',
  description: 'A decimal number: quantities and money.',
  serialize: (value) => Number(parseNumeric(value)),
  parseValue: (value) => parseNumeric(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT && ast.kind !== Kind.STRING)
      throw new GraphQLError('a numeric must be given as a number')
    return parseNumeric(ast.value)
  },
})

export const scalarOf: Readonly<Record<ColumnType, GraphQLScalarType>> = {
  Int: GraphQLInt,
  bigint: bigintScalar,
  numeric: numericScalar,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  date: dateScalar,
  timestamp: timestampScalar,
  jsonb: jsonbScalar,
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
  const operators: GraphQLInputFieldConfigMap = {
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
  const fields: GraphQLInputFieldConfigMap = type === 'jsonb' ? { _is_null: operators._is_null! } : operators
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
