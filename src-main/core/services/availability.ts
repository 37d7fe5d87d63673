import { netAvailable } from '@shared/bookingLines'
import type { LotOption } from '@shared/counter'
import type { EntityCache } from './entityCaches'

/**
 * What is available of an item at an agency, the one figure behind the over-stock warning: the cached
 * stock (0 for an item the catalogue knows without stock there; null for an item it does not know) minus
 * what this computer booked there that the service has not confirmed (`unsent_booked`, kept by triggers).
 * The counter's scan hands it to the screen and the save warns against it, through the same shared rule
 * (src-shared/bookingLines/stockWarnings.ts): screen and save cannot disagree.
 */
export function netOfUnsent<R extends { id: number; available: number | null }>(
  cache: EntityCache,
  agencyId: number | null,
  rows: readonly R[],
): R[] {
  if (agencyId === null || rows.length === 0) return [...rows]
  const unsent = cache.outbox.unsentBooked(agencyId, [...new Set(rows.map((r) => r.id))])
  return rows.map((r) => (unsent.has(r.id) ? { ...r, available: netAvailable(r.available, unsent.get(r.id)) } : r))
}

/** The net figure of each item at an agency (see netOfUnsent), for the save's warning. */
export function availableAt(cache: EntityCache, agencyId: number, itemIds: readonly number[]): Map<number, number | null> {
  const known = itemIds.flatMap((id) => {
    const item = cache.store.item(id, agencyId)
    return item ? [{ id, available: item.available }] : []
  })
  const net = new Map(netOfUnsent(cache, agencyId, known).map((r) => [r.id, r.available]))
  return new Map(itemIds.map((id) => [id, net.get(id) ?? null]))
}

/**
 * The lots of each item at an agency with their figures net of unsent bookings, as the line shows the
 * chosen lot's and the save warns against it (src-shared/bookingLines/stockWarnings.ts, lotStockWarnings).
 * Only items with an unsent figure cost the lots' sum: most scans read no booking.
 */
export function lotsAt(cache: EntityCache, agencyId: number, itemIds: readonly number[]): Map<number, LotOption[]> {
  const ids = [...new Set(itemIds)]
  const withUnsent = [...cache.outbox.unsentBooked(agencyId, ids).keys()]
  const unsent = cache.store.unsentByLot(agencyId, withUnsent)
  return new Map(
    ids.map((id) => [
      id,
      cache.store
        .lotsAt(id, agencyId)
        .map((lot) => (unsent.has(lot.id) ? { ...lot, available: netAvailable(lot.available, unsent.get(lot.id))! } : lot)),
    ]),
  )
}

/** Each lot's net figure at an agency (see lotsAt), for the save's warning; null for a lot with no figure here. */
export function lotAvailableAt(
  cache: EntityCache,
  agencyId: number,
  lines: readonly { itemId: number; lotId: number | null }[],
): (lotId: number) => number | null {
  const onLots = lines.filter((l) => l.lotId !== null)
  const figures = new Map(
    [
      ...lotsAt(
        cache,
        agencyId,
        onLots.map((l) => l.itemId),
      ).values(),
    ]
      .flat()
      .map((l) => [l.id, l.available]),
  )
  return (lotId) => figures.get(lotId) ?? null
}
