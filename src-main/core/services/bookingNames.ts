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

/** The words each item and lot was shown with (none when the catalogue did not know it), by item and lot. */
export function lineWords(bookings: LocalBooking[]): Map<string, string> {
  const words = new Map<string, string>()
  for (const b of bookings)
    for (const l of b.lines) words.set(`${l.itemId}/${l.lotId ?? ''}`, JSON.stringify([l.itemCode, l.itemName, l.lotName, l.lotExpires]))
  return words
}

/** Whether a line shown before is named otherwise now: named at last, or its item or lot renamed on the service. */
export function namedOtherwise(before: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): boolean {
  for (const [line, words] of now) {
    const was = before.get(line)
    if (was !== undefined && was !== words) return true
  }
  return false
}
