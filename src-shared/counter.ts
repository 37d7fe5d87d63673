import { z } from 'zod'
import { itemRow } from './catalogue'
import { int } from './patternSchemas'

/**
 * What the counter and the dispatch screens read besides the bookings
 * themselves: the form's reference data, what a scanned code is, lots by
 * expiry, stock per agency and pending transfer requests.
 */

export const agencyOption = z.object({ id: int, name: z.string(), agencyCategoryId: int.nullable() })
export type AgencyOption = z.infer<typeof agencyOption>

export const counterSetup = z.object({
  /** The origin of a new booking (the user's agency), null when the user has none. */
  agency: agencyOption.nullable(),
  /** Where a booking may go: every other agency, or only those of the origin's category when the service's setting says so. */
  destinations: z.array(agencyOption),
  filteredByCategory: z.boolean(),
  /**
   * What the last refresh found this server does not offer (it is no sandbox extension there):
   * `categoryFilter`, whether destinations are limited by agency category (then they are not);
   * `transferRequests`, booking from a transfer request (then it is not offered). Empty before a refresh.
   */
  unavailable: z.array(z.enum(['categoryFilter', 'transferRequests'])),
  /** Every agency of the entity, for naming the other end of a booking. */
  agencies: z.array(agencyOption),
  /** Today in the user's time zone (YYYY-MM-DD): the default planned delivery. */
  today: z.string(),
  /** When the open bookings were last read from the service (ISO), null if never. */
  refreshedAt: z.string().nullable(),
})
export type CounterSetup = z.infer<typeof counterSetup>

export const lotOption = z.object({ id: int, name: z.string().nullable(), expires: z.string().nullable(), available: z.number() })
export type LotOption = z.infer<typeof lotOption>

export const scannedItem = z.object({ item: itemRow, lots: z.array(lotOption) })
export type ScannedItem = z.infer<typeof scannedItem>

/** A code typed or scanned at the counter: an item, a bundle (expanded into its components), or nothing known. */
export const scanResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), code: z.string(), item: scannedItem }),
  z.object({
    kind: z.literal('bundle'),
    code: z.string(),
    bundle: z.object({ id: int, code: z.string(), name: z.string(), categoryBundle: z.boolean(), itemCategoryId: int.nullable() }),
    /** Static bundles: each component with the quantity one bundle takes. Dynamic bundles: empty (the clerk picks from `choices`). */
    components: z.array(scannedItem.extend({ quantity: z.string() })),
    /** Dynamic bundles: the category's items with stock at the agency. */
    choices: z.array(scannedItem),
  }),
  z.object({
    kind: z.literal('unknown'),
    code: z.string(),
    /** This computer has no catalogue yet (its first pull has not ended): the code may well be the service's. */
    noCatalogueYet: z.literal(true).optional(),
  }),
  /** A known code that cannot be booked, with the reason (src-shared/bookingLines/bundleExpansion.ts): nothing is added. */
  z.object({ kind: z.literal('refused'), code: z.string(), reason: z.enum(['inactive']), name: z.string() }),
])
export type ScanResult = z.infer<typeof scanResult>

export const agencyStock = z.object({
  agencyId: int,
  agencyName: z.string(),
  available: z.number(),
  /** When this agency's figures were read (a routine pull reads only the station's agencies); null: unknown. */
  readAt: z.string().nullable(),
})
export type AgencyStock = z.infer<typeof agencyStock>

/** Items asked for at once: as many as a booking has lines. */
export const STOCK_ITEMS_MAX = 500
export const itemStock = z.object({ itemId: int, agencies: z.array(agencyStock) })
export type ItemStock = z.infer<typeof itemStock>

export const transferRequest = z.object({
  id: int,
  agencyFromId: int,
  agencyToId: int,
  plannedDelivery: z.string().nullable(),
  reference: z.string().nullable(),
  lines: z.array(z.object({ itemId: int, quantity: z.string(), itemCode: z.string().nullable(), itemName: z.string().nullable() })),
})
export type TransferRequest = z.infer<typeof transferRequest>
