import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { GraphqlClient } from '@core/api/graphqlClient'
import { fetchConsolidate } from '@core/api/consolidatesApi'
import { fetchPurchaseOrder } from '@core/api/purchaseOrdersApi'
import { linesWithStock, listReceptions } from '@core/api/receptionsApi'
import type { RestClient } from '@core/api/restClient'

/** A GraphQL client that answers every document with `data`, through the caller's schema as the real client does. */
function answering(data: unknown): GraphqlClient {
  return { data: async <T extends z.ZodType>(_q: string, schema: T) => schema.parse(data) as z.output<T> } as unknown as GraphqlClient
}

const detail = { id: 1, item_id: 10, purchase_order_detail_id: 100, quantity: 12 }
const reception = (details: unknown[]) => ({
  purchase_orders: [
    {
      receptions: [
        {
          id: 9,
          purchase_order_id: 7003,
          agency_id: 301,
          invoice_number: null,
          memo: null,
          received: true,
          received_at: '2026-11-20T10:00:00',
          voided: false,
          needs_transit: false,
          reception_details: details,
        },
      ],
    },
  ],
})

describe('receptions read from the real GraphQL (lot_* is one value or one per lot)', () => {
  it('gives one line per lot when a detail names several, each with its delivered quantity', async () => {
    const [r] = await listReceptions(
      answering(
        reception([
          {
            ...detail,
            lot_name: ['L-A', 'L-B'],
            lot_expire: ['2027-01-31', '2027-02-28'],
            lot_delivered_quantity: ['5', 7],
            lot_description: ['a', 'b'],
          },
        ]),
      ),
      7003,
    )
    expect(r!.lines.map((l) => [l.quantity, l.lotName, l.lotExpires, l.lotId])).toEqual([
      ['5', 'L-A', '2027-01-31', null],
      ['7', 'L-B', '2027-02-28', null],
    ])
  })

  it('reads single values and a one-entry array alike, and a line without lots as it is', async () => {
    const [r] = await listReceptions(
      answering(
        reception([
          { ...detail, lot_name: 'L-C', lot_expire: '2027-03-31', lot_delivered_quantity: '12', lot_description: 'L-C' },
          {
            ...detail,
            id: 2,
            lot_name: ['L-D'],
            lot_expire: ['2027-04-30T00:00:00'],
            lot_delivered_quantity: ['12'],
            lot_description: ['L-D'],
          },
          { ...detail, id: 3, quantity: '6.5', lot_name: null, lot_expire: null, lot_delivered_quantity: null, lot_description: null },
        ]),
      ),
      7003,
    )
    expect(r!.lines.map((l) => [l.id, l.quantity, l.lotName, l.lotExpires])).toEqual([
      [1, '12', 'L-C', '2027-03-31'],
      [2, '12', 'L-D', '2027-04-30'],
      [3, '6.5', null, null],
    ])
  })

  it('is empty for an order the service does not show', async () => {
    expect(await listReceptions(answering({ purchase_orders: [] }), 1)).toEqual([])
  })
})

describe('an order read from the real GraphQL', () => {
  it('computes line totals and the subtotal with decimals, pending from booked − delivered, the currency from currencies by its id', async () => {
    const order = await fetchPurchaseOrder(
      answering({
        purchase_orders: [
          {
            id: 7003,
            id_number: 'OC-3',
            reference: 'R',
            issue_date: '2026-10-01',
            payee_id: 6001,
            currency_id: 2,
            total: 425.38,
            due: 425.38,
            authorized: true,
            received: false,
            voided: false,
            import: false,
            consolidate_id: null,
            agency_id: 301,
            payee: { name: 'Agro' },
            purchase_order_details: [
              { id: 1, item_id: 10, booked_quantity: 3, delivered_quantity: 1, unit_cost: 0.1, item: { code: 'A', name: 'a' } },
              { id: 2, item_id: 11, booked_quantity: 0.3, delivered_quantity: 0.5, unit_cost: 3, item: null },
            ],
          },
        ],
        currencies: [
          { id: 1, code: 'GTQ', prefix: 'Q' },
          { id: 2, code: 'USD', prefix: null },
        ],
      }),
      7003,
    )
    expect(order).toMatchObject({
      supplier: 'Agro',
      currency: { id: 2, code: 'USD', symbol: 'USD' },
      exchangeRate: null,
      subtotal: '1.2',
      total: '425.38',
    })
    expect(order!.lines!.map((l) => [l.quantity, l.receivedQuantity, l.pendingQuantity, l.price, l.total])).toEqual([
      ['3', '1', '2', '0.1', '0.3'],
      ['0.3', '0.5', '0', '3', '0.9'],
    ])
  })
})

describe('a consolidate: its record from REST, its orders from GraphQL', () => {
  const rest = (body: unknown) => ({ request: async (_r: unknown, schema: z.ZodType) => schema.parse(body) }) as unknown as RestClient
  const shown = {
    id: 8002,
    name: 'X',
    description: null,
    id_number: null,
    charge_term_id: null,
    issued_at: null,
    created_at: null,
    updated_at: null,
  }
  const noOrders = answering({ consolidates: [{ id: 8002, purchase_orders: [] }], currencies: [] })

  it('without our special_invoice flag, is a special invoice when it carries the consolidates item', async () => {
    expect((await fetchConsolidate(rest({ ...shown, item_id: 4101 }), noOrders, 8002)).specialInvoice).toBe(true)
    expect((await fetchConsolidate(rest({ ...shown, item_id: null }), noOrders, 8002)).specialInvoice).toBe(false)
    expect((await fetchConsolidate(rest({ ...shown, item_id: 4101, special_invoice: false }), noOrders, 8002)).specialInvoice).toBe(false)
  })
})

describe('a reception line’s stock now, from lot_stocks of its item at the agency', () => {
  const line = { id: 1, itemId: 10, purchaseOrderDetailId: 100, quantity: '5', lotId: null, lotExpires: null, availableNow: null }
  const stocks = answering({
    lot_stocks: [
      { lot_id: 501, available: 5, lot: { item_id: 10, name: 'L-1' } },
      { lot_id: 502, available: 130.1, lot: { item_id: 10, name: 'L-2' } },
      { lot_id: 601, available: '7', lot: { item_id: 11, name: null } },
    ],
  })

  it('is the named lot’s, with its id; without a lot, the sum of the item’s lots, with an id only when there is one', async () => {
    const lines = await linesWithStock(stocks, 301, [
      { ...line, lotName: 'L-2' },
      { ...line, lotName: null },
      { ...line, itemId: 11, lotName: null },
      { ...line, lotName: 'L-9' },
    ])
    expect(lines.map((l) => [l.lotId, l.availableNow])).toEqual([
      [502, '130.1'],
      [null, '135.1'],
      [601, '7'],
      [null, '0'],
    ])
  })
})
