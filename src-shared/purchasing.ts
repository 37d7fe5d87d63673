import { z } from 'zod'
import { decimalPattern } from './patterns'
import { int, isoDate, recordId, serviceText, signedDecimalText } from './patternSchemas'

/**
 * Purchasing as the back office works with it: purchase orders grouped into
 * consolidates, and receptions of goods into a warehouse. These are online
 * operations: nothing here is queued. Amounts and quantities travel as decimal
 * strings and are computed with decimal.js, never as binary floats.
 */

/** Received quantities and rates: a decimal without sign (0 is a line not received). */
const positiveDecimal = z.string().trim().regex(decimalPattern, 'must be a number such as 12 or 12.5')

export const currency = z.object({ id: int, code: z.string(), symbol: z.string() })
export type Currency = z.infer<typeof currency>
/**
 * The entity's own currency, with the country the service names for it (currencies.country: the SDK
 * types it only as a string, so it is passed on as given; null when the service gives none).
 */
export const entityCurrency = currency.extend({ country: z.string().nullable() })
export type EntityCurrency = z.infer<typeof entityCurrency>

export const purchaseOrderLine = z.object({
  id: int,
  itemId: int,
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  quantity: signedDecimalText,
  receivedQuantity: signedDecimalText,
  pendingQuantity: signedDecimalText,
  price: signedDecimalText,
  total: signedDecimalText,
})
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>

export const purchaseOrder = z.object({
  id: int,
  idNumber: z.string().nullable(),
  reference: z.string().nullable(),
  issueDate: z.string().nullable(),
  supplier: z.string().nullable(),
  payeeId: int.nullable(),
  currency: currency.nullable(),
  exchangeRate: z.number().nullable(),
  subtotal: signedDecimalText.nullable(),
  total: signedDecimalText.nullable(),
  due: signedDecimalText.nullable(),
  authorized: z.boolean(),
  received: z.boolean(),
  /** Only the REST order shows it (GraphQL does not): null when it was not read. */
  paid: z.boolean().nullable(),
  voided: z.boolean(),
  import: z.boolean(),
  consolidateId: int.nullable(),
  agencyId: int.nullable(),
  /** Present where the answer carried them (reception create, order search). */
  lines: z.array(purchaseOrderLine).nullable(),
})
export type PurchaseOrder = z.infer<typeof purchaseOrder>

export const consolidate = z.object({
  id: int,
  name: z.string(),
  description: z.string().nullable(),
  specialInvoice: z.boolean(),
  idNumber: z.string().nullable(),
  itemId: int.nullable(),
  chargeTermId: int.nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  orders: z.array(purchaseOrder),
})
export type Consolidate = z.infer<typeof consolidate>

/** A consolidate in the list: what the real service's GraphQL gives (its description and kind come with the REST show). */
export const consolidateSummary = consolidate.pick({ id: true, name: true, idNumber: true, createdAt: true }).extend({ orderCount: int })
export type ConsolidateSummary = z.infer<typeof consolidateSummary>

export const consolidateInput = z.object({
  name: serviceText(z.string().trim().min(1, 'a consolidate needs a name'), 255),
  description: serviceText(z.string().trim(), 2000).nullable().default(null),
  orderIds: z.array(recordId).min(1, 'choose at least one purchase order').max(500),
  special: z.boolean().default(false),
})
export type ConsolidateInput = z.input<typeof consolidateInput>

export const consolidateChanges = z.object({
  name: serviceText(z.string().trim().min(1, 'a consolidate needs a name'), 255).optional(),
  description: serviceText(z.string().trim(), 2000).nullable().optional(),
})

/**
 * The prerequisites of a special-invoice consolidate (the spec's list), named
 * by the field the service reports a missing one on.
 */
export const specialInvoicePrerequisites = ['chargeTermId', 'itemId', 'idNumber'] as const
export type SpecialInvoicePrerequisite = (typeof specialInvoicePrerequisites)[number]

