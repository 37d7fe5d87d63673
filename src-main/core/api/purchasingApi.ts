import Decimal from 'decimal.js'
import { z } from 'zod'
import type {
  Consolidate,
  ConsolidateSummary,
  EntityCurrency,
  PurchaseOrder,
  PurchaseOrderLine,
  Reception,
  ReceptionDraft,
  ReceptionDraftLine,
  ReceptionLine,
  ReceptionLineInput,
} from '@shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import {
  bool,
  id,
  money,
  nullableDate,
  nullableId,
  nullableMoney,
  nullableNumber,
  nullableText,
  nullableTimestamp,
  optionalNull,
  text,
} from './normalise'
import { writeRequest, type RestClient } from './restClient'
import { receptionFieldNames } from './serviceFieldNames'
import { idLiteral } from './idLiteral'

/**
 * The purchasing area of the service: consolidates and receptions over REST,
 * the lists the spec gives no REST read for (consolidates, receptions of an
 * order, the order search, agencies) over GraphQL. The service gives ids as
 * numbers in listings and strings in details, amounts as decimal strings; all
 * of it is normalised here into the shapes of src-shared/purchasing.ts.
 */

const flag = z.preprocess((v) => v ?? false, bool)
/** Quantities come like money: decimal strings (or numbers), kept as written. */
const quantity = money

/** REST answers carry the currency as an object; the real service names its symbol `prefix`. */
const restCurrencySchema = optionalNull(
  z
    .object({ id, code: text, symbol: nullableText.optional(), prefix: nullableText.optional() })
    .transform((c) => ({ id: c.id, code: c.code, symbol: c.symbol ?? c.prefix ?? c.code })),
)
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

