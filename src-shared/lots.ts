import Decimal from 'decimal.js'
import { defaultNearExpiryDays } from './preferenceValues'
import { addDays, formatISO, parseISO } from 'date-fns'
import { isPositiveDecimal } from './patterns'

/** What a clerk needs to know of a lot to pick it: its expiry and what is left of it. */
export interface PickableLot {
  id: number
  /** YYYY-MM-DD, or null for a lot that does not expire. */
  expires: string | null
  available: number
}

export type LotFreshness = 'expired' | 'near' | 'fresh'

/** Days before expiry from which a lot is marked "near" when no setting says otherwise (kept in preferenceValues.ts). */
export { defaultNearExpiryDays }

/** Expired (before today), near expiry (within `nearDays`), or fresh; today is the clerk's day in their zone. */
export function lotFreshness(expires: string | null, today: string, nearDays = defaultNearExpiryDays): LotFreshness {
  if (expires === null) return 'fresh'
  if (expires < today) return 'expired'
  // Asked at every scan for every line on a dated lot (expired or not): no date arithmetic when there is none to do.
  if (nearDays === 0) return expires.slice(0, 10) === today ? 'near' : 'fresh'
  const nearFrom = formatISO(addDays(parseISO(expires), -nearDays), { representation: 'date' })
  return today >= nearFrom ? 'near' : 'fresh'
}

/**
 * First expired, first out, never an expired lot: the first lot by expiry
 * that has not expired and covers the quantity. None when no such lot
 * exists: a lot that cannot cover the line would be refused by the service,
 * so the clerk chooses (and the stock warning says why).
 * The lots come sorted by expiry.
 */
export function fefoLot(lots: readonly PickableLot[], quantity: string, today: string): number | null {
  const wanted = isPositiveDecimal(quantity) ? new Decimal(quantity.trim()) : new Decimal(0)
  return lots.find((l) => lotFreshness(l.expires, today, 0) !== 'expired' && wanted.lte(l.available))?.id ?? null
}
