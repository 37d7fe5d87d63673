import { z } from 'zod'
import {
  consolidate,
  consolidateChanges,
  consolidateInput,
  consolidateSummary,
  purchaseOrder,
  reception,
  receptionDraft,
  receptionInput,
  receptionResult,
} from '../purchasing'
import { none, entry } from './entry'
import { recordId } from '../patternSchemas'

/** Purchasing: consolidates and receptions. Assembled in src-shared/contract.ts. */
export const purchasingRequests = {
  /** Purchasing: online only (a failure keeps the form as typed). The entity's currency is company.currency, read by the shell. */
  'purchasing.context': entry(
    none,
    z.object({
      agencies: z.array(z.object({ id: z.number().int(), name: z.string() })),
      userAgencyId: z.number().int().nullable(),
    }),
  ),
  'purchaseOrders.search': entry(
    z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(200).default(50) }),
    z.array(purchaseOrder),
  ),
  'purchaseOrders.get': entry(z.object({ id: recordId }), purchaseOrder),
  'consolidates.list': entry(none, z.array(consolidateSummary)),
  'consolidates.candidates': entry(z.object({ special: z.boolean().default(false) }), z.array(purchaseOrder)),
  'consolidates.get': entry(z.object({ id: recordId }), consolidate),
  'consolidates.create': entry(consolidateInput, consolidate),
  'consolidates.update': entry(z.object({ id: recordId, changes: consolidateChanges }), consolidate),
  'consolidates.delete': entry(z.object({ id: recordId }), z.object({ deleted: z.literal(true) })),
  'receptions.draft': entry(z.object({ orderId: recordId }), receptionDraft),
  'receptions.create': entry(receptionInput, receptionResult),
  'receptions.get': entry(z.object({ id: recordId }), reception),
  'receptions.ofOrder': entry(z.object({ orderId: recordId }), z.array(reception)),
  'receptions.return': entry(z.object({ id: recordId, reboundOrderId: recordId.nullable().default(null) }), reception),
} as const
