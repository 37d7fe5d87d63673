import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import type { CardLine } from './cardLines'

/**
 * What a scan means on the dispatch screen. A slip's barcode carries the
 * booking's number (the service's, or the start of the local id before it
 * has one), so a scan that names a booking opens it; any other scan is an
 * item picked for the open booking and ticks one unit of its line. Pure, so
 * the rules are tested without a screen.
 */
export function bookingByNumber<B extends LocalBooking>(bookings: readonly B[], code: string, numberOf: (b: B) => string): B | null {
  const wanted = code.trim().toUpperCase()
  if (!wanted) return null
  return bookings.find((b) => numberOf(b).toUpperCase() === wanted) ?? null
}

/** Units ticked per card line (by `CardLine.key`). */
export type Ticks = Readonly<Record<string, number>>

export type TickResult =
  | { kind: 'ticked'; line: CardLine; count: number; ticks: Ticks }
  /** Every line of the item already has its quantity: one more would ship more than booked. */
  | { kind: 'full'; line: CardLine }
  | { kind: 'notOnBooking' }

/**
 * One unit of the item ticked: on the first of its lines (one per lot) that
 * still misses units. A line never goes over its booked quantity.
 */
export function tickItem(lines: readonly CardLine[], ticks: Ticks, itemId: number): TickResult {
  const ofItem = lines.filter((l) => l.item_id === itemId)
  const first = ofItem[0]
  if (!first) return { kind: 'notOnBooking' }
  const open = ofItem.find((l) => new Decimal(ticks[l.key] ?? 0).plus(1).lte(l.quantity))
  if (!open) return { kind: 'full', line: ofItem[ofItem.length - 1] ?? first }
  const count = (ticks[open.key] ?? 0) + 1
  return { kind: 'ticked', line: open, count, ticks: { ...ticks, [open.key]: count } }
}

/** The item a scanned code names among the booking's lines, by its code (scanners send the code as printed). */
export function itemByCode(lines: readonly CardLine[], code: string): number | null {
  const wanted = code.trim().toUpperCase()
  return lines.find((l) => l.item_code !== null && l.item_code.toUpperCase() === wanted)?.item_id ?? null
}

/** Lines whose ticked count has reached their quantity, of all lines. */
export function tickProgress(lines: readonly CardLine[], ticks: Ticks): { done: number; of: number } {
  const done = lines.filter((l) => new Decimal(ticks[l.key] ?? 0).gte(l.quantity)).length
  return { done, of: lines.length }
}
