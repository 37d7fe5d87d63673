import type { LocalBooking } from '@shared/bookings'
import type { LotFreshness } from '@shared/lots'
import { groupCardLines, type CardLine } from './cardLines'

/** A line of a booking about to ship that takes stock from a lot already expired. */
export interface ExpiredLine {
  booking: LocalBooking
  line: CardLine
}

/** Every expired line of the bookings shipped together, booking by booking: the one question lists them all. */
export function expiredLines(bookings: readonly LocalBooking[], freshness: (expires: string | null) => LotFreshness): ExpiredLine[] {
  return bookings.flatMap((booking) =>
    groupCardLines(booking.lines)
      .filter((line) => line.lotExpires !== null && freshness(line.lotExpires) === 'expired')
      .map((line) => ({ booking, line })),
  )
}
