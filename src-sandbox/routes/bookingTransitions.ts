import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { deliverBooking, shipBooking, voidBooking, deleteBooking, type TransitionResult } from '../model/bookingTransitions'
import { bookingText as b } from '../model/bookingText'
import { deliverTransit } from '../model/transitDelivery'
import { storedBookingJson } from './bookingScope'
import { entityScope, positiveId } from './entityScope'
import type { RouteModule } from './routeModule'

/**
 * GET /pos/bookings/{id}/ship.json and …/deliver.json: GETs that change state
 * (not idempotent: a second ship is refused), answering the shipment record
 * with ids and counts as strings, as the real service does. With extensions
 * off, deliver.json refuses a shipment in transit, as the documentation says
 * the real path does; PUT /inventories/transits/{id}.json receives it, and
 * DELETE /inventories/bookings/{id}.json voids a booking (`?destroy=true`
 * removes it, as the SDK's deleteShipment_booking asks).
 */
export const bookingTransitionRoutes: RouteModule = (app, ctx) => {
  const request = (rawId: unknown, userId: number, entityId: number) => {
    const id = positiveId(rawId)
    return id === undefined ? undefined : { entityId, userId, id, now: ctx.clock.now() }
  }
  const route = (action: 'ship' | 'deliver') =>
    app.get(`/pos/bookings/:id/${action}.json`, async (req, reply) => {
      const scope = entityScope(ctx, req, reply)
      if (!scope) return reply
      const rawId = (req.params as { id: string }).id
      const asked = request(rawId, scope.user.id, scope.entityId)
      const { db, statements } = ctx.store
      const result: TransitionResult = !asked
        ? { kind: 'notFound' }
        : action === 'ship'
          ? shipBooking(db, statements, asked)
          : deliverBooking(db, statements, { ...asked, inTransitToo: ctx.extensions })
      if (result.kind === 'notFound') return sendError(reply, 404, b.notFound(rawId))
      if (result.kind === 'refused') return sendValidationErrors(reply, { base: [result.message] })
      return storedBookingJson(ctx, scope, result.id, 'detail')
    })
  route('ship')
  route('deliver')

  app.put('/inventories/transits/:id.json', async (req, reply) => {
    const scope = entityScope(ctx, req, reply)
    if (!scope) return reply
    const rawId = (req.params as { id: string }).id
    const body = req.body
    if (!isPlainObject(body) || !isPlainObject(body.shipment)) return sendMissingParam(reply, 'shipment')
    const asked = request(rawId, scope.user.id, scope.entityId)
    const result = !asked
      ? ({ kind: 'notFound' } as const)
      : deliverTransit(ctx.store.db, ctx.store.statements, {
          ...asked,
          movements: body.shipment.movements_attributes,
          memo: body.shipment.memo,
        })
    switch (result.kind) {
      case 'notFound':
        return sendError(reply, 404, b.notFound(rawId))
      case 'refused':
        return sendValidationErrors(reply, { base: [result.message] })
      case 'invalid':
        return sendValidationErrors(reply, result.errors)
      case 'movementNotFound':
        return sendError(reply, 404, result.message)
      case 'done':
        return storedBookingJson(ctx, scope, result.id, 'detail')
    }
  })

  app.delete('/inventories/bookings/:id.json', async (req, reply) => {
    const scope = entityScope(ctx, req, reply)
    if (!scope) return reply
    const rawId = (req.params as { id: string }).id
    const asked = request(rawId, scope.user.id, scope.entityId)
    const destroy = (req.query as { destroy?: string } | undefined)?.destroy === 'true'
    const { db, statements } = ctx.store
    const result: TransitionResult = !asked
      ? { kind: 'notFound' }
      : destroy
        ? deleteBooking(db, statements, asked)
        : voidBooking(db, statements, asked)
    if (result.kind === 'notFound') return sendError(reply, 404, b.notFound(rawId))
    if (result.kind === 'refused') return sendValidationErrors(reply, { base: [result.message] })
    return reply.code(204).send()
  })
}
