import Decimal from 'decimal.js'
import { bookingText as b } from './bookingText'
import { railsDecimalString } from './railsDecimal'

/**
 * Decides the lot of each line of a booking and refuses over-booking, before
 * anything is written. Pure: the caller supplies what each lot has available
 * at the origin (already net of other bookings' earmarks, with this booking's
 * own earmarks given back when it is being edited).
 */
export interface AllocationLine {
  /** The line's position in movements_attributes (its error key); undefined for an existing line the request leaves alone. */
  index: number | undefined
  itemId: number
  itemCode: string
  quantity: Decimal
  /** The lot asked for; null for the default lot. */
  lotId: number | null
}

export interface LotAvailability {
  lotId: number
  name: string
  available: Decimal
}

export interface Allocation {
  /** The lot of each line, in the order given; null only for a line that was refused. */
  lots: (number | null)[]
  /** Over-booking messages by line index (-1 for a line the request left alone). */
  errors: Map<number, string>
}

const shown = (d: Decimal) => railsDecimalString(Decimal.max(d, 0))

/**
 * Lines the request leaves alone are placed first (they held their stock
 * already), then the others in the order sent, each taking from what the
 * earlier ones left — two lines of the same lot cannot together exceed it.
 * A line without a lot takes the first lot, by expiry date, that covers its
 * whole quantity ("the first available lot by expiry date").
 */
export function allocateLines(
  lines: readonly AllocationLine[],
  lotsOf: (itemId: number) => readonly LotAvailability[],
  agencyName: string,
): Allocation {
  const remaining = new Map<number, Decimal>()
  const left = (lot: LotAvailability) => remaining.get(lot.lotId) ?? lot.available
  const lots: (number | null)[] = lines.map(() => null)
  const errors = new Map<number, string>()
  const order = lines
    .map((line, position) => ({ line, position }))
    .sort((x, y) => (x.line.index ?? -1) - (y.line.index ?? -1) || x.position - y.position)

  for (const { line, position } of order) {
    const candidates = lotsOf(line.itemId)
    const refuse = (message: string) => errors.set(line.index ?? -1, message)
    let chosen: LotAvailability | undefined
    if (line.lotId !== null) {
      chosen = candidates.find((l) => l.lotId === line.lotId)
      if (!chosen || left(chosen).lt(line.quantity)) {
        refuse(
          b.overBookedLot(line.itemCode, chosen?.name ?? String(line.lotId), agencyName, shown(chosen ? left(chosen) : new Decimal(0))),
        )
        continue
      }
    } else {
      chosen = candidates.find((l) => left(l).gte(line.quantity))
      if (!chosen) {
        const total = candidates.reduce((sum, l) => sum.plus(Decimal.max(left(l), 0)), new Decimal(0))
        const best = candidates.reduce((max, l) => Decimal.max(max, left(l)), new Decimal(0))
        refuse(
          total.gte(line.quantity)
            ? b.overBookedSingleLot(line.itemCode, agencyName, shown(best), shown(total))
            : b.overBooked(line.itemCode, agencyName, shown(total)),
        )
        continue
      }
    }
    remaining.set(chosen.lotId, left(chosen).minus(line.quantity))
    lots[position] = chosen.lotId
  }
  return { lots, errors }
}
