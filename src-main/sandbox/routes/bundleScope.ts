import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { requestUser } from '../http/userAuth'
import type { UserRow } from '../model/users'
import { currentEntityId } from '../model/memberships'
import { findBundle, type BundleRow } from '../model/bundles'

/** Who asks and in which entity: every bundle route works in the user's current entity, read per request. */
export interface EntityScope {
  user: UserRow
  entityId: number
}

export function entityScope(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply): EntityScope | undefined {
  const user = requestUser(request)
  const entityId = currentEntityId(ctx.store.db, user.id)
  if (entityId === undefined) {
    sendError(reply, 404, 'The user has no current company (no active membership is selected).')
    return undefined
  }
  return { user, entityId }
}

/** A positive whole number from a path or query segment, or undefined. */
export function positiveId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return undefined
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** The bundle named in the path, in the current entity; answers 404 and returns undefined otherwise. */
export function bundleFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): BundleRow | undefined {
  const id = positiveId(rawId)
  const bundle = id === undefined ? undefined : findBundle(ctx.store.statements, scope.entityId, id)
  if (!bundle) sendError(reply, 404, `Couldn't find Bundle with 'id'=${String(rawId)}`)
  return bundle
}
