import Decimal from 'decimal.js'
import type { LocalBooking } from '@shared/bookings'
import { AppError } from '@shared/errors'
import type { DeliveredCount } from '../sync/outbox/bookingPayloads'

const keyOf = (itemId: number, lotId: number | null) => `${itemId}:${lotId ?? '-'}`

/**
 * A count to deliver, checked against the booking as this computer holds it: one figure per item
 * and lot of its lines, none above what is booked. Returns what to send: nothing when every line
 * arrived whole (an ordinary delivery), else one count per item and lot. Only a shipment in transit
 * takes quantities (the service's transit delivery); a booking delivered without travelling arrives
 * as booked, so a short count of one is refused here rather than after sync.
 */
export function deliveryCount(booking: LocalBooking, delivered: readonly DeliveredCount[] | undefined): DeliveredCount[] | undefined {
  if (!delivered) return undefined
  const booked = new Map<string, { itemId: number; lotId: number | null; quantity: Decimal }>()
  for (const l of booking.lines) {
    const key = keyOf(l.itemId, l.lotId)
    const line = booked.get(key)
    if (line) line.quantity = line.quantity.plus(l.bookedQuantity)
    else booked.set(key, { itemId: l.itemId, lotId: l.lotId, quantity: new Decimal(l.bookedQuantity) })
  }
  const counted = new Map<string, Decimal>()
  delivered.forEach((d, i) => {
    const key = keyOf(d.itemId, d.lotId)
    const line = booked.get(key)
    if (!line) throw new AppError('bad_input', { field: `delivered.${i}.itemId`, detail: `item ${d.itemId} is not on this booking` })
    const sum = (counted.get(key) ?? new Decimal(0)).plus(d.quantity)
    if (sum.gt(line.quantity))
      throw new AppError('bad_input', {
        field: `delivered.${i}.quantity`,
        detail: `more than the ${line.quantity.toString()} booked was counted`,
      })
    counted.set(key, sum)
  })
  const missing = [...booked.keys()].find((key) => !counted.has(key))
  if (missing !== undefined)
    throw new AppError('bad_input', { field: 'delivered', detail: `line ${missing} of the booking was not counted` })
  const whole = [...booked].every(([key, line]) => counted.get(key)?.equals(line.quantity))
  if (whole) return undefined
  if (![...counted.values()].some((q) => q.gt(0))) throw new AppError('bad_input', { field: 'delivered', detail: 'nothing was counted' })
  if (!booking.shipped)
    throw new AppError('bad_input', { field: 'delivered', detail: 'a booking that did not travel is delivered as booked, never short' })
  return [...booked].map(([key, line]) => ({ itemId: line.itemId, lotId: line.lotId, quantity: (counted.get(key) as Decimal).toString() }))
}
