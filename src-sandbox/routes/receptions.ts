import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { dateInZone, instantOnLocalDate } from '@shared/localDate'
import { detailsOfOrder, findPurchaseOrder } from '../model/purchaseOrders'
import { createReception } from '../model/receptionCreate'
import {
  detailsOfReception,
  findReception,
  newReception,
  pendingOf,
  receptionText,
  returnReception,
  type ReceptionRow,
} from '../model/receptions'
import { railsDecimalString } from '../model/railsDecimal'
import { toStoredTimestamp } from '../timestamps'
import { entityScope, positiveId, type EntityScope } from './entityScope'
import { orderFromPath, orderJson } from './purchasingScope'
import { purchaseOrderDetailJson, purchaseOrderDetailSdkJson, receptionJson } from './purchasingJson'
import type { RouteModule } from './routeModule'

function receptionFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): ReceptionRow | undefined {
  const id = positiveId(rawId)
  const found = id === undefined ? undefined : findReception(ctx.store.statements, scope.entityId, id)
  if (!found) sendError(reply, 404, `Couldn't find Reception with 'id'=${String(rawId)}`)
  return found
}

const nowStored = (ctx: SandboxContext) => toStoredTimestamp(ctx.clock.now())

/** A new reception's form for the order in the path, its lines prefilled with what is pending. */
async function newReceptionForm(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const order = orderFromPath(ctx, scope, (request.params as { orderId: string }).orderId, reply)
  if (!order) return reply
  const fresh = newReception(ctx.store.statements, order, scope.user.id, dateInZone(ctx.clock.now(), scope.user.time_zone))
  // Detail style like every new.json: the spec's reception record. The lines to receive (with what is
  // pending), the exchange rate and the order are ours, extensions on only.
  const record = {
    ...receptionJson({ ...fresh.reception, received_at: null } as never, null, 'detail'),
    id: null,
    received_at: fresh.reception.received_at,
    created_at: null,
    updated_at: null,
    needs_transit: '0',
  }
  if (!ctx.extensions) return record
  return {
    ...record,
    exchange_rate: fresh.reception.exchange_rate,
    reception_details: fresh.lines.map((l) => ({
      item_id: String(l.item.id),
      purchase_order_detail_id: String(l.detail.id),
      quantity: l.pending,
      ordered_quantity: l.detail.quantity,
      received_quantity: l.detail.received_quantity,
      item_code: l.item.code,
      item_name: l.item.name,
      perishable: l.item.perishable === 1,
      lot_name: null,
      lot_expires: null,
    })),
    purchase_order: orderJson(ctx, order, 'detail'),
  }
}

async function receiveOrder(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const s = ctx.store.statements
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const order = orderFromPath(ctx, scope, (request.params as { orderId: string }).orderId, reply)
  if (!order) return reply
  const body = request.body
  if (!isPlainObject(body) || !isPlainObject(body.reception)) return sendMissingParam(reply, 'reception')
  const outcome = createReception(ctx.store.db, s, {
    entityId: scope.entityId,
    userId: scope.user.id,
    now: nowStored(ctx),
    today: dateInZone(ctx.clock.now(), scope.user.time_zone),
    stampOf: (date) => toStoredTimestamp(instantOnLocalDate(date, ctx.clock.now(), scope.user.time_zone)),
    order,
    body: body.reception,
  })
  if (outcome.kind === 'invalid') return sendValidationErrors(reply, outcome.errors)
  // The spec: the purchase order's details rather than the reception (lines as the SDK types them; ours with the extensions on).
  const updated = findPurchaseOrder(s, scope.entityId, order.id)!
  const details = detailsOfOrder(s, order.id)
  return reply.code(201).send({
    ...orderJson(ctx, updated, 'list'),
    purchase_order_details: ctx.extensions
      ? details.map((d) => purchaseOrderDetailJson(d, 'list', railsDecimalString(pendingOf(d))))
      : details.map((d) => purchaseOrderDetailSdkJson(d, 'list')),
  })
}

async function showReception(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const r = receptionFromPath(ctx, scope, (request.params as { id: string }).id, reply)
  if (!r) return reply
  return receptionJson(r, ctx.extensions ? detailsOfReception(ctx.store.statements, r.id) : null, 'detail')
}

/** Returns a reception; its order is the reception's own (DELETE) or the one the query names (rebound). */
async function giveBack(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply, orderParam: 'own' | 'query') {
  const s = ctx.store.statements
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const r = receptionFromPath(ctx, scope, (request.params as { id: string }).id, reply)
  if (!r) return reply
  const wanted = orderParam === 'own' ? r.purchase_order_id : positiveId((request.query as Record<string, unknown>).purchase_order_id)
  // The spec: when the purchase order is not found, an error object.
  const order = wanted === r.purchase_order_id ? findPurchaseOrder(s, scope.entityId, wanted) : undefined
  if (!order) return sendError(reply, 404, receptionText.orderNotFound)
  const outcome = returnReception(ctx.store.db, s, r, order, scope.user.id, nowStored(ctx))
  if (outcome.kind === 'invalid') return sendValidationErrors(reply, outcome.errors)
  return receptionJson(findReception(s, scope.entityId, r.id)!, ctx.extensions ? detailsOfReception(s, r.id) : null, 'detail')
}

/** Receptions of purchase orders: new, create, show, and the two ways to return one (DELETE and rebound). */
export const receptionRoutes: RouteModule = (app, ctx) => {
  app.get('/purchases/purchase_orders/:orderId/receptions/new.json', (request, reply) => newReceptionForm(ctx, request, reply))
  app.post('/purchases/purchase_orders/:orderId/receptions.json', (request, reply) => receiveOrder(ctx, request, reply))
  app.get('/purchases/receptions/:id.json', (request, reply) => showReception(ctx, request, reply))
  app.delete('/purchases/receptions/:id.json', (request, reply) => giveBack(ctx, request, reply, 'own'))
  app.get('/purchases/receptions/:id/rebound.json', (request, reply) => giveBack(ctx, request, reply, 'query'))
}
