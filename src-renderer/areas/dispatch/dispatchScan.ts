import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import { decimalPattern } from '@shared/patterns'
import type { CardLine } from './cardLines'

/**
 * What a scan means on the dispatch screen. A slip's barcode carries the
 * booking's number (the service's, or the start of the local id before it
 * has one), so a scan that names a booking opens it; any other scan is an
 * item picked for the open booking and counts on its line (one, or the count of `5*CODE`). Pure, so
 * the rules are tested without a screen.
 */
export function bookingByNumber<B extends LocalBooking>(bookings: readonly B[], code: string, numberOf: (b: B) => string): B | null {
  const wanted = code.trim().toUpperCase()
  if (!wanted) return null
  return bookings.find((b) => numberOf(b).toUpperCase() === wanted) ?? null
}

/**
 * The quantity counted per card line (by `CardLine.key`), a decimal string: a
 * line of 2.5 kg is counted as exactly as one of 3 boxes (decimal.js, never floats).
 */
export type Ticks = Readonly<Record<string, string>>

export type TickResult =
  | { kind: 'ticked'; line: CardLine; count: string; ticks: Ticks }
  /** Every line of the item already has its quantity: one more would ship more than booked. */
  | { kind: 'full'; line: CardLine }
  /** Something is left to count, but less than the scan says (left: what is left, summed over the item's lines). */
  | { kind: 'over'; line: CardLine; left: string }
  | { kind: 'notOnBooking' }

const counted = (ticks: Ticks, key: string) => new Decimal(ticks[key] ?? 0)

/**
 * `count` of the item counted (one per plain scan, five for `5*CODE`): on the
 * first of its lines (one per lot) that still misses some, running on to the
 * next lot when that one fills. A line never goes over its booked quantity: a
 * count that does not fit is refused whole, and nothing of it is counted.
 */
export function tickItem(lines: readonly CardLine[], ticks: Ticks, itemId: number, count: string = '1'): TickResult {
  const ofItem = lines.filter((l) => l.itemId === itemId)
  const first = ofItem[0]
  if (!first) return { kind: 'notOnBooking' }
  const last = ofItem[ofItem.length - 1] ?? first
  const left = ofItem.reduce((sum, l) => sum.plus(Decimal.max(0, new Decimal(l.quantity).minus(counted(ticks, l.key)))), new Decimal(0))
  if (left.isZero()) return { kind: 'full', line: last }
  let rest = new Decimal(count)
  if (rest.gt(left)) return { kind: 'over', line: ofItem.find((l) => counted(ticks, l.key).lt(l.quantity)) ?? last, left: left.toString() }
  const next: Record<string, string> = { ...ticks }
  let touched = first
  for (const l of ofItem) {
    if (rest.isZero()) break
    const room = Decimal.max(0, new Decimal(l.quantity).minus(counted(ticks, l.key)))
    if (room.isZero()) continue
    const take = Decimal.min(room, rest)
    next[l.key] = counted(ticks, l.key).plus(take).toString()
    rest = rest.minus(take)
    touched = l
  }
  return { kind: 'ticked', line: touched, count: next[touched.key] ?? '0', ticks: next }
}

export type SetCountResult =
  | { kind: 'set'; line: CardLine; count: string; ticks: Ticks }
  /** Not a quantity (letters, a sign, two decimal points). */
  | { kind: 'invalid'; line: CardLine }
  /** More than the line books. */
  | { kind: 'over'; line: CardLine }

/**
 * The counted quantity of one line as the worker typed it (2.5 or 2,5; empty is 0):
 * for what a scanner cannot count (a weighed line, a box counted by hand).
 */
export function setLineCount(lines: readonly CardLine[], ticks: Ticks, key: string, typed: string): SetCountResult | null {
  const line = lines.find((l) => l.key === key)
  if (!line) return null
  const text = typed.trim() === '' ? '0' : typed.trim().replace(/^(\d+),(\d+)$/, '$1.$2')
  if (!decimalPattern.test(text)) return { kind: 'invalid', line }
  const count = new Decimal(text)
  if (count.gt(line.quantity)) return { kind: 'over', line }
  const next: Record<string, string> = { ...ticks }
  if (count.isZero()) delete next[key]
  else next[key] = count.toString()
  return { kind: 'set', line, count: count.toString(), ticks: next }
}

/** The item a scanned code names among the booking's lines, by its code (scanners send the code as printed). */
export function itemByCode(lines: readonly CardLine[], code: string): number | null {
  const wanted = code.trim().toUpperCase()
  return lines.find((l) => l.itemCode !== null && l.itemCode.toUpperCase() === wanted)?.itemId ?? null
}

/** Lines whose counted quantity has reached their booked quantity, of all lines. */
export function tickProgress(lines: readonly CardLine[], ticks: Ticks): { done: number; of: number } {
  const done = lines.filter((l) => counted(ticks, l.key).gte(l.quantity)).length
  return { done, of: lines.length }
}

/** A line's count has reached its booked quantity. */
export function lineCounted(line: CardLine, ticks: Ticks | undefined): boolean {
  return ticks !== undefined && counted(ticks, line.key).gte(line.quantity)
}
