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
/** A service may change (an upgrade that stops keeping the memo): what it keeps is checked again after a day. */
const RECHECK_MS = 24 * 60 * 60 * 1000
const stored = z.object({ kept: z.boolean(), seenAt: z.string() })

export class MarkerEcho {
  constructor(private readonly db: Sqlite) {}

  state(): MarkerEchoState {
    const seen = readDocumentAs(this.db, key, stored)
    return seen === null ? 'unknown' : seen.kept ? 'kept' : 'dropped'
  }

  /** Kept, as learnt within the last day (either way on a clock set back or forth since). */
  freshlyKept(now: Date): boolean {
    const seen = readDocumentAs(this.db, key, stored)
    return seen?.kept === true && Math.abs(now.getTime() - Date.parse(seen.seenAt)) < RECHECK_MS
  }

  note(kept: boolean, now: Date): void {
    writeDocument(this.db, key, { kept, seenAt: now.toISOString() }, now)
  }
}
