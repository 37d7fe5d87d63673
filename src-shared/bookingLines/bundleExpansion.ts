import Decimal from 'decimal.js'
import { isPositiveDecimal } from '../patterns'

/** A static bundle's component: the item and how much of it one bundle takes. */
export interface BundlePart {
  item_id: number
  quantity: string
}

/**
 * A static bundle booked `count` times becomes its components, each `component × count` (decimal). A
 * dynamic bundle has no fixed components: the clerk picks its items, so it is never expanded here.
 */
export function expandBundle<C extends BundlePart>(components: readonly C[], count = '1'): C[] {
  if (!isPositiveDecimal(count)) throw new RangeError(`a bundle is booked a positive number of times, got "${count}"`)
  return components.map((c) => ({ ...c, quantity: new Decimal(c.quantity).times(count.trim()).toString() }))
}
