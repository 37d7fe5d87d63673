import { entityScope } from './entityScope'
import { orderFromPath, orderJson } from './purchasingScope'
import type { RouteModule } from './routeModule'

/**
 * GET /purchases/purchase_orders/{id}.json: one purchase order, in detail style. Not in the spec's
 * endpoints; the SDK reads it (zauru-purchase-orders.ts getPurchase), and the fields are the spec's
 * purchase order. The client reads `paid` and `exchange_rate` here: GraphQL does not show them.
 */
export const purchaseOrderRoutes: RouteModule = (app, ctx) => {
  app.get('/purchases/purchase_orders/:id.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const order = orderFromPath(ctx, scope, (request.params as { id: string }).id, reply)
    if (!order) return reply
    return orderJson(ctx, order, 'detail')
  })
}
