import Decimal from 'decimal.js'
import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { Reception, ReceptionLine, ReceptionLineInput } from '@shared/purchasing'
import type { GraphqlClient } from './graphqlClient'
import { bool, id, money, nullableId, nullableNumber, nullableText, nullableTimestamp, text } from './normalise'
import { idLiteral } from './idLiteral'
import { writeRequest, type RestClient } from './restClient'
import { receptionFieldNames } from './serviceFieldNames'

/**
 * Receptions as the real service shows them. REST gives the interface's reception record (new.json,
 * the show, a return's answer) and takes the create; the record has no lines, so a reception's
 * lines come from GraphQL (purchase_orders.receptions.reception_details, docs: ReceptionGraphQL,
 * read through the order as the SDK's getPurchaseOrder does).
 */

const flag = z.preprocess((v) => v ?? false, bool)
const zero = (v: unknown) => v ?? '0'

/** new.json: the reception record's defaults, which are all it shows (the order and its lines come from GraphQL). */
const draftSchema = z.object({ agency_id: nullableId, received_at: nullableText })
export type ReceptionDefaults = { agencyId: number | null; receivedAt: string | null }

export async function fetchReceptionDefaults(rest: RestClient, orderId: number): Promise<ReceptionDefaults> {
  const d = await rest.request({ method: 'GET', path: `/purchases/purchase_orders/${orderId}/receptions/new.json` }, draftSchema)
  return { agencyId: d.agency_id, receivedAt: d.received_at }
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
 * A line as the SDK writes it (zauru-receptions.ts): goods received into a lot carry one entry per
 * lot in the arrays lot_name, lot_expire, lot_delivered_quantity and lot_description instead of a
 * quantity.
 */
function receptionLineBody(l: ReceptionLineInput): Record<string, unknown> {
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
 * POST. The answer's shape is not shown (the interface: "the purchase order details rather than
 * the reception"), so any 2xx is taken as done and the caller reads the order and its receptions back.
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
  quantity: z.preprocess(zero, money),
  lot_name: oneOrMany(text),
  lot_expire: oneOrMany(z.string()),
  lot_delivered_quantity: oneOrMany(money),
})

/** A reception detail as lines the clerk reads: one per lot when it names several. */
function receptionLines(d: z.output<typeof receptionDetailSchema>): ReceptionLine[] {
  const names = d.lot_name.length > 0 ? d.lot_name : [null]
  return names.map((name, i): ReceptionLine => ({
    id: d.id,
    itemId: d.item_id,
    purchaseOrderDetailId: d.purchase_order_detail_id,
    quantity: names.length > 1 ? (d.lot_delivered_quantity[i] ?? '0') : d.quantity,
    lotId: null,
    lotName: name,
    lotExpires: d.lot_expire[i]?.slice(0, 10) ?? null,
    availableNow: null,
  }))
}

const graphqlReceptionSchema = z
  .object({
    id,
    purchase_order_id: id,
    agency_id: nullableId,
    invoice_number: nullableText,
    memo: nullableText,
    received: flag,
    received_at: nullableTimestamp,
    voided: flag,
    reception_details: z.preprocess((v) => v ?? [], z.array(receptionDetailSchema)),
  })
  .transform((r): Reception => ({
    id: r.id,
    purchaseOrderId: r.purchase_order_id,
    agencyId: r.agency_id,
    invoiceNumber: r.invoice_number,
    memo: r.memo,
    received: r.received,
    receivedAt: r.received_at,
    voided: r.voided,
    voidedAt: null,
    exchangeRate: null,
    lines: r.reception_details.flatMap(receptionLines),
  }))

/** No root receptions on the real service: the SDK reads them through their order (getPurchaseOrder). */
export const RECEPTIONS_QUERY = `query ($order: bigint!) { purchase_orders(where: {id: {_eq: $order}}) { receptions(order_by: {id: desc}) {
        id purchase_order_id agency_id invoice_number memo received received_at voided needs_transit
        reception_details(order_by: {id: asc}) { id item_id purchase_order_detail_id quantity lot_name lot_expire lot_delivered_quantity lot_description } } } }`

