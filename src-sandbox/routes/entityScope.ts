import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { requestUser } from '../http/userAuth'
import { currentEntityId } from '../model/memberships'
import type { UserRow } from '../model/users'

/** Who asks and in which entity: every REST route works in the user's current entity, read per request. */
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
