import Decimal from 'decimal.js'
import { quantityOf } from './quantities'
import { wholeNumberPattern } from '../patterns'

/**
 * The over-stock warning, one rule for the counter screen and the save: over all lines of an item, more
 * is booked than is available at the origin. "Available" is the cached stock net of what this computer
 * has booked there and the service has not confirmed yet (the core's `unsent_booked`): the figure the
 * core gives the screen with each scan and uses itself at save time. A warning, never a refusal: the
 * service decides.
 */

export interface StockWarning {
  itemId: number
  requested: number
  available: number
}

/** Cached stock minus unsent bookings, exactly (both come as binary numbers; the difference should not drift). */
export function netAvailable(stock: number | null, unsent = 0): number | null {
  return stock === null ? null : new Decimal(stock).minus(unsent).toNumber()
}

/**
 * One warning per item booked above what is available. `availableOf` null: the cached catalogue knows
 * no figure for the item, and nothing is said. Lines whose quantity is not a positive number yet count
 * as none.
 */
export function stockWarnings(
  lines: readonly { itemId: number; quantity: string }[],
  availableOf: (itemId: number) => number | null,
): StockWarning[] {
  // Whole quantities (most lines) are summed as numbers, exactly: the screen works this out at every scan, over
  // every line, and a decimal each line cost the collector more than anything else it does (scanner.bench.ts).
  const wanted = new Map<number, number | Decimal>()
  for (const l of lines) {
    const sum = wanted.get(l.itemId) ?? 0
    const typed = l.quantity.trim()
    const whole = typed.length <= WHOLE_DIGITS && wholeNumberPattern.test(typed)
    wanted.set(l.itemId, typeof sum === 'number' && whole ? sum + Number(typed) : quantityOf(typed).plus(sum))
  }
  const warnings: StockWarning[] = []
  for (const [item, sum] of wanted) {
    const available = availableOf(item)
    if (available === null) continue
    const over = typeof sum === 'number' ? sum > 0 && sum > available : sum.gt(0) && sum.gt(available)
    if (over) warnings.push({ itemId: item, requested: typeof sum === 'number' ? sum : sum.toNumber(), available })
  }
  return warnings
}

/** Whole quantities up to this many digits: any booking's sum of them stays exact as a number. */
const WHOLE_DIGITS = 9

/** A booking weighs on the stock here while the service has not confirmed it (a draft does not yet): as migration 5's triggers count. */
export function countsAgainstStock(booking: { serviceId: number | null; deleted: boolean; state: string }): boolean {
  return booking.serviceId === null && !booking.deleted && booking.state !== 'draft'
}

/**
 * What a booking itself holds of each item in the unsent figure: when it is edited, its own lines are
 * added back to what is available, or it would be warned against itself.
 */
export function ownUnsent(booking: {
  serviceId: number | null
  deleted: boolean
  state: string
  lines: readonly { itemId: number; bookedQuantity: string }[]
}): Map<number, number> {
  const own = new Map<number, Decimal>()
  if (countsAgainstStock(booking))
    for (const l of booking.lines) own.set(l.itemId, (own.get(l.itemId) ?? new Decimal(0)).plus(quantityOf(l.bookedQuantity)))
  return new Map([...own].map(([item, q]) => [item, q.toNumber()]))
}
