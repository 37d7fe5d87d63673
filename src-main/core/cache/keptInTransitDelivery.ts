import { z } from 'zod'
import { readDocumentAs, writeDocument } from './cacheDatabase'
import type { Sqlite } from '@base/sqlite'

/**
 * How this server delivers a shipment in transit whole, learnt from its first answer and kept for the
 * account (account.sqlite): 'transits' where the interface's deliver.json refused one (the real service,
 * as its documentation says), 'deliverPath' where deliver.json took it (the sandbox with its extensions).
 * A short delivery always goes through the transits: no other path takes quantities.
 */
export type InTransitDelivery = 'transits' | 'deliverPath'

const key = 'service.inTransitDelivery'
const stored = z.object({ route: z.enum(['transits', 'deliverPath']), seenAt: z.string() })

export function keptInTransitDelivery(db: Sqlite): InTransitDelivery | null {
  return readDocumentAs(db, key, stored)?.route ?? null
}

export function keepInTransitDelivery(db: Sqlite, route: InTransitDelivery, now: Date): void {
  writeDocument(db, key, { route, seenAt: now.toISOString() }, now)
}