/** A purchase order in a REST answer (consolidate candidates and shows): the spec's fields, lines and currency as the answer gives them. */
const orderSchema = z
  .object({
    id,
    id_number: nullableText,
    reference: nullableText,
    issue_date: nullableDate,
    payee_id: nullableId,
    payee: optionalNull(z.object({ name: text })),
    currency: restCurrencySchema,
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
  .transform((o): PurchaseOrder => ({
    id: o.id,
    idNumber: o.id_number,
    reference: o.reference,
    issueDate: o.issue_date,
    supplier: o.payee?.name ?? null,
    payeeId: o.payee_id,
    currency: o.currency,
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
    lines:
      o.purchase_order_details?.map((d): PurchaseOrderLine => ({
        id: d.id,
        itemId: d.item_id,
        itemCode: d.item?.code ?? null,
        itemName: d.item?.name ?? null,
        quantity: d.quantity,
        receivedQuantity: d.received_quantity,
        pendingQuantity: d.pending_quantity ?? Decimal.max(new Decimal(d.quantity).minus(d.received_quantity), 0).toString(),
        price: d.price,
        total: d.total,
      })) ?? null,
  }))

const consolidateFields = {
  id,
  name: text,
  description: nullableText,
  id_number: nullableText,
  item_id: nullableId,
  charge_term_id: nullableId,
  issued_at: nullableTimestamp,
  created_at: nullableTimestamp,
  updated_at: nullableTimestamp,
}
/**
 * GET /purchases/consolidates/{id}.json. `special_invoice` is our sandbox's;
 * without it a special-invoice consolidate is told by its item (the purchasing
 * variable item_for_consolidates), which a regular consolidate does not carry.
 */
const consolidateSchema = z
  .object({
    ...consolidateFields,
    special_invoice: z.boolean().optional(),
    purchase_orders: z.preprocess((v) => v ?? [], z.array(orderSchema)),
  })
  .transform((c): Consolidate => ({
    id: c.id,
    name: c.name,
    description: c.description,
    specialInvoice: c.special_invoice ?? c.item_id !== null,
    idNumber: c.id_number,
    itemId: c.item_id,
    chargeTermId: c.charge_term_id,
    issuedAt: c.issued_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    orders: c.purchase_orders,
  }))

export async function fetchConsolidateCandidates(rest: RestClient, special: boolean): Promise<PurchaseOrder[]> {
  const path = special ? '/purchases/consolidates/new_for_special_invoice.json' : '/purchases/consolidates/new.json'
  return rest.request({ method: 'GET', path }, z.array(orderSchema))
}

export async function fetchConsolidate(rest: RestClient, consolidateId: number): Promise<Consolidate> {
  return rest.request({ method: 'GET', path: `/purchases/consolidates/${consolidateId}.json` }, consolidateSchema)
}

/** null: done, but answered in another shape (the caller reads it back). */
export async function createConsolidate(
  rest: RestClient,
  input: { name: string; description: string | null; orderIds: number[]; special: boolean },
): Promise<Consolidate | null> {
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

export async function updateConsolidate(
  rest: RestClient,
  consolidateId: number,
  changes: { name?: string; description?: string | null },
): Promise<Consolidate> {
  return rest.request(
    { method: 'PUT', path: `/purchases/consolidates/${consolidateId}.json`, body: { consolidate: changes } },
    consolidateSchema,
  )
}

export async function deleteConsolidate(rest: RestClient, consolidateId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `/purchases/consolidates/${consolidateId}.json` }, null)
}

const consolidateRows = z.object({
  consolidates: z.array(
    z
      .object({ id, name: text, id_number: nullableText, created_at: nullableTimestamp, purchase_orders: z.array(z.object({ id })) })
      .transform((c): ConsolidateSummary => ({
        id: c.id,
        name: c.name,
        idNumber: c.id_number,
        createdAt: c.created_at,
        orderCount: c.purchase_orders.length,
      })),
  ),
})

/** The list shows what the real service's GraphQL has (docs: ConsolidateGraphQL); the rest comes from the REST show when one is opened. */
export const CONSOLIDATES_QUERY = '{ consolidates(order_by: {id: desc}) { id name id_number created_at purchase_orders { id } } }'

export async function listConsolidates(graphql: GraphqlClient): Promise<ConsolidateSummary[]> {
  const { consolidates } = await graphql.data(CONSOLIDATES_QUERY, consolidateRows)
  return consolidates
}

/**
 * An order as the real service's GraphQL gives it (docs: PurchaseOrderGraphQL,
 * PurchaseOrderDetailsGraphQL): lines carry booked_quantity, delivered_quantity
 * and unit_cost; a line's total and the subtotal are computed here. The
 * currency is a separate table named by currency_id, read in the same document.
 * The exchange rate is not on GraphQL: the reception draft (new.json) has it.
 */
const orderFields = `id id_number reference issue_date payee_id currency_id total due authorized received paid voided import consolidate_id agency_id
  payee { name }
  purchase_order_details(order_by: {id: asc}) { id item_id booked_quantity delivered_quantity unit_cost item { code name } }`
const currencyFields = 'currencies { id code prefix }'

const zero = (v: unknown) => v ?? '0'
const gqlDetailSchema = z.object({
  id,
  item_id: id,
  booked_quantity: z.preprocess(zero, quantity),
  delivered_quantity: z.preprocess(zero, quantity),
  unit_cost: z.preprocess(zero, money),
  item: optionalNull(z.object({ code: nullableText, name: nullableText })),
})
const gqlOrderSchema = z.object({
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
  paid: flag,
  voided: flag,
  import: flag,
  consolidate_id: nullableId,
  agency_id: nullableId,
  purchase_order_details: z.preprocess((v) => v ?? [], z.array(gqlDetailSchema)),
})
const gqlCurrencySchema = z.object({ id, code: text, prefix: nullableText })
const ordersAnswer = z.object({
  purchase_orders: z.array(gqlOrderSchema),
  currencies: z.preprocess((v) => v ?? [], z.array(gqlCurrencySchema)),
})

function orderFromGraphql(o: z.output<typeof gqlOrderSchema>, currencies: z.output<typeof gqlCurrencySchema>[]): PurchaseOrder {
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
    paid: o.paid,
    voided: o.voided,
    import: o.import,
    consolidateId: o.consolidate_id,
    agencyId: o.agency_id,
    lines,
  }
}

async function readOrders(graphql: GraphqlClient, query: string, variables: Record<string, unknown>): Promise<PurchaseOrder[]> {
  const { purchase_orders, currencies } = await graphql.data(query, ordersAnswer, variables)
  return purchase_orders.map((o) => orderFromGraphql(o, currencies))
}

export const SEARCH_PURCHASE_ORDERS_QUERY = `query ($like: String!, $id: bigint!, $limit: Int!) { purchase_orders(
        where: {authorized: {_eq: true}, voided: {_eq: false}, _or: [{id: {_eq: $id}}, {id_number: {_ilike: $like}}, {reference: {_ilike: $like}}, {payee: {name: {_ilike: $like}}}]},
        order_by: [{received: asc}, {issue_date: desc}, {id: desc}], limit: $limit) { ${orderFields} } ${currencyFields} }`

/** Authorised, not voided orders matching a number, reference or supplier (for the reception screen); newest first. */
export async function searchPurchaseOrders(graphql: GraphqlClient, query: string, limit: number): Promise<PurchaseOrder[]> {
  const term = query.trim()
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const asId = /^\d+$/.test(term) ? Number(term) : 0
  return readOrders(graphql, SEARCH_PURCHASE_ORDERS_QUERY, { like, id: asId, limit })
}

export const PURCHASE_ORDER_QUERY = `query ($id: bigint!) { purchase_orders(where: {id: {_eq: $id}}) { ${orderFields} } ${currencyFields} }`

