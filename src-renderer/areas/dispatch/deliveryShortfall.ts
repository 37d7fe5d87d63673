import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import { groupCardLines, type CardLine } from './cardLines'
import type { Ticks } from './dispatchScan'

/** A line counted short of what it books: what the confirmation lists. */
export interface Shortfall {
  line: CardLine
  counted: string
  missing: string
}

/** What the count of a booking says about its delivery. Pure, so the rule is tested without a screen. */
export type CountedDelivery =
  /** Nothing counted (the verification is optional): delivered as booked. */
  | { kind: 'notCounted' }
  /** Every line counted whole. */
  | { kind: 'whole' }
  /** Some lines short: what arrived of every item and lot, and the lines short. */
  | { kind: 'short'; shortfalls: Shortfall[]; delivered: { itemId: number; lotId: number | null; quantity: string }[] }
  /** A line counted above what it books: refused (the screen's counting never allows it; a stale count might). */
  | { kind: 'over'; lines: CardLine[] }

export function countedDelivery(b: LocalBooking, ticks: Ticks | undefined): CountedDelivery {
  const counted = Object.entries(ticks ?? {}).filter(([, q]) => new Decimal(q).gt(0))
  if (counted.length === 0) return { kind: 'notCounted' }
  const lines = groupCardLines(b.lines)
  const countOf = (l: CardLine) => new Decimal(ticks?.[l.key] ?? 0)
  const over = lines.filter((l) => countOf(l).gt(l.quantity))
  if (over.length > 0) return { kind: 'over', lines: over }
  const shortfalls = lines
    .filter((l) => countOf(l).lt(l.quantity))
    .map((l) => ({ line: l, counted: countOf(l).toString(), missing: new Decimal(l.quantity).minus(countOf(l)).toString() }))
  if (shortfalls.length === 0) return { kind: 'whole' }
  return {
    kind: 'short',
    shortfalls,
    delivered: lines.map((l) => ({ itemId: l.itemId, lotId: l.lotId, quantity: countOf(l).toString() })),
  }
}
