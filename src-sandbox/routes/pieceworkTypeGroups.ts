import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import {
  checkPieceworkTypeGroup,
  findPieceworkTypeGroup,
  insertPieceworkTypeGroup,
  listPieceworkTypeGroups,
  updatePieceworkTypeGroup,
  type PieceworkTypeGroupRow,
} from '../model/pieceworkTypeGroups'
import { toDetailTimestamp, toIsoTimestamp, toStoredTimestamp } from '../timestamps'
import { entityScope, positiveId, type EntityScope } from './entityScope'
import type { RouteModule } from './routeModule'

const prefix = '/payroll/settings/piecework_type_groups'

/** List style: ids as numbers, ISO timestamps. */
function listJson(g: PieceworkTypeGroupRow) {
  return { ...g, created_at: toIsoTimestamp(g.created_at), updated_at: toIsoTimestamp(g.updated_at) }
}

/** Detail style (show, edit): ids as strings and zone-less timestamps, which the spec allows. */
function detailJson(g: PieceworkTypeGroupRow) {
  const idText = (v: number | null) => (v === null ? null : String(v))
  return {
    id: String(g.id),
    zid: String(g.zid),
    name: g.name,
    id_number: g.id_number,
    description: g.description,
    creator_id: idText(g.creator_id),
    updater_id: idText(g.updater_id),
    entity_id: String(g.entity_id),
    created_at: toDetailTimestamp(g.created_at),
    updated_at: toDetailTimestamp(g.updated_at),
  }
}

function groupFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): PieceworkTypeGroupRow | undefined {
  const id = positiveId(rawId)
  const group = id === undefined ? undefined : findPieceworkTypeGroup(ctx.store.db, scope.entityId, id)
  if (!group) sendError(reply, 404, `Couldn't find PieceworkTypeGroup with 'id'=${String(rawId)}`)
  return group
}

/** The payroll settings' piecework type groups: list, show, new, edit, create, update, delete. */
export const pieceworkTypeGroupRoutes: RouteModule = (app, ctx) => {
  app.get(`${prefix}.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    return listPieceworkTypeGroups(ctx.store.db, scope.entityId).map(listJson)
  })

  // Registered before /:id.json so "new" is never read as an id.
  app.get(`${prefix}/new.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    return {
      id: null,
      zid: null,
      name: null,
      id_number: null,
      description: null,
      creator_id: null,
      updater_id: null,
      entity_id: scope.entityId,
      created_at: null,
      updated_at: null,
    }
  })

  app.get(`${prefix}/:id.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const group = groupFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    return group ? detailJson(group) : reply
  })

  app.get(`${prefix}/:id/edit.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const group = groupFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    return group ? detailJson(group) : reply
  })

  app.post(`${prefix}.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.piecework_type_group)) return sendMissingParam(reply, 'piecework_type_group')
    const checked = checkPieceworkTypeGroup(ctx.store.db, scope.entityId, body.piecework_type_group)
    if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
    insertPieceworkTypeGroup(ctx.store.db, scope.entityId, scope.user.id, toStoredTimestamp(ctx.clock.now()), checked.values)
    // The spec's answer: a JSON string holding the address of the list, not the new group.
    return reply
      .code(201)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(`${request.protocol}://${request.host}${prefix}`))
  })

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const group = groupFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!group) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.piecework_type_group)) return sendMissingParam(reply, 'piecework_type_group')
    const checked = checkPieceworkTypeGroup(ctx.store.db, scope.entityId, body.piecework_type_group, group)
    if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
    updatePieceworkTypeGroup(ctx.store.db, group.id, scope.user.id, toStoredTimestamp(ctx.clock.now()), checked.values)
    return reply.code(204).send()
  }
  // The spec names PUT; Rails routes PATCH to the same action.
  app.put(`${prefix}/:id.json`, update)
  app.patch(`${prefix}/:id.json`, update)

  app.delete(`${prefix}/:id.json`, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const group = groupFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!group) return reply
    ctx.store.db.prepare('DELETE FROM piecework_type_groups WHERE id = ?').run(group.id)
    return reply.code(204).send()
  })
}
