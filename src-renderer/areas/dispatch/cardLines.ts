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
  item_id: number
  lot_id: number | null
  item_code: string | null
  item_name: string | null
  lot_name: string | null
  lot_expires: string | null
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
    const key = cardLineKey(line.item_id, line.lot_id)
    const found = groups.get(key)
    if (found) {
      found.sum = found.sum.plus(line.booked_quantity)
      found.merged++
      if (line.serial_number) found.serials.push(line.serial_number)
      continue
    }
    groups.set(key, {
      key,
      item_id: line.item_id,
      lot_id: line.lot_id,
      item_code: line.item_code ?? null,
      item_name: line.item_name ?? null,
      lot_name: line.lot_name ?? null,
      lot_expires: line.lot_expires ?? null,
      quantity: '',
      serials: line.serial_number ? [line.serial_number] : [],
      merged: 1,
      sum: new Decimal(line.booked_quantity),
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
  return dayInZone(b.planned_delivery, profileZone) < today
}
