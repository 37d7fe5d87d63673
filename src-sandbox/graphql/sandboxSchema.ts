import type { GraphQLSchema } from 'graphql'
import { realServiceShape } from './realServiceShape'
import { buildGraphqlSchema } from './schemaBuilder'
import { TableRegistry } from './tableDescription'
import { graphqlTables } from './tables'

let registry: TableRegistry | undefined
const schemas = new Map<boolean, GraphQLSchema>()

/** The sandbox's tables, checked once per process. */
export function sandboxTables(): TableRegistry {
  return (registry ??= new TableRegistry(graphqlTables))
}

/**
 * The schema is the same for every sandbox in a process, so each variant is
 * built once. Without extensions it is the real service's (see realServiceShape).
 */
export function sandboxSchema(opts: { extensions: boolean } = { extensions: true }): GraphQLSchema {
  let schema = schemas.get(opts.extensions)
  if (!schema) {
    schema = buildGraphqlSchema(sandboxTables(), opts.extensions ? undefined : realServiceShape())
    schemas.set(opts.extensions, schema)
  }
  return schema
}
