import Decimal from 'decimal.js'
import type { BookingLine } from '@shared/bookings'
import { catalogueRefusals, type CheckedBooking, type CheckedLine } from '@shared/bookingLines'
import { AppError } from '@shared/errors'
import { quantityLimits } from '@shared/patterns'
import type { EntityCache } from './entityCaches'

/**
 * The checks a booking passes when it is entered (BookingsService create, update and submit), so what the
 * counter can tell is wrong is refused there, offline, with its field named, and never queued to be
 * refused by the service after a sync:
 * - what the cached catalogue knows is not there or withdrawn (src-shared/bookingLines/catalogueRefusals.ts);
 * - what this computer holds unsent of an item at an agency stays within the largest quantity the service
 *   stores: the local availability is that figure's difference with the stock, kept in millionths by
 *   triggers (migration 5), and within the bound it stays exact instead of saturating SQLite's integers.
 */
export interface EntryCheck {
  booking: CheckedBooking & { lines?: readonly BookingLine[] }
  /** The lines the catalogue need not check again (an edit's lines as the booking already had them). */
  checkLine?: (line: CheckedLine) => boolean
  /** The agency the booking will weigh on while unsent, or null (a draft weighs on nothing). */
  weighsOn: number | null
  /** What the booking itself already holds in the unsent figure (an edit of an unsent booking). */
  own?: ReadonlyMap<number, number>
}

export function refuseAtEntry(cache: EntityCache, check: EntryCheck): void {
  const { booking } = check
  const lines = booking.lines ?? []
  // A catalogue never pulled knows nothing: its silence refuses nothing.
  const fields =
    cache.store.pulledAt() === null
      ? {}
      : catalogueRefusals(
          booking,
          cache.store.factsOf({
            items: lines.map((l) => l.itemId),
            lots: lines.flatMap((l) => (l.lotId ? [l.lotId] : [])),
            agencies: [booking.agencyFromId, booking.agencyToId].filter((a): a is number => a !== undefined),
            bundles: lines.flatMap((l) => (l.bundleId ? [l.bundleId] : [])),
          }),
          check.checkLine,
        )
  if (check.weighsOn !== null) Object.assign(fields, unsentOverflow(cache, check.weighsOn, lines, check.own))
  const first = Object.values(fields)[0]?.[0]
  if (first) throw new AppError('bad_input', { fields, detail: first })
}

/** The first line of each item whose unsent total at the agency would pass the largest quantity, with the limit. */
function unsentOverflow(
  cache: EntityCache,
  agencyId: number,
  lines: readonly BookingLine[],
  own: ReadonlyMap<number, number> = new Map(),
): Record<string, string[]> {
  const wanted = new Map<number, { total: Decimal; first: number }>()
  lines.forEach((l, i) => {
    const sum = wanted.get(l.itemId)
    wanted.set(l.itemId, { total: (sum?.total ?? new Decimal(0)).plus(l.bookedQuantity), first: sum?.first ?? i })
  })
  const unsent = cache.outbox.unsentBooked(agencyId, [...wanted.keys()])
  const fields: Record<string, string[]> = {}
  for (const [itemId, { total, first }] of wanted) {
    const after = total.plus(unsent.get(itemId) ?? 0).minus(own.get(itemId) ?? 0)
    if (after.gt(quantityLimits.largest)) {
      fields[`lines[${first}].bookedQuantity`] = [
        `lo que espera envío de este artículo aquí debe ser menor o igual que ${quantityLimits.largest} / ` +
          `what waits to be sent of this item here must be less than or equal to ${quantityLimits.largest}`,
      ]
    }
  }
  return fields
}
