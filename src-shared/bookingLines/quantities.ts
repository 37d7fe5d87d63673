import Decimal from 'decimal.js'
import { isPositiveDecimal } from '../patterns'

/**
 * Quantities of booking lines are decimal strings, summed with decimal.js: 0.1 + 0.2 is 0.3 here, on the
 * screen, in the CLI and in the core alike.
 */

/** The quantity as a decimal; a line whose quantity is not (yet) a positive number counts as none. */
export function quantityOf(text: string): Decimal {
  return isPositiveDecimal(text) ? new Decimal(text.trim()) : new Decimal(0)
}

/** `a + b` as a decimal string; an unusable `a` (what the clerk is still typing) counts as 0. */
export function addQuantities(a: string, b: string): string {
  return quantityOf(a).plus(quantityOf(b)).toString()
}

/** A quantity as it is stored and sent: trimmed and in its shortest form ("1.50" → "1.5"). */
export function normalQuantity(text: string): string {
  return new Decimal(text.trim()).toString()
}
