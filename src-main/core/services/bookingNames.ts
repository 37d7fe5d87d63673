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

const lineKey = (l: { itemId: number; lotId?: number | null }) => `${l.itemId}/${l.lotId ?? ''}`

/**
 * Whether a line of `before` (the last list the windows were given) is named otherwise in `now`: named at last, or its
 * item or lot renamed on the service. Compared once a pull, not as each list is made (a list is asked for often).
 */
export function namedOtherwise(before: readonly LocalBooking[], now: readonly LocalBooking[]): boolean {
  const shown = new Map(before.flatMap((b) => b.lines.map((l) => [lineKey(l), l] as const)))
  return now.some((b) =>
    b.lines.some((l) => {
      const was = shown.get(lineKey(l))
      return (
        was !== undefined &&
        (was.itemCode !== l.itemCode || was.itemName !== l.itemName || was.lotName !== l.lotName || was.lotExpires !== l.lotExpires)
      )
    }),
  )
}
