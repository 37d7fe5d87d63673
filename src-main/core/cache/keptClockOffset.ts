import { z } from 'zod'
import { readDocumentAs, writeDocument } from './cacheDatabase'
import type { Sqlite } from '@base/sqlite'

/** The service's clock minus the computer's, as last measured for this account (account.sqlite). */
const key = 'service.clockOffset'
const stored = z.object({ offsetMs: z.number().int(), measuredAt: z.string() })

export function keptClockOffset(db: Sqlite): number | null {
  return readDocumentAs(db, key, stored)?.offsetMs ?? null
}

export function keepClockOffset(db: Sqlite, offsetMs: number, now: Date): void {
  writeDocument(db, key, { offsetMs, measuredAt: now.toISOString() }, now)
}
