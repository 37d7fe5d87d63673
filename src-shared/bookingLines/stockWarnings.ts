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
  /** Set when the warning is of one lot (more booked on it than it has), absent when of the item as a whole. */
  lotId?: number
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
  return overBy(
    sumsBy(lines, (l) => l.itemId),
    availableOf,
  ).map(([itemId, w]) => ({ itemId, ...w }))
}

/**
 * One warning per lot booked above what it has at the origin (net of unsent bookings, as the item's
 * figure): a line on a lot of 6 booked for 10 is warned even when the item has 36 over all its lots.
 * `availableOfLot` null: no figure for that lot here, nothing is said. Lines without a lot are the
 * item's warning's.
 */
export function lotStockWarnings(
  lines: readonly { itemId: number; lotId: number | null; quantity: string }[],
  availableOfLot: (lotId: number) => number | null,
): StockWarning[] {
  const onLots = lines.filter((l): l is typeof l & { lotId: number } => l.lotId !== null)
  const itemOf = new Map(onLots.map((l) => [l.lotId, l.itemId]))
  return overBy(
    sumsBy(onLots, (l) => l.lotId),
    availableOfLot,
  ).map(([lotId, w]) => ({ itemId: itemOf.get(lotId)!, lotId, ...w }))
}

/** What the lines ask of each key (item or lot), summed exactly. */
function sumsBy<L extends { quantity: string }>(lines: readonly L[], keyOf: (line: L) => number): Map<number, number | Decimal> {
  // Whole quantities (most lines) are summed as numbers, exactly: the screen works this out at every scan, over
  // every line, and a decimal each line cost the collector more than anything else it does (scanner.bench.ts).
  const wanted = new Map<number, number | Decimal>()
  for (const l of lines) {
    const key = keyOf(l)
    const sum = wanted.get(key) ?? 0
    const typed = l.quantity.trim()
    const whole = typed.length <= WHOLE_DIGITS && wholeNumberPattern.test(typed)
    wanted.set(key, typeof sum === 'number' && whole ? sum + Number(typed) : quantityOf(typed).plus(sum))
  }
  return wanted
}

function overBy(
  wanted: Map<number, number | Decimal>,
  availableOf: (key: number) => number | null,
): [number, { requested: number; available: number }][] {
  const found: [number, { requested: number; available: number }][] = []
  for (const [key, sum] of wanted) {
    const available = availableOf(key)
    if (available === null) continue
    const over = typeof sum === 'number' ? sum > 0 && sum > available : sum.gt(0) && sum.gt(available)
    if (over) found.push([key, { requested: typeof sum === 'number' ? sum : sum.toNumber(), available }])
  }
  return found
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

/** The same by lot: what an unsent booking itself holds of each lot, added back when it is edited. */
export function ownUnsentByLot(booking: {
  serviceId: number | null
  deleted: boolean
  state: string
  lines: readonly { lotId: number | null; bookedQuantity: string }[]
}): Map<number, number> {
  const own = new Map<number, Decimal>()
  if (countsAgainstStock(booking))
    for (const l of booking.lines)
      if (l.lotId !== null) own.set(l.lotId, (own.get(l.lotId) ?? new Decimal(0)).plus(quantityOf(l.bookedQuantity)))
  return new Map([...own].map(([lot, q]) => [lot, q.toNumber()]))
}
