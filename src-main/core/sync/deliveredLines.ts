import Decimal from 'decimal.js'
import { AppError } from '@shared/errors'
import type { DeliveredLine } from '../api/bookingsApi'
import type { ServiceShipment } from '../api/serviceShipment'
import type { StoredDeliver } from './outbox/bookingPayloads'

/**
 * What was counted per item and lot (the dispatch screen's lines) as the service takes it: one
 * delivered quantity per movement. A count fills its item and lot's movements in order; a count
 * without a lot (a line booked here before the service chose its lot) fills the item's movements
 * of any lot, after the counts that name one. A movement nobody counted here, or a count the
 * service's lines cannot hold, means the booking changed there: a conflict, never a guess.
 */
type Movement = ServiceShipment['movements'][number]
type Counted = NonNullable<StoredDeliver['delivered']>

const covers = (c: Counted[number], m: Movement) => c.item_id === m.item_id && (c.lot_id === null || c.lot_id === m.lot_id)

export function deliveredPerMovement(movements: readonly Movement[], counted: Counted | undefined): DeliveredLine[] {
  const ids = movements.map((m) => {
    if (m.id === null) throw new AppError('bad_response', { detail: 'a line of the shipment in transit has no id' })
    return m.id
  })
  if (!counted) return movements.map((m, i) => ({ id: ids[i] as number, delivered_quantity: new Decimal(m.booked_quantity).toString() }))
  const room = movements.map((m) => new Decimal(m.booked_quantity))
  const given = movements.map(() => new Decimal(0))
  const counts = movements.map(() => false)
  const namedLotsFirst = [...counted].sort((a, b) => Number(a.lot_id === null) - Number(b.lot_id === null))
  for (const c of namedLotsFirst) {
    let rest = new Decimal(c.delivered_quantity)
    movements.forEach((m, i) => {
      if (!covers(c, m)) return
      counts[i] = true
      const take = Decimal.min(room[i] as Decimal, rest)
      room[i] = (room[i] as Decimal).minus(take)
      given[i] = (given[i] as Decimal).plus(take)
      rest = rest.minus(take)
    })
    if (rest.gt(0)) throw new AppError('conflict', { detail: 'more was counted than the shipment books on the service' })
  }
  if (counts.includes(false)) throw new AppError('conflict', { detail: 'the shipment has a line that was not counted here' })
  return movements.map((_, i) => ({ id: ids[i] as number, delivered_quantity: (given[i] as Decimal).toString() }))
}

/** The service's delivered quantities are the ones this count sends (read back after a lost answer). */
export function deliveredAsCounted(movements: readonly Movement[], counted: Counted): boolean {
  let sent: DeliveredLine[]
  try {
    sent = deliveredPerMovement(movements, counted)
  } catch {
    return false
  }
  return movements.every((m, i) => new Decimal(m.delivered_quantity ?? 0).equals(sent[i]?.delivered_quantity ?? 0))
}
