import Decimal from 'decimal.js'
import type { Currency, PurchaseOrder } from '@shared/purchasing'

/**
 * The orders' total in the entity's currency: orders in another currency are
 * converted at their own exchange rate (units of the entity's currency per
 * unit of theirs). Null when some foreign order has no rate: a guess would
 * mislead whoever enters the import charges.
 */
export function totalInEntityCurrency(
  orders: readonly Pick<PurchaseOrder, 'total' | 'currency' | 'exchangeRate'>[],
  entity: Pick<Currency, 'id'>,
): Decimal | null {
  let sum = new Decimal(0)
  for (const o of orders) {
    const amount = new Decimal(o.total ?? 0)
    if (!o.currency || o.currency.id === entity.id) {
      sum = sum.plus(amount)
      continue
    }
    if (o.exchangeRate === null) return null
    // The rate arrives as a JSON number; its shortest decimal text is the rate as written (7.75, not 7.7499…).
    sum = sum.plus(amount.times(new Decimal(String(o.exchangeRate))))
  }
  return sum.toDecimalPlaces(2)
}
