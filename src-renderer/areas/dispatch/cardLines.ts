import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import { dayInZone } from '@shared/localDate'

type Line = LocalBooking['lines'][number]

/**
 * One line as the picker reads it on a dispatch card: an item from one lot,
 * with the quantities of every booking line for that item and lot summed.
 * Lines of the same item from different lots stay apart: the picker takes
 * each lot from its own place, the slip names each lot, and an expired or
 * near-expiry lot must stay visible on its own (FEFO).
 */
export interface CardLine {
  /** `item:lot` — the same key whatever the order of the booking's lines. */
  key: string
  itemId: number
  lotId: number | null
  itemCode: string | null
  itemName: string | null
  lotName: string | null
  lotExpires: string | null
  /** The summed booked quantity, a decimal string (quantities may be fractional). */
  quantity: string
  /** Serial numbers of the grouped lines, in booking order. */
  serials: string[]
  /** How many booking lines were grouped into this one. */
  merged: number
}

export function cardLineKey(itemId: number, lotId: number | null): string {
  return `${itemId}:${lotId ?? '-'}`
}

/** The booking's lines grouped by item and lot, in the order each item first appears. */
export function groupCardLines(lines: readonly Line[]): CardLine[] {
  const groups = new Map<string, CardLine & { sum: Decimal }>()
  for (const line of lines) {
    const key = cardLineKey(line.itemId, line.lotId)
    const found = groups.get(key)
    if (found) {
      found.sum = found.sum.plus(line.bookedQuantity)
      found.merged++
      if (line.serialNumber) found.serials.push(line.serialNumber)
      continue
    }
    groups.set(key, {
      key,
      itemId: line.itemId,
      lotId: line.lotId,
      itemCode: line.itemCode ?? null,
      itemName: line.itemName ?? null,
      lotName: line.lotName ?? null,
      lotExpires: line.lotExpires ?? null,
      quantity: '',
      serials: line.serialNumber ? [line.serialNumber] : [],
      merged: 1,
      sum: new Decimal(line.bookedQuantity),
    })
  }
  return [...groups.values()].map(({ sum, ...line }) => ({ ...line, quantity: sum.toString() }))
}

/**
 * Overdue: not yet delivered and planned for a day before today, both days
 * read in the profile's zone (at 20:00 in Guatemala UTC is already tomorrow,
 * and a booking planned for today is not late yet).
 */
export function isOverdue(b: LocalBooking, today: string, profileZone: string): boolean {
  if (b.delivered || b.deleted) return false
  return dayInZone(b.plannedDelivery, profileZone) < today
}
