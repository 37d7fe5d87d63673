import type { FastifyInstance } from 'fastify'
import { verifyGraphqlJwt } from '../auth/graphqlJwt'
import type { SandboxContext } from '../context'
import { hasuraError } from '../graphql/executeGraphql'
import { QueryRunner } from '../graphql/queryRunner'
import { SiblingLoader } from '../graphql/siblingLoader'
import { currentEntityId } from '../model/memberships'
import { readSettings } from '../model/sandboxSettings'

export const graphqlPath = '/v1/graphql'

function refusedRootFields(ctx: SandboxContext): ReadonlySet<string> {
  return new Set(readSettings(ctx.store.db)['graphql_refused_root_fields'] as string[])
}

/** Hasura's answer to a request without a usable JWT. */
function invalidJwt(message: string) {
  return { errors: [{ message, extensions: { code: 'invalid-jwt' } }] }
}

/**
 * POST /v1/graphql, Hasura style: a bearer JWT from /apps/graphql.json, data
 * scoped to the user's current entity as it is at the moment of the query.
 */
export function graphqlEndpoint(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(graphqlPath, {
    // Unreadable JSON gets a GraphQL-shaped error, as a GraphQL client expects.
    errorHandler: (err, _request, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
      return reply.code(status).send({ errors: [hasuraError(err.message, status < 500 ? 'invalid-json' : 'unexpected')] })
    },
    handler: async (request, reply) => {
      const header = request.headers.authorization
      const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
      if (!match) {
        return reply.code(401).send(invalidJwt("Missing 'Authorization' header with a bearer JWT in JWT authenticated mode"))
      }
      const check = await verifyGraphqlJwt(ctx.store.jwtSecret(), match[1]!, ctx.clock.now())
      if (!check.ok) return reply.code(401).send(invalidJwt(check.message))

      const result = await ctx.graphql.run(
        request.body,
        () => {
          const entityId = currentEntityId(ctx.store.db, check.userId)
          if (entityId === undefined)
            return hasuraError('the user has no current entity (no active membership is selected)', 'access-denied')
          return { runner: new QueryRunner(ctx.tables, ctx.store.statements, entityId), loader: new SiblingLoader() }
        },
        refusedRootFields(ctx),
      )
      return reply.code(result.status).send(result.body)
    },
  })
}
