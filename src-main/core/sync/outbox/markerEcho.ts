import { z } from 'zod'
import { readDocumentAs, writeDocument } from '../../cache/cacheDatabase'
import type { Sqlite } from '@base/sqlite'

/**
 * Whether this service keeps the marker a create writes into the booking's memo, learnt from its own
 * answers. Where it is kept, a lost create the service does not show by its marker is not there and
 * goes again; where it is dropped or not known yet, a look-alike is neither taken nor ignored but held
 * for the clerk (bookingReconcile.ts).
 */
export type MarkerEchoState = 'kept' | 'dropped' | 'unknown'

const key = 'service.markerEcho'
const stored = z.object({ kept: z.boolean(), seenAt: z.string() })

export class MarkerEcho {
  constructor(private readonly db: Sqlite) {}

  state(): MarkerEchoState {
    const seen = readDocumentAs(this.db, key, stored)
    return seen === null ? 'unknown' : seen.kept ? 'kept' : 'dropped'
  }

  note(kept: boolean, now: Date): void {
    writeDocument(this.db, key, { kept, seenAt: now.toISOString() }, now)
  }
}
