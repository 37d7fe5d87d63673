import { execute, GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql'
import { z } from 'zod'
import { GraphqlInputError } from './graphqlInputError'
import type { GraphqlContext } from './schemaBuilder'

export interface HasuraError {
  message: string
  extensions: { path: string; code: string }
}

export interface GraphqlResponse {
  status: number
  body: { data?: unknown; errors?: HasuraError[] }
}

const requestBody = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
})

export function hasuraError(message: string, code: string, path = '$'): HasuraError {
  return { message, extensions: { path, code } }
}

function formatError(err: GraphQLError): HasuraError {
  const path = err.path ? `$.selectionSet.${err.path.join('.selectionSet.')}` : '$'
  // Errors graphql-js finds itself (syntax, unknown fields, bad variables) and
  // ours about the arguments are the client's; anything else is the sandbox's.
  if (!err.originalError || err.originalError instanceof GraphqlInputError || err.originalError instanceof GraphQLError) {
    return hasuraError(err.message, 'validation-failed', path)
  }
  return hasuraError(`database query error: ${err.message}`, 'unexpected', path)
}

/**
 * The first root field of the document that the service refuses, answered the
 * way Hasura answers a role without permission on a table: as if it did not exist.
 */
function refusedRootField(document: DocumentNode, refused: ReadonlySet<string>): HasuraError | null {
  if (refused.size === 0) return null
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    for (const selection of definition.selectionSet.selections) {
      if (selection.kind === Kind.FIELD && refused.has(selection.name.value)) {
        const name = selection.name.value
        return hasuraError(`field '${name}' not found in type: 'query_root'`, 'validation-failed', `$.selectionSet.${name}`)
      }
    }
  }
  return null
}

function isDocument(entry: DocumentNode | readonly GraphQLError[]): entry is DocumentNode {
  return !Array.isArray(entry)
}

/** Parsing and validating cost more than running a small query; clients repeat the same few documents. */
class DocumentCache {
  private readonly documents = new Map<string, DocumentNode | readonly GraphQLError[]>()
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly capacity = 200,
  ) {}

  get(query: string): DocumentNode | readonly GraphQLError[] {
    let entry = this.documents.get(query)
    if (entry) return entry
    try {
      const document = parse(query)
      const errors = validate(this.schema, document)
      entry = errors.length > 0 ? errors : document
    } catch (err) {
      entry = [err instanceof GraphQLError ? err : new GraphQLError(String(err))]
    }
    if (this.documents.size >= this.capacity) this.documents.delete(this.documents.keys().next().value as string)
    this.documents.set(query, entry)
    return entry
  }
}

/**
 * Runs one GraphQL request the way Hasura answers it: errors come alone,
 * without partial data, with `extensions.code`; GraphQL problems are HTTP 200,
 * an unreadable request body is 400.
 */
export class GraphqlExecutor {
  private readonly documents: DocumentCache

  constructor(private readonly schema: GraphQLSchema) {
    this.documents = new DocumentCache(schema)
  }

  /** `refused`: root fields answered as unknown (see the sandbox setting graphql_refused_root_fields). */
  async run(
    body: unknown,
    context: () => GraphqlContext | HasuraError,
    refused: ReadonlySet<string> = new Set(),
  ): Promise<GraphqlResponse> {
    const parsed = requestBody.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const key = issue?.path.join('.') || 'query'
      return {
        status: 400,
        body: {
          errors: [
            hasuraError(
              `invalid request body at "${key}": ${issue?.message ?? 'expected {query, variables?, operationName?}'}`,
              'parse-failed',
            ),
          ],
        },
      }
    }
    const document = this.documents.get(parsed.data.query)
    if (!isDocument(document)) return { status: 200, body: { errors: document.map(formatError) } }
    const refusal = refusedRootField(document, refused)
    if (refusal) return { status: 200, body: { errors: [refusal] } }
    const contextValue = context()
    if ('message' in contextValue) return { status: 200, body: { errors: [contextValue] } }
    const result = await execute({
      schema: this.schema,
      document,
      contextValue,
      variableValues: parsed.data.variables ?? undefined,
      operationName: parsed.data.operationName ?? undefined,
    })
    if (result.errors && result.errors.length > 0) return { status: 200, body: { errors: result.errors.map(formatError) } }
    return { status: 200, body: { data: result.data } }
  }
}