export const receptionDraftLine = z.object({
  itemId: int,
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  purchaseOrderDetailId: int,
  orderedQuantity: signedDecimalText.nullable(),
  receivedQuantity: signedDecimalText.nullable(),
  /** What is still pending: the delivered quantity defaults to it. */
  pendingQuantity: signedDecimalText,
  /** The goods carry an expiry (the order line's expire_date): received into a named, dated lot, as the SDK does. */
  perishable: z.boolean(),
  /** That expiry, YYYY-MM-DD, the lot's default; null for goods without one. */
  lotExpires: z.string().nullable().default(null),
})
export type ReceptionDraftLine = z.infer<typeof receptionDraftLine>

export const receptionDraft = z.object({
  order: purchaseOrder,
  agencyId: int.nullable(),
  receivedAt: z.string().nullable(),
  /** Set when the order's currency is not the entity's: the rate to confirm. */
  exchangeRate: z.number().nullable(),
  foreignCurrency: z.boolean(),
  lines: z.array(receptionDraftLine),
})
export type ReceptionDraft = z.infer<typeof receptionDraft>

export const receptionLineInput = z.object({
  itemId: recordId,
  purchaseOrderDetailId: recordId,
  quantity: positiveDecimal,
  lotName: serviceText(z.string().trim(), 100).nullable().default(null),
  lotExpires: isoDate.nullable().default(null),
})
export type ReceptionLineInput = z.output<typeof receptionLineInput>

export const receptionInput = z.object({
  orderId: recordId,
  agencyId: recordId,
  receivedAt: isoDate.optional(),
  invoiceNumber: serviceText(z.string().trim(), 100).nullable().default(null),
  memo: serviceText(z.string().trim(), 2000).nullable().default(null),
  needsTransit: z.boolean().default(false),
  exchangeRate: positiveDecimal.nullable().default(null),
  lines: z.array(receptionLineInput).min(1, 'receive at least one product').max(500),
})
export type ReceptionInput = z.input<typeof receptionInput>

export const receptionLine = z.object({
  id: int.nullable(),
  itemId: int,
  purchaseOrderDetailId: int.nullable(),
  quantity: signedDecimalText,
  lotId: int.nullable(),
  lotName: z.string().nullable(),
  lotExpires: z.string().nullable(),
  /** The lot's stock at the reception's agency now (read when the reception is shown); null when unknown. */
  availableNow: signedDecimalText.nullable().default(null),
})
export type ReceptionLine = z.infer<typeof receptionLine>

export const reception = z.object({
  id: int,
  purchaseOrderId: int,
  agencyId: int.nullable(),
  invoiceNumber: z.string().nullable(),
  memo: z.string().nullable(),
  received: z.boolean(),
  receivedAt: z.string().nullable(),
  voided: z.boolean(),
  voidedAt: z.string().nullable(),
  exchangeRate: z.number().nullable(),
  lines: z.array(receptionLine),
})
export type Reception = z.infer<typeof reception>

/**
 * What a reception changed, so the screen applies it without reading again: the order as it is now (null when
 * the reception was recorded but the order could not be read back) and the new reception (null when not read back).
 */
export const receptionResult = z.object({
  order: purchaseOrder.nullable(),
  receptionId: int.nullable(),
  reception: reception.nullable().default(null),
})
export type ReceptionResult = z.infer<typeof receptionResult>

export const orderStates = ['voided', 'paid', 'received', 'partlyReceived', 'authorized', 'draft'] as const
export type OrderState = (typeof orderStates)[number]

/** The one word a purchasing clerk uses for an order; "partly received" needs its lines. */
export function orderState(o: Pick<PurchaseOrder, 'voided' | 'paid' | 'received' | 'authorized' | 'lines'>): OrderState {
  if (o.voided) return 'voided'
  if (o.paid) return 'paid'
  if (o.received) return 'received'
  if (o.lines?.some((l) => !/^0*(\.0*)?$/.test(l.receivedQuantity))) return 'partlyReceived'
  return o.authorized ? 'authorized' : 'draft'
}
