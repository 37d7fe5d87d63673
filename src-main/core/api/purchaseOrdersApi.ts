import Decimal from 'decimal.js'
import { z } from 'zod'
import type { PurchaseOrder, PurchaseOrderLine } from '@shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import { bool, id, money, nullableDate, nullableId, nullableMoney, nullableNumber, nullableText, optionalNull, text } from './normalise'
import type { RestClient } from './restClient'

/**
 * Purchase orders as the real service shows them. GraphQL (docs: PurchaseOrderGraphQL,
 * PurchaseOrderDetailsGraphQL) gives an order and its lines: booked_quantity, delivered_quantity,
 * unit_cost and the expiry the goods carry (expire_date); a line's total and the subtotal are
 * computed here, the currency is a separate table named by currency_id. `paid` and
 * `exchange_rate` are not on GraphQL: the REST purchase order (the interface's record) has them.
 */

const flag = z.preprocess((v) => v ?? false, bool)
const zero = (v: unknown) => v ?? '0'
/** Quantities come like money: decimal strings (or numbers), kept as written. */
const quantity = money

export const orderFields = `id id_number reference issue_date payee_id currency_id total due authorized received voided import consolidate_id agency_id
  payee { name }
  purchase_order_details(order_by: {id: asc}) { id item_id booked_quantity delivered_quantity unit_cost expire_date item { code name } }`
export const currencyFields = 'currencies { id code prefix }'

const gqlDetailSchema = z.object({
  id,
  item_id: id,
  booked_quantity: z.preprocess(zero, quantity),
  delivered_quantity: z.preprocess(zero, quantity),
  unit_cost: z.preprocess(zero, money),
  expire_date: nullableDate,
  item: optionalNull(z.object({ code: nullableText, name: nullableText })),
})
export const gqlOrderSchema = z.object({
  id,
  id_number: nullableText,
  reference: nullableText,
  issue_date: nullableDate,
  payee_id: nullableId,
  currency_id: nullableId,
  payee: optionalNull(z.object({ name: text })),
  total: nullableMoney,
  due: nullableMoney,
  authorized: flag,
  received: flag,
  voided: flag,
  import: flag,
  consolidate_id: nullableId,
  agency_id: nullableId,
  purchase_order_details: z.preprocess((v) => v ?? [], z.array(gqlDetailSchema)),
})
export type GraphqlOrder = z.output<typeof gqlOrderSchema>
export const gqlCurrencySchema = z.object({ id, code: text, prefix: nullableText })
export type GraphqlCurrency = z.output<typeof gqlCurrencySchema>

/** What GraphQL shows of an order and the expiry of each line's goods, by purchase order detail id. */
export interface OrderRead {
  order: PurchaseOrder
  expiries: Map<number, string | null>
}

export function orderFromGraphql(o: GraphqlOrder, currencies: readonly GraphqlCurrency[]): PurchaseOrder {
  const currency = o.currency_id === null ? undefined : currencies.find((c) => c.id === o.currency_id)
  const lines = o.purchase_order_details.map((d): PurchaseOrderLine => {
    const booked = new Decimal(d.booked_quantity)
    return {
      id: d.id,
      itemId: d.item_id,
      itemCode: d.item?.code ?? null,
      itemName: d.item?.name ?? null,
      quantity: d.booked_quantity,
      receivedQuantity: d.delivered_quantity,
      pendingQuantity: Decimal.max(booked.minus(d.delivered_quantity), 0).toString(),
      price: d.unit_cost,
      total: booked.times(d.unit_cost).toString(),
    }
  })
  return {
    id: o.id,
    idNumber: o.id_number,
    reference: o.reference,
    issueDate: o.issue_date,
    supplier: o.payee?.name ?? null,
    payeeId: o.payee_id,
    currency: currency ? { id: currency.id, code: currency.code, symbol: currency.prefix ?? currency.code } : null,
    exchangeRate: null,
    // Not on GraphQL: the sum of the lines, before discounts and charges.
    subtotal: lines.reduce((sum, l) => sum.plus(l.total), new Decimal(0)).toString(),
    total: o.total,
    due: o.due,
    authorized: o.authorized,
    received: o.received,
    // Not on GraphQL: unknown until the REST order is read.
    paid: null,
    voided: o.voided,
    import: o.import,
    consolidateId: o.consolidate_id,
    agencyId: o.agency_id,
    lines,
  }
}

const ordersAnswer = z.object({
  purchase_orders: z.array(gqlOrderSchema),
  currencies: z.preprocess((v) => v ?? [], z.array(gqlCurrencySchema)),
})

async function readOrders(graphql: GraphqlClient, query: string, variables: Record<string, unknown>): Promise<OrderRead[]> {
  const { purchase_orders, currencies } = await graphql.data(query, ordersAnswer, variables)
  return purchase_orders.map((o) => ({
    order: orderFromGraphql(o, currencies),
    expiries: new Map(o.purchase_order_details.map((d) => [d.id, d.expire_date])),
  }))
}

export const SEARCH_PURCHASE_ORDERS_QUERY = `query ($like: String!, $id: bigint!, $limit: Int!) { purchase_orders(
        where: {authorized: {_eq: true}, voided: {_eq: false}, _or: [{id: {_eq: $id}}, {id_number: {_ilike: $like}}, {reference: {_ilike: $like}}, {payee: {name: {_ilike: $like}}}]},
        order_by: [{received: asc}, {issue_date: desc}, {id: desc}], limit: $limit) { ${orderFields} } ${currencyFields} }`

/** Authorised, not voided orders matching a number, reference or supplier (for the reception screen); newest first. */
export async function searchPurchaseOrders(graphql: GraphqlClient, query: string, limit: number): Promise<PurchaseOrder[]> {
  const term = query.trim()
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const asId = /^\d+$/.test(term) ? Number(term) : 0
  return (await readOrders(graphql, SEARCH_PURCHASE_ORDERS_QUERY, { like, id: asId, limit })).map((r) => r.order)
}

export const PURCHASE_ORDER_QUERY = `query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { ${orderFields} } ${currencyFields} }`

/** One order through GraphQL, with the expiry each line's goods carry; null when the service has none by that id. */
export async function readPurchaseOrder(graphql: GraphqlClient, orderId: number): Promise<OrderRead | null> {
  return (await readOrders(graphql, PURCHASE_ORDER_QUERY, { id: orderId }))[0] ?? null
}

export async function fetchPurchaseOrder(graphql: GraphqlClient, orderId: number): Promise<PurchaseOrder | null> {
  return (await readPurchaseOrder(graphql, orderId))?.order ?? null
}

const orderRecordSchema = z.object({ paid: optionalNull(bool), exchange_rate: nullableNumber })
export type OrderRecordFacts = { paid: boolean | null; exchangeRate: number | null }

/**
 * What only the REST purchase order shows: whether it is paid and its exchange rate. The SDK reads
 * the order at GET /purchases/purchase_orders/{id}.json (getPurchase); its fields are the interface's
 * purchase order.
 */
export async function fetchOrderRecordFacts(rest: RestClient, orderId: number): Promise<OrderRecordFacts> {
  const r = await rest.request({ method: 'GET', path: `/purchases/purchase_orders/${orderId}.json` }, orderRecordSchema)
  return { paid: r.paid, exchangeRate: r.exchange_rate }
}
