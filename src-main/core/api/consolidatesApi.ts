import { z } from 'zod'
import type { Consolidate, ConsolidateSummary, PurchaseOrder } from '@shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import { bool, id, nullableDate, nullableId, nullableMoney, nullableNumber, nullableText, nullableTimestamp, text } from './normalise'
import { currencyFields, gqlCurrencySchema, gqlOrderSchema, orderFields, orderFromGraphql, type GraphqlCurrency } from './purchaseOrdersApi'
import { writeRequest, type RestClient } from './restClient'

/**
 * Consolidates as the real service shows them. REST gives the interface's records: the consolidate
 * (no members) and the purchase orders a consolidate may take (payee_id and currency_id, no names).
 * GraphQL gives a consolidate's orders (consolidates.purchase_orders, docs: ConsolidateGraphQL) and
 * the names of suppliers and currencies.
 */

const flag = z.preprocess((v) => v ?? false, bool)

/** A purchase order entry of the consolidation listings: the interface's fields the screens use. */
const candidateSchema = z.object({
  id,
  id_number: nullableText,
  reference: nullableText,
  issue_date: nullableDate,
  payee_id: nullableId,
  currency_id: nullableId,
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
})
type Candidate = z.output<typeof candidateSchema>

// The orders' lines too: REST lists none, and without what each line received a partly received order
// read "Autorizada" here and "Recibida en parte" on its own screen.
export const CANDIDATE_NAMES_QUERY = `query ($payees: [bigint!]!, $orders: [bigint!]!) { payees(where: {id: {_in: $payees}}) { id name }
  purchase_orders(where: {id: {_in: $orders}}) { ${orderFields} } ${currencyFields} }`
const namesAnswer = z.object({
  payees: z.array(z.object({ id, name: text })),
  purchase_orders: z.preprocess((v) => v ?? [], z.array(gqlOrderSchema)),
  currencies: z.array(gqlCurrencySchema),
})
type Names = { payees: Map<number, string>; lines: Map<number, PurchaseOrder['lines']>; currencies: readonly GraphqlCurrency[] }

function candidateOrder(o: Candidate, names: Names): PurchaseOrder {
  const currency = o.currency_id === null ? undefined : names.currencies.find((c) => c.id === o.currency_id)
  return {
    id: o.id,
    idNumber: o.id_number,
    reference: o.reference,
    issueDate: o.issue_date,
    supplier: o.payee_id === null ? null : (names.payees.get(o.payee_id) ?? null),
    payeeId: o.payee_id,
    currency: currency ? { id: currency.id, code: currency.code, symbol: currency.prefix ?? currency.code } : null,
    exchangeRate: o.exchange_rate,
    subtotal: o.subtotal,
    total: o.total,
    due: o.due,
    authorized: o.authorized,
    received: o.received,
    paid: o.paid,
    voided: o.voided,
    import: o.import,
    consolidateId: o.consolidate_id,
    agencyId: o.agency_id,
    lines: names.lines.get(o.id) ?? null,
  }
}

/**
 * The orders a consolidate may take (REST), named through GraphQL. Names that cannot be read leave
 * the supplier and currency blank rather than hide the orders.
 */
export async function fetchConsolidateCandidates(rest: RestClient, graphql: GraphqlClient, special: boolean): Promise<PurchaseOrder[]> {
  const path = special ? '/purchases/consolidates/new_for_special_invoice.json' : '/purchases/consolidates/new.json'
  const orders = await rest.request({ method: 'GET', path }, z.array(candidateSchema))
  const payeeIds = [...new Set(orders.map((o) => o.payee_id).filter((p): p is number => p !== null))]
  const names: Names = await graphql.data(CANDIDATE_NAMES_QUERY, namesAnswer, { payees: payeeIds, orders: orders.map((o) => o.id) }).then(
    (n) => ({
      payees: new Map(n.payees.map((p) => [p.id, p.name])),
      lines: new Map(n.purchase_orders.map((o) => [o.id, orderFromGraphql(o, n.currencies).lines])),
      currencies: n.currencies,
    }),
    () => ({ payees: new Map(), lines: new Map(), currencies: [] }),
  )
  return orders.map((o) => candidateOrder(o, names))
}

/** GET /purchases/consolidates/{id}.json: the interface's record. `special_invoice` is the sandbox's (extensions on). */
const consolidateRecordSchema = z.object({
  id,
  name: text,
  description: nullableText,
  id_number: nullableText,
  item_id: nullableId,
  charge_term_id: nullableId,
  issued_at: nullableTimestamp,
  created_at: nullableTimestamp,
  updated_at: nullableTimestamp,
  special_invoice: z.boolean().optional(),
})
type ConsolidateRecord = z.output<typeof consolidateRecordSchema>

