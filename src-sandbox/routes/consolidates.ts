import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { isPlainObject, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { createConsolidate, deleteConsolidate, updateConsolidate, type ConsolidateRow } from '../model/consolidates'
import { consolidableOrders, ordersOfConsolidate, specialInvoiceOrders } from '../model/purchaseOrders'
import { toStoredTimestamp } from '../timestamps'
import type { JsonStyle } from './bundleJson'
import { entityScope } from './entityScope'
import { consolidateFromPath, orderJson } from './purchasingScope'
import { consolidateJson } from './purchasingJson'
import type { RouteModule } from './routeModule'

/** The spec's consolidate; its orders are ours (extensions on): the real service shows them through GraphQL. */
function withOrders(ctx: SandboxContext, c: ConsolidateRow, style: JsonStyle) {
  const orders = ctx.extensions ? ordersOfConsolidate(ctx.store.statements, c.id).map((o) => orderJson(ctx, o, 'list')) : null
  return consolidateJson(c, orders, style)
}

/** /purchases/consolidates: the listings, create (regular and special-invoice), show, edit, update and delete. */
export const consolidateRoutes: RouteModule = (app, ctx) => {
  const s = ctx.store.statements
  const now = () => toStoredTimestamp(ctx.clock.now())

  app.get('/purchases/consolidates/new.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    return consolidableOrders(s, scope.entityId).map((o) => orderJson(ctx, o, 'list'))
  })

  app.get('/purchases/consolidates/new_for_special_invoice.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    return specialInvoiceOrders(s, scope.entityId).map((o) => orderJson(ctx, o, 'list'))
  })

  const create = (special: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.consolidate)) return sendMissingParam(reply, 'consolidate')
    const outcome = createConsolidate(ctx.store.db, s, {
      entityId: scope.entityId,
      userId: scope.user.id,
      now: now(),
      body: body.consolidate,
      special,
    })
    if (outcome.kind === 'invalid') return sendValidationErrors(reply, outcome.errors)
    const created = consolidateFromPath(ctx, scope, String(outcome.id), reply)!
    return reply.code(201).send(withOrders(ctx, created, 'list'))
  }
  app.post('/purchases/consolidates.json', create(false))
  app.post('/purchases/consolidates/create_for_special_invoice.json', create(true))

  const show = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const c = consolidateFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!c) return reply
    return withOrders(ctx, c, 'detail')
  }
  app.get('/purchases/consolidates/:id.json', show)
  app.get('/purchases/consolidates/:id/edit.json', show)

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const c = consolidateFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!c) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.consolidate)) return sendMissingParam(reply, 'consolidate')
    const outcome = updateConsolidate(s, c, body.consolidate, now())
    if (outcome.kind === 'invalid') return sendValidationErrors(reply, outcome.errors)
    return withOrders(ctx, consolidateFromPath(ctx, scope, String(c.id), reply)!, 'detail')
  }
  app.put('/purchases/consolidates/:id.json', update)
  app.patch('/purchases/consolidates/:id.json', update)

  app.delete('/purchases/consolidates/:id.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const c = consolidateFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!c) return reply
    deleteConsolidate(ctx.store.db, c, now())
    return reply.code(204).send()
  })
}
