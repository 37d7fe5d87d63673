import Decimal from 'decimal.js'
import type * as purchaseOrdersApi from '@core/api/purchaseOrdersApi'
import type * as receptionsApi from '@core/api/receptionsApi'
import type { ReceptionBody } from '@core/api/receptionsApi'
import type { PurchaseOrder } from '@shared/purchasing'
import type { FakeService } from './fakeService'

/** The order after a reception: each line's received count grows and its pending one shrinks by what came. */
function received(order: PurchaseOrder, body: ReceptionBody): PurchaseOrder {
  const lines = (order.lines ?? []).map((line) => {
    const came = body.lines.filter((l) => l.purchaseOrderDetailId === line.id).reduce((sum, l) => sum.plus(l.quantity), new Decimal(0))
    return {
      ...line,
      receivedQuantity: came.plus(line.receivedQuantity).toString(),
      pendingQuantity: new Decimal(line.pendingQuantity).minus(came).toString(),
    }
  })
  return { ...order, lines, received: lines.every((l) => new Decimal(l.pendingQuantity).lte(0)) }
}

/**
 * The order and reception calls of PurchasingService.receive. As the real service, a line may not
 * receive more than is pending: it is refused on that line's quantity and nothing is received.
 */
export function purchasingFake(
  service: FakeService,
): Pick<typeof receptionsApi, 'createReception' | 'listReceptions'> &
  Pick<typeof purchaseOrdersApi, 'fetchPurchaseOrder' | 'fetchOrderRecordFacts'> {
  const order = (id: number) => {
    const o = service.orders.get(id)
    if (!o) throw service.notFound(`purchase order ${id}`)
    return o
  }
  return {
    createReception: async (_rest, orderId, body) => {
      const before = order(orderId)
      const over = body.lines.findIndex((l) => {
        const line = before.lines?.find((o) => o.id === l.purchaseOrderDetailId)
        return !line || new Decimal(l.quantity).gt(line.pendingQuantity)
      })
      if (over >= 0)
        service.failNext('createReception', {
          kind: 'refused',
          field: `lines[${over}].quantity`,
          message: 'excede lo pendiente / exceeds what is pending',
        })
      await service.write('createReception', () => {
        const id = service.newId()
        service.orders.set(orderId, received(before, body))
        service.receptions.set(id, {
          id,
          purchaseOrderId: orderId,
          agencyId: body.agencyId,
          invoiceNumber: body.invoiceNumber,
          memo: body.memo,
          received: true,
          receivedAt: body.receivedAt,
          voided: false,
          voidedAt: null,
          exchangeRate: null,
          lines: body.lines.map((l) => ({
            id: null,
            itemId: l.itemId,
            purchaseOrderDetailId: l.purchaseOrderDetailId,
            quantity: l.quantity,
            lotId: null,
            lotName: l.lotName,
            lotExpires: l.lotExpires,
            availableNow: null,
          })),
        })
      })
    },
    listReceptions: (_graphql, orderId) =>
      service.read('listReceptions', () =>
        [...service.receptions.values()].filter((r) => r.purchaseOrderId === orderId).sort((a, b) => b.id - a.id),
      ),
    fetchPurchaseOrder: (_graphql, id) => service.read('fetchPurchaseOrder', () => service.orders.get(id) ?? null),
    fetchOrderRecordFacts: (_rest, id) =>
      service.read('fetchOrderRecordFacts', () => ({ paid: false, exchangeRate: order(id).exchangeRate })),
  }
}
