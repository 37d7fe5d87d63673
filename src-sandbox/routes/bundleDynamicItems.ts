import { sendError, sendValidationErrors } from '../http/errorReplies'
import { findBundle } from '../model/bundles'
import { dynamicItemsWithStock } from '../model/dynamicItems'
import { validationText as t } from '../model/validationText'
import { entityScope, positiveId } from './bundleScope'
import type { RouteModule } from './routeModule'
import { errorMessagesFor } from './validationMessages'

/**
 * GET /inventories/bundles/get_dynamic_items_with_stock.json?agency_id=A&bundle_id=B:
 * the dynamic bundle's category items with stock at that agency, as
 * `[{item_id, code, name, available}]` (the spec does not show the shape: ours).
 */
export const bundleDynamicItemsRoutes: RouteModule = (app, ctx) => {
  app.get('/inventories/bundles/get_dynamic_items_with_stock.json', async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const query = request.query as Record<string, unknown>
    const errors = errorMessagesFor()
    const bundleId = positiveId(query.bundle_id)
    const agencyId = positiveId(query.agency_id)
    if (query.bundle_id === undefined || query.bundle_id === '') errors.add('bundle_id', t.blank)
    else if (bundleId === undefined) errors.add('bundle_id', t.notANumber)
    if (query.agency_id === undefined || query.agency_id === '') errors.add('agency_id', t.blank)
    else if (agencyId === undefined) errors.add('agency_id', t.notANumber)
    if (errors.any()) return sendValidationErrors(reply, errors.fields)

    const bundle = findBundle(ctx.store.statements, scope.entityId, bundleId!)
    if (!bundle) return sendError(reply, 404, `Couldn't find Bundle with 'id'=${bundleId}`)
    const agency = ctx.store.statements.get('SELECT 1 FROM agencies WHERE id = ? AND entity_id = ?').get(agencyId, scope.entityId)
    if (agency === undefined) errors.add('agency_id', t.mustExist)
    if (bundle.category_bundle !== 1 || bundle.item_category_id === null) errors.add('bundle_id', 'no es un paquete dinámico')
    if (errors.any()) return sendValidationErrors(reply, errors.fields)
    return dynamicItemsWithStock(ctx.store.statements, scope.entityId, bundle.item_category_id!, agencyId!)
  })
}