export const CONSOLIDATE_ORDERS_QUERY = `query ($id: bigint!) { consolidates(where: {id: {_eq: $id}}) { id purchase_orders(order_by: {id: asc}) { ${orderFields} } } ${currencyFields} }`
const consolidateOrdersAnswer = z.object({
  consolidates: z.array(z.object({ id, purchase_orders: z.array(gqlOrderSchema) })),
  currencies: z.preprocess((v) => v ?? [], z.array(gqlCurrencySchema)),
})

/** A consolidate's orders through GraphQL (consolidates.purchase_orders), each as the order's own read gives it. */
export async function fetchConsolidateOrders(graphql: GraphqlClient, consolidateId: number): Promise<PurchaseOrder[]> {
  const { consolidates, currencies } = await graphql.data(CONSOLIDATE_ORDERS_QUERY, consolidateOrdersAnswer, { id: consolidateId })
  return (consolidates[0]?.purchase_orders ?? []).map((o) => orderFromGraphql(o, currencies))
}

function consolidateOf(c: ConsolidateRecord, orders: PurchaseOrder[]): Consolidate {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    // Without the sandbox's flag, a special-invoice consolidate is told by its item (item_for_consolidates).
    specialInvoice: c.special_invoice ?? c.item_id !== null,
    idNumber: c.id_number,
    itemId: c.item_id,
    chargeTermId: c.charge_term_id,
    issuedAt: c.issued_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    orders,
  }
}

/** The record from REST, its orders from GraphQL. */
export async function fetchConsolidate(rest: RestClient, graphql: GraphqlClient, consolidateId: number): Promise<Consolidate> {
  const [record, orders] = await Promise.all([
    rest.request({ method: 'GET', path: `/purchases/consolidates/${consolidateId}.json` }, consolidateRecordSchema),
    fetchConsolidateOrders(graphql, consolidateId),
  ])
  return consolidateOf(record, orders)
}

const createdAnswer = z.unknown().transform((v) => {
  const given = typeof v === 'object' && v !== null && 'id' in v ? nullableId.safeParse(v.id) : null
  return given?.success ? given.data : null
})

/**
 * POST. Any 2xx is done: the interface answers the consolidate, the SDK types the special-invoice
 * create as `{id}`. Gives the new id when the answer names one, else null (the caller looks for it).
 */
export async function createConsolidate(
  rest: RestClient,
  input: { name: string; description: string | null; orderIds: number[]; special: boolean },
): Promise<number | null> {
  const body = {
    consolidate: {
      name: input.name,
      description: input.description ?? '',
      purchase_orders_attributes: Object.fromEntries(input.orderIds.map((orderId, i) => [String(i), { id: orderId, consolidated: '1' }])),
    },
  }
  const path = input.special ? '/purchases/consolidates/create_for_special_invoice.json' : '/purchases/consolidates.json'
  return (await writeRequest(rest, { method: 'POST', path, body }, createdAnswer)) ?? null
}

/** PUT. The answer is the record; its orders did not change and are read again by the caller when it needs them. */
export async function updateConsolidate(
  rest: RestClient,
  graphql: GraphqlClient,
  consolidateId: number,
  changes: { name?: string; description?: string | null },
): Promise<Consolidate> {
  const path = `/purchases/consolidates/${consolidateId}.json`
  const [record, orders] = await Promise.all([
    rest.request({ method: 'PUT', path, body: { consolidate: changes } }, consolidateRecordSchema),
    fetchConsolidateOrders(graphql, consolidateId),
  ])
  return consolidateOf(record, orders)
}

export async function deleteConsolidate(rest: RestClient, consolidateId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/purchases/consolidates/${consolidateId}.json` }, null)
}

/** A consolidate of the list with its members' ids (to find one whose create answer was lost). */
export interface ListedConsolidate {
  summary: ConsolidateSummary
  orderIds: number[]
}
const consolidateRows = z.object({
  consolidates: z.array(
    z
      .object({ id, name: text, id_number: nullableText, created_at: nullableTimestamp, purchase_orders: z.array(z.object({ id })) })
      .transform((c): ListedConsolidate => ({
        summary: { id: c.id, name: c.name, idNumber: c.id_number, createdAt: c.created_at, orderCount: c.purchase_orders.length },
        orderIds: c.purchase_orders.map((o) => o.id),
      })),
  ),
})

/** The list shows what the real service's GraphQL has (docs: ConsolidateGraphQL); the rest comes from the REST show when one is opened. */
export const CONSOLIDATES_QUERY = '{ consolidates(order_by: {id: desc}) { id name id_number created_at purchase_orders { id } } }'

export async function listConsolidatesWithOrders(graphql: GraphqlClient): Promise<ListedConsolidate[]> {
  return (await graphql.data(CONSOLIDATES_QUERY, consolidateRows)).consolidates
}

export async function listConsolidates(graphql: GraphqlClient): Promise<ConsolidateSummary[]> {
  return (await listConsolidatesWithOrders(graphql)).map((c) => c.summary)
}
