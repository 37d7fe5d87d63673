import Decimal from 'decimal.js'
import { isPositiveDecimal } from '../patterns'

/** A static bundle's component: the item and how much of it one bundle takes. */
export interface BundlePart {
  itemId: number
  quantity: string
}

/** Why a bundle cannot be booked: an inactive one is withdrawn from sale, its components must not slip in unnoticed. */
export type BundleRefusal = 'inactive'

/**
 * Whether a bundle may be booked at all, before it is expanded: the counter's scan and the CLI refuse an
 * inactive bundle (with this reason) instead of adding its components without a word.
 */
export function bundleRefusal(bundle: { active: boolean }): BundleRefusal | null {
  return bundle.active ? null : 'inactive'
}

/**
 * A static bundle booked `count` times becomes its components, each `component × count` (decimal). A
 * dynamic bundle has no fixed components: the clerk picks its items, so it is never expanded here.
 */
export function expandBundle<C extends BundlePart>(components: readonly C[], count = '1'): C[] {
  if (!isPositiveDecimal(count)) throw new RangeError(`a bundle is booked a positive number of times, got "${count}"`)
  return components.map((c) => ({ ...c, quantity: new Decimal(c.quantity).times(count.trim()).toString() }))
}
