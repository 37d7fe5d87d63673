import type { LocalBooking } from '@shared/bookings'
import type { EntityCache } from './entityCaches'

/** A booking's lines with their item and lot names from the cached catalogue, for the screens and the slips. */
export function described(cache: EntityCache, booking: LocalBooking): LocalBooking {
  return { ...booking, lines: booking.lines.map((l) => ({ ...l, ...cache.store.describe(l.itemId, l.lotId) })) }
}

/** The same for many bookings: one read of the catalogue for all their lines. */
export function describedAll(cache: EntityCache, bookings: LocalBooking[]): LocalBooking[] {
  const describe = cache.store.describeAll(bookings.flatMap((b) => b.lines))
  return bookings.map((b) => ({ ...b, lines: b.lines.map((l) => ({ ...l, ...describe(l.itemId, l.lotId ?? null) })) }))
}

/** Lines whose item the catalogue does not know (yet). */
export const unnamedLines = (bookings: LocalBooking[]): number =>
  bookings.reduce((n, b) => n + b.lines.filter((l) => l.itemCode === null).length, 0)
