import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import { groupCardLines } from './cardLines'

export interface SlipTotals {
  /** Lines as printed: grouped by item and lot, as the card and the slip show them. */
  lines: number
  /** The sum of the booked quantities, as a decimal string (quantities may be fractional). */
  units: string
}

/** Lines (as printed) and units of one or more bookings, summed exactly. */
export function slipTotals(bookings: readonly LocalBooking[]): SlipTotals {
  let units = new Decimal(0)
  let lines = 0
  for (const b of bookings) {
    for (const line of b.lines) units = units.plus(line.bookedQuantity)
    lines += groupCardLines(b.lines).length
  }
  return { lines, units: units.toString() }
}
