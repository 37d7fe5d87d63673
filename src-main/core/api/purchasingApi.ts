import Decimal from 'decimal.js'
import { z } from 'zod'
import type { Consolidate, ConsolidateSummary, PurchaseOrder, Reception, ReceptionDraft } from '../../../src-shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import { bool, id, money, nullableDate, nullableId, nullableMoney, nullableNumber, nullableText, nullableTimestamp, optionalNull, text } from './normalise'
import { writeRequest, type RestClient } from './restClient'

/**
 * The purchasing area of the service: consolidates and receptions over REST,
 * the lists the spec gives no REST read for (consolidates, receptions of an
 * order, the order search, agencies) over GraphQL. The service gives ids as
 * numbers in listings and strings in details, amounts as decimal strings; all
 * of it is normalised here into the shapes of src-shared/purchasing.ts.
 */

const flag = z.preprocess((v) => v ?? false, bool)
const quantity = z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number().transform(String)])

const currencySchema = optionalNull(z.object({ id, code: text, symbol: text }))
const detailSchema = z.object({
  id,
  item_id: id,
  quantity,
  received_quantity: z.preprocess((v) => v ?? '0', quantity),
  pending_quantity: optionalNull(quantity),
  price: z.preprocess((v) => v ?? '0', money),
  total: z.preprocess((v) => v ?? '0', money),
  item: optionalNull(z.object({ code: nullableText, name: nullableText })),
})

const orderSchema = z
  .object({
    id,
    id_number: nullableText,
    reference: nullableText,
    issue_date: nullableDate,
    payee_id: nullableId,
    payee: optionalNull(z.object({ name: text })),
    currency: currencySchema,
    exchange_rate: nullableNumber,
    subtotal: nullableMoney,
    total: nullableMoney,
    due: nullableMoney,
    authorized: flag,
    received: flag,
    paid: flag,
    voided: flag,
    import: flag,
    consolidate_id: nullableId,
    agency_id: nullableId,
    purchase_order_details: optionalNull(z.array(detailSchema)),
  })
  .transform(
    (o): PurchaseOrder => ({
      id: o.id,
      id_number: o.id_number,
      reference: o.reference,
      issue_date: o.issue_date,
      supplier: o.payee?.name ?? null,
      payee_id: o.payee_id,
      currency: o.currency,
      exchange_rate: o.exchange_rate,
      subtotal: o.subtotal,
      total: o.total,
      due: o.due,
      authorized: o.authorized,
      received: o.received,
      paid: o.paid,
      voided: o.voided,
      import: o.import,
      consolidate_id: o.consolidate_id,
      agency_id: o.agency_id,
      lines:
        o.purchase_order_details?.map((d) => ({
          id: d.id,
          item_id: d.item_id,
          item_code: d.item?.code ?? null,
          item_name: d.item?.name ?? null,
          quantity: d.quantity,
          received_quantity: d.received_quantity,
          pending_quantity: d.pending_quantity ?? Decimal.max(new Decimal(d.quantity).minus(d.received_quantity), 0).toString(),
          price: d.price,
          total: d.total,
        })) ?? null,
    }),
  )

const consolidateFields = {
  id,
  name: text,
  description: nullableText,
  special_invoice: flag,
  id_number: nullableText,
  item_id: nullableId,
  charge_term_id: nullableId,
  issued_at: nullableTimestamp,
  created_at: nullableTimestamp,
  updated_at: nullableTimestamp,
}
const consolidateSchema = z
  .object({ ...consolidateFields, purchase_orders: z.preprocess((v) => v ?? [], z.array(orderSchema)) })
  .transform(({ purchase_orders, ...c }): Consolidate => ({ ...c, orders: purchase_orders }))

export async function fetchConsolidateCandidates(rest: RestClient, special: boolean): Promise<PurchaseOrder[]> {
  const path = special ? '/purchases/consolidates/new_for_special_invoice.json' : '/purchases/consolidates/new.json'
  return rest.request({ method: 'GET', path }, z.array(orderSchema))
}

