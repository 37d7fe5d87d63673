import { buildSchema, isObjectType } from 'graphql'
import realServiceSdl from '@core/api/schema/realService.graphql?raw'

/** What a schema offers: the sandbox with its extensions off serves only this. */
export interface OfferedShape {
  hasRoot(name: string): boolean
  hasField(typeName: string, field: string): boolean
}

let shape: OfferedShape | undefined

/**
 * The real service's GraphQL as its SDK and documentation show it (the SDL
 * the client's documents are checked against). With extensions off the
 * sandbox serves the part of its own tables found there, so a client that
 * works against it reads nothing the real service lacks.
 */
export function realServiceShape(): OfferedShape {
  if (shape) return shape
  const schema = buildSchema(realServiceSdl)
  const roots = new Set(Object.keys(schema.getQueryType()?.getFields() ?? {}))
  shape = {
    hasRoot: (name) => roots.has(name),
    hasField: (typeName, field) => {
      const type = schema.getType(typeName)
      return isObjectType(type) && field in type.getFields()
    },
  }
  return shape
}
