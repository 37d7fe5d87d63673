import type { GraphQLSchema } from 'graphql'
import { buildGraphqlSchema } from './schemaBuilder'
import { TableRegistry } from './tableDescription'
import { graphqlTables } from './tables'

let registry: TableRegistry | undefined
let schema: GraphQLSchema | undefined

/** The sandbox's tables, checked once per process. */
export function sandboxTables(): TableRegistry {
  return (registry ??= new TableRegistry(graphqlTables))
}

/** The schema is the same for every sandbox in a process, so it is built once. */
export function sandboxSchema(): GraphQLSchema {
  return (schema ??= buildGraphqlSchema(sandboxTables()))
}