export async function listReceptions(graphql: GraphqlClient, orderId: number): Promise<Reception[]> {
  const { purchase_orders } = await graphql.data(
    RECEPTIONS_QUERY,
    z.object({ purchase_orders: z.array(z.object({ receptions: z.array(graphqlReceptionSchema) })) }),
    { order: orderId },
  )
  return purchase_orders[0]?.receptions ?? []
}

/** The interface's reception record (show, return answers); `exchange_rate` is the sandbox's, with its extensions on. */
const receptionRecordSchema = z.object({
  id,
  purchase_order_id: id,
  voided: flag,
  voided_at: nullableTimestamp,
  exchange_rate: nullableNumber.optional(),
})
type ReceptionRecord = z.output<typeof receptionRecordSchema>

/** The record through REST, its lines through GraphQL (the record has none). */
async function receptionFrom(graphql: GraphqlClient, record: ReceptionRecord): Promise<Reception> {
  const listed = (await listReceptions(graphql, record.purchase_order_id)).find((r) => r.id === record.id)
  // The service shows the reception but not among its order's: its lines cannot be read, which no retry of ours changes.
  if (!listed)
    throw new AppError('bad_response', { detail: `reception ${record.id} is not listed under its order ${record.purchase_order_id}` })
  return { ...listed, voided: record.voided, voidedAt: record.voided_at, exchangeRate: record.exchange_rate ?? null }
}

export async function fetchReception(rest: RestClient, graphql: GraphqlClient, receptionId: number): Promise<Reception> {
  const record = await rest.request({ method: 'GET', path: `/purchases/receptions/${receptionId}.json` }, receptionRecordSchema)
  return receptionFrom(graphql, record)
}

/**
 * Returns a reception as the SDK does: rebound.json naming its order (the service then checks the
 * order exists). Any 2xx is done; the reception is read back by the caller.
 */
export async function returnReception(rest: RestClient, receptionId: number, orderId: number): Promise<void> {
  await writeRequest(
    rest,
    { method: 'GET', path: `/purchases/receptions/${receptionId}/rebound.json`, query: { purchase_order_id: orderId } },
    z.unknown(),
  )
}

/** The agency is a literal (idLiteral.ts): the SDK's queries have declared `lot_stocks.agency_id` as `Int`. */
export const itemLotStocksQuery = (agencyId: number) =>
  `query ($items: [bigint!]!) { lot_stocks(where: {agency_id: {_eq: ${idLiteral(agencyId)}}, lot: {item_id: {_in: $items}}}) {
        lot_id available lot { item_id name } } }`
const lotStocksAnswer = z.object({
  lot_stocks: z.array(
    z.object({
      lot_id: id,
      available: z.union([z.number(), z.string()]),
      lot: z.object({ item_id: id, name: nullableText }),
    }),
  ),
})

/**
 * Each line's stock now at an agency (lot_stocks.available, net of earmarks): the lot the line
 * names, or every lot of its item when it names none. The line gets the lot's id when one lot matches.
 */
export async function linesWithStock(graphql: GraphqlClient, agencyId: number, lines: readonly ReceptionLine[]): Promise<ReceptionLine[]> {
  const items = [...new Set(lines.map((l) => l.itemId))]
  if (items.length === 0) return [...lines]
  const { lot_stocks } = await graphql.data(itemLotStocksQuery(agencyId), lotStocksAnswer, { items })
  return lines.map((l) => {
    const matching = lot_stocks.filter((s) => s.lot.item_id === l.itemId && (l.lotName === null || s.lot.name === l.lotName))
    // GraphQL gives a JSON number; Decimal reads its shortest decimal text, so 130.1 stays 130.1.
    const available = matching.reduce((sum, s) => sum.plus(new Decimal(String(s.available))), new Decimal(0))
    return { ...l, lotId: matching.length === 1 ? matching[0]!.lot_id : l.lotId, availableNow: available.toString() }
  })
}
