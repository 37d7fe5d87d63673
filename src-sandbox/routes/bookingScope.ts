import type { FastifyReply } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { bookingText as b } from '../model/bookingText'
import { findShipment, movementsOf, type ShipmentRow } from '../model/shipments'
import type { JsonStyle } from './bundleJson'
import { shipmentJson } from './bookingJson'
import { positiveId, type EntityScope } from './entityScope'

/** The booking named in the path, in the current entity; answers 404 `{error}` and returns undefined otherwise. */
export function bookingFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): ShipmentRow | undefined {
  const id = positiveId(rawId)
  const shipment = id === undefined ? undefined : findShipment(ctx.store.statements, scope.entityId, id)
  if (!shipment) sendError(reply, 404, b.notFound(String(rawId)))
  return shipment
}

/** The booking as stored now, with its lines, in the given style. */
export function storedBookingJson(ctx: SandboxContext, scope: EntityScope, id: number, style: JsonStyle) {
  const shipment = findShipment(ctx.store.statements, scope.entityId, id)
  if (!shipment) throw new Error(`booking ${id} vanished after it was written`)
  return shipmentJson(shipment, movementsOf(ctx.store.statements, id), style, ctx.extensions)
}
