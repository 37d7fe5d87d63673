import { sendError, sendValidationErrors } from '../http/errorReplies'
import { deliverBooking, shipBooking, type TransitionRequest, type TransitionResult } from '../model/bookingTransitions'
import { bookingText as b } from '../model/bookingText'
import type { Sqlite } from '@core/cache/sqlite'
import type { StatementCache } from '../store/statementCache'
import { storedBookingJson } from './bookingScope'
import { entityScope, positiveId } from './entityScope'
import type { RouteModule } from './routeModule'

type Transition = (db: Sqlite, statements: StatementCache, req: TransitionRequest) => TransitionResult

/**
 * GET /pos/bookings/{id}/ship.json and …/deliver.json: GETs that change state
 * (not idempotent: a second ship is refused), answering the shipment record
 * with ids and counts as strings, as the real service does.
 */
export const bookingTransitionRoutes: RouteModule = (app, ctx) => {
  const route = (action: 'ship' | 'deliver', run: Transition) =>
    app.get(`/pos/bookings/:id/${action}.json`, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      const rawId = (request.params as { id: string }).id
      const id = positiveId(rawId)
      const result: TransitionResult =
        id === undefined
          ? { kind: 'notFound' }
          : run(ctx.store.db, ctx.store.statements, { entityId: scope.entityId, userId: scope.user.id, id, now: ctx.clock.now() })
      if (result.kind === 'notFound') return sendError(reply, 404, b.notFound(rawId))
      if (result.kind === 'refused') return sendValidationErrors(reply, { base: [result.message] })
      return storedBookingJson(ctx, scope, result.id, 'detail')
    })
  route('ship', shipBooking)
  route('deliver', deliverBooking)
}
