import type { FastifyReply } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { findConsolidate, type ConsolidateRow } from '../model/consolidates'
import { currencyOf, findPurchaseOrder, payeeOf, type PurchaseOrderRow } from '../model/purchaseOrders'
import { positiveId, type EntityScope } from './entityScope'
import type { JsonStyle } from './bundleJson'
import { purchaseOrderJson } from './purchasingJson'

/** The consolidate named in the path, in the current entity; answers 404 `{error}` and returns undefined otherwise. */
export function consolidateFromPath(
  ctx: SandboxContext,
  scope: EntityScope,
  rawId: unknown,
  reply: FastifyReply,
): ConsolidateRow | undefined {
  const id = positiveId(rawId)
  const found = id === undefined ? undefined : findConsolidate(ctx.store.statements, scope.entityId, id)
  if (!found) sendError(reply, 404, `Couldn't find Consolidate with 'id'=${String(rawId)}`)
  return found
}

export function orderFromPath(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): PurchaseOrderRow | undefined {
  const id = positiveId(rawId)
  const found = id === undefined ? undefined : findPurchaseOrder(ctx.store.statements, scope.entityId, id)
  if (!found) sendError(reply, 404, `Couldn't find PurchaseOrder with 'id'=${String(rawId)}`)
  return found
}

/** An order as the listings give it; with the extensions on, with its supplier and currency (ours). */
export function orderJson(ctx: SandboxContext, o: PurchaseOrderRow, style: JsonStyle) {
  const s = ctx.store.statements
  return purchaseOrderJson(o, ctx.extensions ? { payee: payeeOf(s, o.payee_id), currency: currencyOf(s, o.currency_id) } : null, style)
}
