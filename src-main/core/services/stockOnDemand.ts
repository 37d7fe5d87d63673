import type { AgencyStock } from '@shared/counter'
import { readItemStock } from '../api/catalogueChanges'
import { olderThan } from '../cache/clockStamp'
import type { EntityCache } from './entityCaches'
import type { ActiveSession } from './sessionService'

/** Figures read longer ago than a routine pull's interval came with the daily full pull: read again when asked for. */
export const STOCK_ON_DEMAND_AFTER_MS = 10 * 60_000
/** How long a screen waits for them before it shows the kept ones, with their age. */
export const STOCK_ON_DEMAND_WAIT_MS = 3000

/**
 * An item's stock by agency as a screen asks for it: the cache's figures, or the service's own now when some of them
 * are older than a routine pull (a routine pull reads the station's agencies; the others, a day old at most, are read
 * when asked for). Not kept: an agency's figures share one read time in the cache, and one item read afresh would not
 * make its others so. Offline, slow or refused, the kept figures come as they are, with their age.
 */
export async function stockOnDemand(cache: EntityCache, session: ActiveSession, itemId: number, now: () => Date): Promise<AgencyStock[]> {
  const kept = cache.store.stockByAgency(itemId, session.clock.offsetMs())
  if (kept.length > 0 && !kept.some((s) => olderThan(s.readAt, now(), STOCK_ON_DEMAND_AFTER_MS))) return kept
  let read: Map<number, number>
  try {
    read = await readItemStock(session.graphql, itemId, AbortSignal.timeout(STOCK_ON_DEMAND_WAIT_MS))
  } catch {
    return kept
  }
  const readAt = now().toISOString()
  const names = new Map(cache.store.agencies().map((a) => [a.id, a.name]))
  // An agency the cache had figures for and the service now has no lot row at: none there now.
  const agencies = new Set([...kept.map((s) => s.agencyId), ...read.keys()])
  return [...agencies]
    .map((agencyId): AgencyStock => ({
      agencyId,
      agencyName: names.get(agencyId) ?? `#${agencyId}`,
      available: read.get(agencyId) ?? 0,
      readAt,
    }))
    .sort((a, b) => a.agencyName.localeCompare(b.agencyName))
}
