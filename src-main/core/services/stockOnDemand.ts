import type { AgencyStock, ItemStock } from '@shared/counter'
import { readItemsStock } from '../api/catalogueChanges'
import { olderThan } from '../cache/clockStamp'
import type { EntityCache } from './entityCaches'
import type { ActiveSession } from './sessionService'

/** Figures read longer ago than a routine pull's interval came with the daily full pull: read again when asked for. */
export const STOCK_ON_DEMAND_AFTER_MS = 10 * 60_000
/** How long a screen waits for them before it shows the kept ones, with their age. */
export const STOCK_ON_DEMAND_WAIT_MS = 3000

const byName = (a: AgencyStock, b: AgencyStock) => a.agencyName.localeCompare(b.agencyName)

/**
 * Items' stock by agency as a screen asks for it: the cache's figures, or the service's own now for the items some of
 * whose figures are older than a routine pull (a routine pull reads the station's agencies; the others, a day old at
 * most, are read when asked for), all of them in one read. Not kept: an agency's figures share one read time in the
 * cache, and a few items read afresh would not make its others so. Offline, slow or refused, the kept figures come as
 * they are, with their age. Each of `agencyIds` (the agencies the screen shows) comes for each item: where the cache holds
 * none of it there, as 0 as of that agency's last read, so a 0 older than a routine pull is read again too.
 */
export async function stockOnDemand(
  cache: EntityCache,
  session: ActiveSession,
  itemIds: readonly number[],
  now: () => Date,
  agencyIds: readonly number[] = [],
): Promise<ItemStock[]> {
  const offsetMs = session.clock.offsetMs()
  const names = new Map(cache.store.agencies().map((a) => [a.id, a.name]))
  const noneHeld = noneHeldAt(cache, agencyIds, names, offsetMs)
  const kept = new Map(itemIds.map((itemId) => [itemId, withNoneHeld(cache.store.stockByAgency(itemId, offsetMs), noneHeld)]))
  const answer = (): ItemStock[] => itemIds.map((itemId) => ({ itemId, agencies: kept.get(itemId)! }))
  const old = [...kept].filter(
    ([, agencies]) => agencies.length === 0 || agencies.some((s) => olderThan(s.readAt, now(), STOCK_ON_DEMAND_AFTER_MS)),
  )
  if (old.length === 0) return answer()
  let read: Map<number, Map<number, number>>
  try {
    read = await readItemsStock(
      session.graphql,
      old.map(([itemId]) => itemId),
      AbortSignal.timeout(STOCK_ON_DEMAND_WAIT_MS),
    )
  } catch {
    return answer()
  }
  const readAt = now().toISOString()
  for (const [itemId, agencies] of old) {
    const byAgency = read.get(itemId) ?? new Map<number, number>()
    // An agency the cache had figures for and the service now has no lot row at: none there now.
    const agencyIds = new Set([...agencies.map((s) => s.agencyId), ...byAgency.keys()])
    const fresh = [...agencyIds].map((agencyId): AgencyStock => ({
      agencyId,
      agencyName: names.get(agencyId) ?? `#${agencyId}`,
      available: byAgency.get(agencyId) ?? 0,
      readAt,
    }))
    kept.set(itemId, fresh.sort(byName))
  }
  return answer()
}

/** The figure of each of `agencyIds` that holds none of an item: 0, as of that agency's last stock read. */
function noneHeldAt(cache: EntityCache, agencyIds: readonly number[], names: Map<number, string>, offsetMs: number | null): AgencyStock[] {
  if (agencyIds.length === 0) return []
  const readAt = cache.store.stockReadTimes(offsetMs)
  return agencyIds.map((agencyId): AgencyStock => ({
    agencyId,
    agencyName: names.get(agencyId) ?? `#${agencyId}`,
    available: 0,
    readAt: readAt.get(agencyId) ?? null,
  }))
}

function withNoneHeld(held: AgencyStock[], noneHeld: readonly AgencyStock[]): AgencyStock[] {
  const missing = noneHeld.filter((n) => !held.some((s) => s.agencyId === n.agencyId))
  return missing.length === 0 ? held : [...held, ...missing].sort(byName)
}