export async function fetchConsolidate(rest: RestClient, consolidateId: number): Promise<Consolidate> {
  return rest.request({ method: 'GET', path: `/purchases/consolidates/${consolidateId}.json` }, consolidateSchema)
}

/** null: done, but answered in another shape (the caller reads it back). */
export async function createConsolidate(rest: RestClient, input: { name: string; description: string | null; orderIds: number[]; special: boolean }): Promise<Consolidate | null> {
  const body = {
    consolidate: {
      name: input.name,
      description: input.description ?? '',
      purchase_orders_attributes: Object.fromEntries(input.orderIds.map((orderId, i) => [String(i), { id: orderId, consolidated: '1' }])),
    },
  }
  const path = input.special ? '/purchases/consolidates/create_for_special_invoice.json' : '/purchases/consolidates.json'
  return writeRequest(rest, { method: 'POST', path, body }, consolidateSchema)
}

export async function updateConsolidate(rest: RestClient, consolidateId: number, changes: { name?: string; description?: string | null }): Promise<Consolidate> {
  return rest.request({ method: 'PUT', path: `/purchases/consolidates/${consolidateId}.json`, body: { consolidate: changes } }, consolidateSchema)
}

export async function deleteConsolidate(rest: RestClient, consolidateId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/purchases/consolidates/${consolidateId}.json` }, null)
}

const consolidateRows = z.object({
  consolidates: z.array(
    z.object({ ...consolidateFields, purchase_orders: z.array(z.object({ id })) }).transform(({ purchase_orders, ...c }): ConsolidateSummary => ({ ...c, order_count: purchase_orders.length })),
  ),
})

export const CONSOLIDATES_QUERY =
  '{ consolidates(order_by: {id: desc}) { id name description special_invoice id_number item_id charge_term_id issued_at created_at updated_at purchase_orders { id } } }'

export async function listConsolidates(graphql: GraphqlClient): Promise<ConsolidateSummary[]> {
  const { consolidates } = await graphql.data(
    CONSOLIDATES_QUERY,
    consolidateRows,
  )
  return consolidates
}

const orderFields = `id id_number reference issue_date payee_id exchange_rate subtotal total due authorized received paid voided import consolidate_id agency_id
  payee { name } currency { id code symbol }
  purchase_order_details(order_by: {id: asc}) { id item_id quantity received_quantity price total item { code name } }`

export const SEARCH_PURCHASE_ORDERS_QUERY = `query ($like: String!, $id: bigint!, $limit: Int!) { purchase_orders(
        where: {authorized: {_eq: true}, voided: {_eq: false}, _or: [{id: {_eq: $id}}, {id_number: {_ilike: $like}}, {reference: {_ilike: $like}}, {payee: {name: {_ilike: $like}}}]},
        order_by: [{received: asc}, {issue_date: desc}, {id: desc}], limit: $limit) { ${orderFields} } }`

/** Authorised, not voided orders matching a number, reference or supplier (for the reception screen); newest first. */
export async function searchPurchaseOrders(graphql: GraphqlClient, query: string, limit: number): Promise<PurchaseOrder[]> {
  const term = query.trim()
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const asId = /^\d+$/.test(term) ? Number(term) : 0
  const { purchase_orders } = await graphql.data(
    SEARCH_PURCHASE_ORDERS_QUERY,
    z.object({ purchase_orders: z.array(orderSchema) }),
    { like, id: asId, limit },
  )
  return purchase_orders
}

export const PURCHASE_ORDER_QUERY = `query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { ${orderFields} } }`

export async function fetchPurchaseOrder(graphql: GraphqlClient, orderId: number): Promise<PurchaseOrder | null> {
  const { purchase_orders } = await graphql.data(
    PURCHASE_ORDER_QUERY,
    z.object({ purchase_orders: z.array(orderSchema) }),
    { id: orderId },
  )
  return purchase_orders[0] ?? null
}

const draftSchema = z.object({
  agency_id: nullableId,
  received_at: nullableText,
  exchange_rate: nullableNumber,
  reception_details: z.preprocess(
    (v) => v ?? [],
    z.array(
      z.object({
        item_id: id,
        purchase_order_detail_id: id,
        quantity,
        ordered_quantity: optionalNull(quantity),
        received_quantity: optionalNull(quantity),
        item_code: nullableText,
        item_name: nullableText,
        perishable: flag,
      }),
    ),
  ),
})

/** new.json: the prefilled reception; the order itself comes from GraphQL, with its supplier and currency. */
export async function fetchReceptionDraft(rest: RestClient, graphql: GraphqlClient, orderId: number): Promise<ReceptionDraft> {
  const draft = await rest.request({ method: 'GET', path: `/purchases/purchase_orders/${orderId}/receptions/new.json` }, draftSchema)
  const order = await fetchPurchaseOrder(graphql, orderId)
  if (!order) throw new Error(`purchase order ${orderId} is not readable through GraphQL`)
  return {
    order,
    agency_id: draft.agency_id,
    received_at: draft.received_at ? draft.received_at.slice(0, 10) : null,
    exchange_rate: draft.exchange_rate,
    foreign_currency: draft.exchange_rate !== null,
    lines: draft.reception_details.map((l) => ({
      item_id: l.item_id,
      item_code: l.item_code,
      item_name: l.item_name,
      purchase_order_detail_id: l.purchase_order_detail_id,
      ordered_quantity: l.ordered_quantity,
      received_quantity: l.received_quantity,
      pending_quantity: l.quantity,
      perishable: l.perishable,
    })),
  }
}

export interface ReceptionBody {
  agencyId: number
  receivedAt?: string
  invoiceNumber: string | null
  memo: string | null
  needsTransit: boolean
  exchangeRate: string | null
  lines: { item_id: number; purchase_order_detail_id: number; quantity: string; lot_name: string | null; lot_expires: string | null }[]
}

/**
 * POST: the spec's written attributes; the answer is the order with its
 * details, not the reception. null: done, but answered in another shape.
 */
export async function createReception(rest: RestClient, orderId: number, input: ReceptionBody): Promise<PurchaseOrder | null> {
  const reception: Record<string, unknown> = {
    purchase_order_id: orderId,
    agency_id: input.agencyId,
    needs_transit: input.needsTransit ? '1' : '0',
    invoice_number: input.invoiceNumber ?? '',
    memo: input.memo ?? '',
    reception_details_attributes: Object.fromEntries(
      input.lines.map((l, i) => [String(i), { item_id: l.item_id, quantity: l.quantity, purchase_order_detail_id: l.purchase_order_detail_id, ...(l.lot_name ? { lot_name: l.lot_name, lot_expires: l.lot_expires } : {}) }]),
    ),
  }
  if (input.receivedAt) reception.received_at = input.receivedAt
  if (input.exchangeRate) reception.exchange_rate = input.exchangeRate
  return writeRequest(rest, { method: 'POST', path: `/purchases/purchase_orders/${orderId}/receptions.json`, body: { reception } }, orderSchema)
}

const receptionFields = {
  id,
  purchase_order_id: id,
  agency_id: nullableId,
  invoice_number: nullableText,
  memo: nullableText,
  received: flag,
  received_at: nullableTimestamp,
  voided: flag,
  voided_at: nullableTimestamp,
  exchange_rate: nullableNumber,
}
const receptionLineSchema = z.object({
  id: nullableId,
  item_id: id,
  purchase_order_detail_id: nullableId,
  quantity,
  lot_id: nullableId,
  lot_name: nullableText,
  lot_expires: nullableDate,
  lot: optionalNull(z.object({ name: nullableText, expires: nullableDate })),
})
const receptionSchema = z
  .object({ ...receptionFields, reception_details: z.preprocess((v) => v ?? [], z.array(receptionLineSchema)) })
  .transform(
    ({ reception_details, ...r }): Reception => ({
      ...r,
      lines: reception_details.map(({ lot, ...l }) => ({
        ...l,
        lot_name: l.lot_name ?? lot?.name ?? null,
        lot_expires: l.lot_expires ?? lot?.expires ?? null,
        available_now: null,
      })),
    }),
  )

export async function fetchReception(rest: RestClient, receptionId: number): Promise<Reception> {
  return rest.request({ method: 'GET', path: `/purchases/receptions/${receptionId}.json` }, receptionSchema)
}

/**
 * DELETE, or rebound.json naming the order: the spec gives both ways to return
 * a reception. null: done, but answered in another shape.
 */
export async function returnReception(rest: RestClient, receptionId: number, rebound: { orderId: number } | null): Promise<Reception | null> {
  if (rebound) {
    return writeRequest(rest, { method: 'GET', path: `/purchases/receptions/${receptionId}/rebound.json`, query: { purchase_order_id: rebound.orderId } }, receptionSchema)
  }
  return writeRequest(rest, { method: 'DELETE', path: `/purchases/receptions/${receptionId}.json` }, receptionSchema)
}

export const RECEPTIONS_QUERY = `query ($order: bigint!) { receptions(where: {purchase_order_id: {_eq: $order}}, order_by: {id: desc}) {
        id purchase_order_id agency_id invoice_number memo received received_at voided voided_at exchange_rate
        reception_details(order_by: {id: asc}) { id item_id purchase_order_detail_id quantity lot_id lot { name expires } } } }`

export async function listReceptions(graphql: GraphqlClient, orderId: number): Promise<Reception[]> {
  const { receptions } = await graphql.data(
    RECEPTIONS_QUERY,
    z.object({ receptions: z.array(receptionSchema) }),
    { order: orderId },
  )
  return receptions
}

export const ACTIVE_AGENCIES_QUERY = '{ agencies(where: {active: {_eq: true}}, order_by: {id: asc}) { id name } }'

export async function listActiveAgencies(graphql: GraphqlClient): Promise<{ id: number; name: string }[]> {
  const { agencies } = await graphql.data(
    ACTIVE_AGENCIES_QUERY,
    z.object({ agencies: z.array(z.object({ id, name: text })) }),
  )
  return agencies
}

export const CURRENCY_QUERY = 'query ($id: bigint!) { currencies(where: {id: {_eq: $id}}) { id code symbol } }'

/** The entity's currency, for amounts shown in it (company.currency_id names it). */
export async function fetchCurrency(graphql: GraphqlClient, currencyId: number): Promise<{ id: number; code: string; symbol: string } | null> {
  const { currencies } = await graphql.data(
    CURRENCY_QUERY,
    z.object({ currencies: z.array(z.object({ id, code: text, symbol: text })) }),
    { id: currencyId },
  )
  return currencies[0] ?? null
}

export const LOT_AVAILABILITY_QUERY =
  'query ($agency: bigint!, $lots: [bigint!]!) { lot_stocks(where: {agency_id: {_eq: $agency}, lot_id: {_in: $lots}}) { lot_id available } }'

/** Stock now of some lots at one agency (lot_stocks.available, net of earmarks), as decimal strings. */
export async function fetchLotAvailability(graphql: GraphqlClient, agencyId: number, lotIds: number[]): Promise<Map<number, string>> {
  if (lotIds.length === 0) return new Map()
  const { lot_stocks } = await graphql.data(
    LOT_AVAILABILITY_QUERY,
    z.object({ lot_stocks: z.array(z.object({ lot_id: id, available: z.union([z.number(), z.string()]) })) }),
    { agency: agencyId, lots: lotIds },
  )
  // GraphQL gives a JSON number; Decimal reads its shortest decimal text, so 130.1 stays 130.1.
  return new Map(lot_stocks.map((s) => [s.lot_id, new Decimal(String(s.available)).toString()]))
}
