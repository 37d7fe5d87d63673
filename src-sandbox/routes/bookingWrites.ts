import type { FastifyReply, FastifyRequest } from 'fastify'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { readBookingForm } from '../model/bookingForm'
import { readStepImages, withoutStepImages, writeStepImages } from '../model/bookingImages'
import { multipartBodyLimit } from '../http/multipartBodyParser'
import { toStoredTimestamp } from '../timestamps'
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
    // The step pictures are an extension: without it their parts are dropped, as strong parameters drop them.
    const pictures = ctx.extensions ? readStepImages(body.shipment) : { images: [], errors: {} }
    if (Object.keys(pictures.errors).length) return sendValidationErrors(reply, pictures.errors)
    const fields = withoutStepImages(body.shipment)
    if (Object.keys(fields).length === 0 && Object.keys(body.shipment).length > 0) {
      // Only pictures (or nothing the sandbox takes): the booking's fields are left as they are, whatever its state.
      ctx.store.db.transaction(() => writeStepImages(ctx.store.db, existing.id, pictures.images, toStoredTimestamp(ctx.clock.now())))()
      return reply.code(200).send(storedBookingJson(ctx, scope, existing.id, 'detail'))
    }
    const result = ctx.store.db.transaction(() => {
      const saved = saveBooking(ctx.store.db, ctx.store.statements, {
        entityId: scope.entityId,
        user: scope.user,
        now: ctx.clock.now(),
        existing,
        form: readBookingForm(fields),
        sameCategoryOnly: filterDestinationsByCategory(ctx.store.db),
      })
      if (saved.kind === 'saved') writeStepImages(ctx.store.db, existing.id, pictures.images, toStoredTimestamp(ctx.clock.now()))
      return saved
    })()
    return answer(ctx, scope, reply, result, false)
  }
  // Rails routes both verbs to update; a multipart body carries the step pictures, far over the JSON default of 1 MB.
  const multipart = { bodyLimit: multipartBodyLimit }
  app.put('/pos/bookings/:id.json', multipart, update)
  app.patch('/pos/bookings/:id.json', multipart, update)

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
