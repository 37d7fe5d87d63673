import type { FastifyReply } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { findBundle, type BundleRow } from '../model/bundles'
import { positiveId, type EntityScope } from './entityScope'

export { entityScope, positiveId, type EntityScope } from './entityScope'

/** The bundle named in the path, in the current entity; answers 404 and returns undefined otherwise. */
export function bundleFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): BundleRow | undefined {
  const id = positiveId(rawId)
  const bundle = id === undefined ? undefined : findBundle(ctx.store.statements, scope.entityId, id)
  if (!bundle) sendError(reply, 404, `Couldn't find Bundle with 'id'=${String(rawId)}`)
  return bundle
}
