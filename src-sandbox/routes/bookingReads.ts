import { sendError, sendValidationErrors } from '../http/errorReplies'
import { callerAgency, destinationAgencies, findAgency, type AgencyRow } from '../model/agencies'
import { bookingText as b } from '../model/bookingText'
import { newBooking } from '../model/newBooking'
import { filterDestinationsByCategory } from '../model/posSettings'
import { movementsByShipment, movementsOf, openBookingsFrom } from '../model/shipments'
import { findTransferRequest, linesOfTransferRequest } from '../model/transferRequests'
import { validationText as t } from '../model/validationText'
import type { SandboxContext } from '../context'
import { destinationJson, shipmentJson } from './bookingJson'
import { bookingFromPath } from './bookingScope'
import { entityScope, positiveId } from './entityScope'
import type { RouteModule } from './routeModule'

/** What the booking form offers as destinations, and whether the category setting narrowed them (ours: extensions only). */
function formChoices(ctx: SandboxContext, origin: AgencyRow | undefined) {
  if (!ctx.extensions) return {}
  const sameCategoryOnly = filterDestinationsByCategory(ctx.store.db)
  return {
    destination_agencies: origin ? destinationAgencies(ctx.store.statements, origin, sameCategoryOnly).map(destinationJson) : [],
    filter_destinations_by_agency_category: sameCategoryOnly,
  }
}

/**
 * GET /pos/bookings.json (open bookings of the caller's agency, list style),
 * new.json (the prefilled form), {id}.json and {id}/edit.json (detail style).
 */
export const bookingReadRoutes: RouteModule = (app, ctx) => {
  app.get('/pos/bookings.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const agency = callerAgency(ctx.store.statements, scope.entityId, scope.user.id)
    if (!agency) return []
    const bookings = openBookingsFrom(ctx.store.statements, scope.entityId, agency.id)
    const lines = movementsByShipment(
      ctx.store.statements,
      bookings.map((s) => s.id),
    )
    return bookings.map((s) => shipmentJson(s, lines.get(s.id) ?? [], 'list', ctx.extensions))
  })

  app.get('/pos/bookings/new.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const statements = ctx.store.statements
    const raw = (request.query as Record<string, unknown>).transfer_request_id
    let fromRequest
    let origin = callerAgency(statements, scope.entityId, scope.user.id)
    let destination: AgencyRow | undefined
    if (raw !== undefined && raw !== '') {
      const id = positiveId(raw)
      if (id === undefined) return sendValidationErrors(reply, { transfer_request_id: [t.notANumber] })
      const transfer = findTransferRequest(statements, scope.entityId, id)
      if (!transfer) return sendError(reply, 404, b.transferRequestNotFound(String(raw)))
      if (transfer.voided === 1) return sendValidationErrors(reply, { transfer_request_id: [b.requestVoided] })
      if (transfer.booked === 1) return sendValidationErrors(reply, { transfer_request_id: [b.requestBooked] })
      fromRequest = { request: transfer, lines: linesOfTransferRequest(statements, transfer.id) }
      origin = findAgency(statements, scope.entityId, transfer.agency_from_id)
      destination = findAgency(statements, scope.entityId, transfer.agency_to_id)
    }
    const blank = newBooking({
      entityId: scope.entityId,
      userId: scope.user.id,
      userZone: scope.user.time_zone,
      now: ctx.clock.now(),
      origin,
      destination,
      fromRequest,
    })
    return { ...shipmentJson(blank.shipment, blank.movements, 'detail', ctx.extensions), ...formChoices(ctx, origin) }
  })

  app.get('/pos/bookings/:id.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const shipment = bookingFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!shipment) return reply
    return shipmentJson(shipment, movementsOf(ctx.store.statements, shipment.id), 'detail', ctx.extensions)
  })

  app.get('/pos/bookings/:id/edit.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const shipment = bookingFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!shipment) return reply
    const origin = shipment.agency_from_id === null ? undefined : findAgency(ctx.store.statements, scope.entityId, shipment.agency_from_id)
    return {
      ...shipmentJson(shipment, movementsOf(ctx.store.statements, shipment.id), 'detail', ctx.extensions),
      ...formChoices(ctx, origin),
    }
  })
}