export async function fetchPurchaseOrder(graphql: GraphqlClient, orderId: number): Promise<PurchaseOrder | null> {
  return (await readOrders(graphql, PURCHASE_ORDER_QUERY, { id: orderId }))[0] ?? null
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
    // GraphQL does not carry the order's exchange rate; the draft does.
    order: { ...order, exchangeRate: draft.exchange_rate ?? order.exchangeRate },
    agencyId: draft.agency_id,
    // As the service wrote it (a date or a timestamp); the service turns it into the clerk's day.
    receivedAt: draft.received_at,
    exchangeRate: draft.exchange_rate,
    foreignCurrency: draft.exchange_rate !== null,
    lines: draft.reception_details.map((l): ReceptionDraftLine => ({
      itemId: l.item_id,
      itemCode: l.item_code,
      itemName: l.item_name,
      purchaseOrderDetailId: l.purchase_order_detail_id,
      orderedQuantity: l.ordered_quantity,
      receivedQuantity: l.received_quantity,
      pendingQuantity: l.quantity,
      perishable: l.perishable,
    })),
  }
}

export interface ReceptionBody {
  entityId: number | null
  agencyId: number
  receivedAt: string
  invoiceNumber: string | null
  memo: string | null
  needsTransit: boolean
  exchangeRate: string | null
  /** Our lines; receptionLineBody writes them in the service's names. */
  lines: ReceptionLineInput[]
}

/**
 * A line as the SDK writes it (zauru-receptions.ts): goods received into a
 * named lot carry one entry per lot in the arrays lot_name, lot_expire,
 * lot_delivered_quantity and lot_description instead of a quantity.
 */
function receptionLineBody(l: ReceptionBody['lines'][number]): Record<string, unknown> {
  const line = { item_id: l.itemId, purchase_order_detail_id: l.purchaseOrderDetailId }
  if (!l.lotName) return { ...line, quantity: l.quantity }
  return {
    ...line,
    lot_name: [l.lotName],
    lot_expire: [l.lotExpires ?? ''],
    lot_delivered_quantity: [l.quantity],
    lot_description: [l.lotName],
  }
}

/**
 * POST. The answer's shape is not shown (the spec: "the purchase order
 * details rather than the reception"), so any 2xx is taken as done and the
 * caller reads the order and its receptions back.
 */
export async function createReception(rest: RestClient, orderId: number, input: ReceptionBody): Promise<void> {
  const reception: Record<string, unknown> = {
    purchase_order_id: orderId,
    agency_id: input.agencyId,
    received_at: input.receivedAt,
    needs_transit: input.needsTransit ? '1' : '0',
    invoice_number: input.invoiceNumber ?? '',
    memo: input.memo ?? '',
    reception_details_attributes: Object.fromEntries(input.lines.map((l, i) => [String(i), receptionLineBody(l)])),
  }
  if (input.entityId !== null) reception.entity_id = input.entityId
  if (input.exchangeRate) reception.exchange_rate = input.exchangeRate
  await writeRequest(
    rest,
    { method: 'POST', path: `/purchases/purchase_orders/${orderId}/receptions.json`, body: { reception }, fieldNames: receptionFieldNames },
    z.unknown(),
  )
}

/** One value or one per lot (the SDK types the lot fields `x | x[]`). */
const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(schema.nullable()))

const receptionDetailSchema = z.object({
  id: nullableId,
  item_id: id,
  purchase_order_detail_id: nullableId,
  quantity: z.preprocess(zero, quantity),
  lot_id: nullableId.optional(),
  lot_name: oneOrMany(text),
  lot_expire: oneOrMany(z.string()),
  lot_expires: oneOrMany(z.string()),
  lot_delivered_quantity: oneOrMany(quantity),
  lot: optionalNull(z.object({ name: nullableText, expires: nullableDate })).optional(),
})

/** A reception detail as lines the clerk reads: one per lot when it names several. */
function receptionLines(d: z.output<typeof receptionDetailSchema>): Reception['lines'] {
  const names = d.lot_name.length > 0 ? d.lot_name : [d.lot?.name ?? null]
  const expires = d.lot_expire.length > 0 ? d.lot_expire : d.lot_expires.length > 0 ? d.lot_expires : [d.lot?.expires ?? null]
  return names.map((name, i): ReceptionLine => ({
    id: d.id,
    itemId: d.item_id,
    purchaseOrderDetailId: d.purchase_order_detail_id,
    quantity: names.length > 1 ? (d.lot_delivered_quantity[i] ?? '0') : d.quantity,
    // Several lots in one detail have no id of their own to name.
    lotId: names.length > 1 ? null : (d.lot_id ?? null),
    lotName: name,
    lotExpires: expires[i]?.slice(0, 10) ?? null,
    availableNow: null,
  }))
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
  voided_at: nullableTimestamp.optional(),
  exchange_rate: nullableNumber.optional(),
}
const receptionSchema = z
  .object({ ...receptionFields, reception_details: z.preprocess((v) => v ?? [], z.array(receptionDetailSchema)) })
  .transform((r): Reception => ({
    id: r.id,
    purchaseOrderId: r.purchase_order_id,
    agencyId: r.agency_id,
    invoiceNumber: r.invoice_number,
    memo: r.memo,
    received: r.received,
    receivedAt: r.received_at,
    voided: r.voided,
    voidedAt: r.voided_at ?? null,
    exchangeRate: r.exchange_rate ?? null,
    lines: r.reception_details.flatMap(receptionLines),
  }))

