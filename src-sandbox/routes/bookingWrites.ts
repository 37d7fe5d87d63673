import type { FastifyReply, FastifyRequest } from 'fastify'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { readBookingForm } from '../model/bookingForm'
import { deleteBooking } from '../model/bookingTransitions'
import { bookingText as b } from '../model/bookingText'
import { filterDestinationsByCategory } from '../model/posSettings'
import { saveBooking, type SaveBookingResult } from '../model/saveBooking'
import type { SandboxContext } from '../context'
import { bookingFromPath, storedBookingJson } from './bookingScope'
import { entityScope, positiveId, type EntityScope } from './entityScope'
import { readSettings } from '../model/sandboxSettings'
import type { RouteModule } from './routeModule'

/** Answers a save: the booking (201 list style on create, 200 detail on update) or the refusal. */
function answer(ctx: SandboxContext, scope: EntityScope, reply: FastifyReply, result: SaveBookingResult, created: boolean) {
  switch (result.kind) {
    case 'saved':
      return reply.code(created ? 201 : 200).send(storedBookingJson(ctx, scope, result.id, created ? 'list' : 'detail'))
    case 'invalid':
      return sendValidationErrors(reply, result.errors)
    case 'refused':
      return sendValidationErrors(reply, { base: [result.message] })
    case 'stale':
      return sendError(reply, 409, result.message)
    case 'movementNotFound':
      return sendError(reply, 404, result.message)
  }
}

/** POST, PUT/PATCH and DELETE of /pos/bookings; each write is one transaction. */
export const bookingWriteRoutes: RouteModule = (app, ctx) => {
  app.post('/pos/bookings.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.shipment)) return sendMissingParam(reply, 'shipment')
    const { memo: _sent, ...withoutMemo } = body.shipment
    const result = saveBooking(ctx.store.db, ctx.store.statements, {
      entityId: scope.entityId,
      user: scope.user,
      now: ctx.clock.now(),
      form: readBookingForm(readSettings(ctx.store.db).booking_memo_kept === false ? withoutMemo : body.shipment),
      sameCategoryOnly: filterDestinationsByCategory(ctx.store.db),
    })
    return answer(ctx, scope, reply, result, true)
  })

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const existing = bookingFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!existing) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.shipment)) return sendMissingParam(reply, 'shipment')
    const result = saveBooking(ctx.store.db, ctx.store.statements, {
      entityId: scope.entityId,
      user: scope.user,
      now: ctx.clock.now(),
      existing,
      form: readBookingForm(body.shipment),
      sameCategoryOnly: filterDestinationsByCategory(ctx.store.db),
    })
    return answer(ctx, scope, reply, result, false)
  }
  // Rails routes both verbs to update.
  app.put('/pos/bookings/:id.json', update)
  app.patch('/pos/bookings/:id.json', update)

  app.delete('/pos/bookings/:id.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const rawId = (request.params as { id: string }).id
    const id = positiveId(rawId)
    const result =
      id === undefined
        ? ({ kind: 'notFound' } as const)
        : deleteBooking(ctx.store.db, ctx.store.statements, { entityId: scope.entityId, userId: scope.user.id, id, now: ctx.clock.now() })
    if (result.kind === 'notFound') return sendError(reply, 404, b.notFound(rawId))
    if (result.kind === 'refused') return sendValidationErrors(reply, { base: [result.message] })
    return reply.code(204).send()
  })
}
