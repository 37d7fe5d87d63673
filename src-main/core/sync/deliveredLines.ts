import Decimal from 'decimal.js'
import { AppError } from '@shared/errors'
import type { DeliveredLine, ServiceShipment } from '../api/bookingsApi'
import type { StoredDeliver } from './outbox/bookingPayloads'

/**
 * What was counted per item and lot (the dispatch screen's lines) as the service takes it: one
 * delivered quantity per movement. A count fills its item and lot's movements in order; a movement
 * nobody counted here, or a count the service's lines cannot hold, means the booking changed there.
 */
type Movement = ServiceShipment['movements'][number]
type Counted = NonNullable<StoredDeliver['delivered']>

const keyOf = (itemId: number, lotId: number | null) => `${itemId}:${lotId ?? '-'}`

function countedByKey(counted: Counted): Map<string, Decimal> {
  const left = new Map<string, Decimal>()
  for (const c of counted) {
    const key = keyOf(c.item_id, c.lot_id)
    left.set(key, (left.get(key) ?? new Decimal(0)).plus(c.delivered_quantity))
  }
  return left
}

export function deliveredPerMovement(movements: readonly Movement[], counted: Counted | undefined): DeliveredLine[] {
  const left = counted ? countedByKey(counted) : null
  const lines = movements.map((m): DeliveredLine => {
    if (m.id === null) throw new AppError('bad_response', { detail: 'a line of the shipment in transit has no id' })
    const booked = new Decimal(m.booked_quantity)
    if (!left) return { id: m.id, delivered_quantity: booked.toString() }
    const key = keyOf(m.item_id, m.lot_id)
    const rest = left.get(key)
    if (rest === undefined) throw new AppError('conflict', { detail: 'the shipment has a line that was not counted here' })
    const take = Decimal.min(booked, rest)
    left.set(key, rest.minus(take))
    return { id: m.id, delivered_quantity: take.toString() }
  })
  if (left && [...left.values()].some((v) => v.gt(0)))
    throw new AppError('conflict', { detail: 'more was counted than the shipment books on the service' })
  return lines
}

/** The service's delivered quantities are the counted ones, item and lot by item and lot. */
export function deliveredAsCounted(movements: readonly Movement[], counted: Counted): boolean {
  const wanted = countedByKey(counted)
  const seen = new Map<string, Decimal>()
  for (const m of movements) {
    const key = keyOf(m.item_id, m.lot_id)
    seen.set(key, (seen.get(key) ?? new Decimal(0)).plus(m.delivered_quantity ?? 0))
  }
  const keys = new Set([...wanted.keys(), ...seen.keys()])
  return [...keys].every((k) => (wanted.get(k) ?? new Decimal(0)).equals(seen.get(k) ?? 0))
}
