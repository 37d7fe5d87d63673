import type { purchasingRequests } from '@shared/contract/purchasing'
import type { AreaHandlers, CoreParts } from './parts'

/** Purchasing: consolidates and receptions. Assembled in core/createCore.ts. */
export function purchasingHandlers({ purchasing }: CoreParts): AreaHandlers<typeof purchasingRequests> {
  return {
    'purchasing.context': () => purchasing.context(),
    'purchaseOrders.search': ({ query, limit }) => purchasing.searchOrders(query, limit),
    'purchaseOrders.get': ({ id }) => purchasing.order(id),
    'consolidates.list': () => purchasing.consolidates(),
    'consolidates.candidates': ({ special }) => purchasing.candidates(special),
    'consolidates.get': ({ id }) => purchasing.consolidate(id),
    'consolidates.create': (input) => purchasing.createConsolidate(input),
    'consolidates.update': ({ id, changes }) => purchasing.updateConsolidate(id, changes),
    'consolidates.delete': ({ id }) => purchasing.deleteConsolidate(id),
    'receptions.draft': ({ orderId }) => purchasing.receptionDraft(orderId),
    'receptions.create': (input) => purchasing.receive(input),
    'receptions.get': ({ id }) => purchasing.reception(id),
    'receptions.ofOrder': ({ orderId }) => purchasing.receptionsOfOrder(orderId),
    'receptions.return': ({ id, reboundOrderId }) =>
      purchasing.returnReception(id, reboundOrderId === null ? null : { orderId: reboundOrderId }),
  }
}