export async function fetchReception(rest: RestClient, receptionId: number): Promise<Reception> {
  return rest.request({ method: 'GET', path: `/purchases/receptions/${receptionId}.json` }, receptionSchema)
}

/**
 * Returns a reception as the SDK does: rebound.json naming its order (the
 * service then checks the order exists). null: done, but answered in another shape.
 */
export async function returnReception(rest: RestClient, receptionId: number, orderId: number): Promise<Reception | null> {
  return writeRequest(
    rest,
    { method: 'GET', path: `/purchases/receptions/${receptionId}/rebound.json`, query: { purchase_order_id: orderId } },
    receptionSchema,
  )
}

/** No root receptions on the real service: the SDK reads them through their order (getPurchaseOrder). */
export const RECEPTIONS_QUERY = `query ($order: bigint!) { purchase_orders(where: {id: {_eq: $order}}) { receptions(order_by: {id: desc}) {
        id purchase_order_id agency_id invoice_number memo received received_at voided needs_transit
        reception_details(order_by: {id: asc}) { id item_id purchase_order_detail_id quantity lot_name lot_expire lot_delivered_quantity lot_description } } } }`

export async function listReceptions(graphql: GraphqlClient, orderId: number): Promise<Reception[]> {
  const { purchase_orders } = await graphql.data(
    RECEPTIONS_QUERY,
    z.object({ purchase_orders: z.array(z.object({ receptions: z.array(receptionSchema) })) }),
    { order: orderId },
  )
  return purchase_orders[0]?.receptions ?? []
}

export const ACTIVE_AGENCIES_QUERY = '{ agencies(where: {active: {_eq: true}}, order_by: {id: asc}) { id name } }'

export async function listActiveAgencies(graphql: GraphqlClient): Promise<{ id: number; name: string }[]> {
  const { agencies } = await graphql.data(ACTIVE_AGENCIES_QUERY, z.object({ agencies: z.array(z.object({ id, name: text })) }))
  return agencies
}

// country: the currency's country (SDK GraphQL.queries.ts getCurrencies reads it), which the screens' number formats prefer to a guess from the time zone.
export const CURRENCY_QUERY = 'query ($id: bigint!) { currencies(where: {id: {_eq: $id}}) { id code prefix country } }'
const gqlEntityCurrencySchema = gqlCurrencySchema.extend({ country: nullableText })

/** The entity's currency, for amounts shown in it (company.currency_id names it); the real service calls its symbol `prefix`. */
export async function fetchCurrency(graphql: GraphqlClient, currencyId: number): Promise<EntityCurrency | null> {
  const { currencies } = await graphql.data(CURRENCY_QUERY, z.object({ currencies: z.array(gqlEntityCurrencySchema) }), { id: currencyId })
  const c = currencies[0]
  return c ? { id: c.id, code: c.code, symbol: c.prefix ?? c.code, country: c.country?.trim() || null } : null
}

/** The agency is a literal (idLiteral.ts): the SDK's queries have declared `lot_stocks.agency_id` as `Int`. */
export const lotAvailabilityQuery = (agencyId: number) =>
  `query ($lots: [bigint!]!) { lot_stocks(where: {agency_id: {_eq: ${idLiteral(agencyId)}}, lot_id: {_in: $lots}}) { lot_id available } }`

/** Stock now of some lots at one agency (lot_stocks.available, net of earmarks), as decimal strings. */
export async function fetchLotAvailability(graphql: GraphqlClient, agencyId: number, lotIds: number[]): Promise<Map<number, string>> {
  if (lotIds.length === 0) return new Map()
  const { lot_stocks } = await graphql.data(
    lotAvailabilityQuery(agencyId),
    z.object({ lot_stocks: z.array(z.object({ lot_id: id, available: z.union([z.number(), z.string()]) })) }),
    { lots: lotIds },
  )
  // GraphQL gives a JSON number; Decimal reads its shortest decimal text, so 130.1 stays 130.1.
  return new Map(lot_stocks.map((s) => [s.lot_id, new Decimal(String(s.available)).toString()]))
}
