import { z } from 'zod'
import { catalogueCapabilities, type CatalogueCapabilities } from '@shared/catalogue'
import type { Sqlite } from '@base/sqlite'
import { parsedJson } from './cacheDatabase'
import type { ClockStamp } from './clockStamp'
import { preparedOnce } from './preparedStatements'

/**
 * What the catalogue's snapshot remembers of its pulls, in the cache's meta
 * table: when the last full pull ran (this computer's clock: it only decides
 * when the next full pull is due), the newest `updated_at` of a bundle the
 * service has sent (the service's clock: the next routine pull asks for what
 * changed since, never for a time this computer made up), and when the
 * snapshot and each agency's stock were last read (shown to the clerk as their
 * age: stamped with both clocks, clockStamp.ts).
 */

const keys = {
  fullAt: 'catalogue_full_at',
  bundlesSeenUntil: 'catalogue_bundles_seen_until',
  bundlesSeenEdge: 'catalogue_bundles_seen_edge',
  stockReadAt: 'catalogue_stock_read_at',
  pulledAt: 'catalogue_pulled_at',
  pulledOffset: 'catalogue_pulled_offset',
  capabilities: 'catalogue_capabilities',
} as const

// A plain time: kept before the offset was (a cache from an earlier version).
const stockTimes = z.record(
  z.string().regex(/^\d+$/),
  z.union([
    z.string().transform((at): ClockStamp => ({ at, offsetMs: null })),
    z.object({ at: z.string(), offsetMs: z.number().nullable() }),
  ]),
)

// A booking's save reads the marks (the stock's age): prepared once per file.
const metaValue = preparedOnce<[string], string>('SELECT value FROM meta WHERE key = ?')
const setMeta = preparedOnce<[string, string]>('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
const dropMeta = preparedOnce<[string]>('DELETE FROM meta WHERE key = ?')

/** A value of the cache's meta table (null: none); the staged pull's point is kept there too (stagedPull.ts). */
export function readMeta(db: Sqlite, key: string): string | null {
  return metaValue(db).pluck().get(key) ?? null
}

export function writeMeta(db: Sqlite, key: string, value: string): void {
  setMeta(db).run(key, value)
}

export function forgetMeta(db: Sqlite, key: string): void {
  dropMeta(db).run(key)
}

/** When the snapshot was last brought up to date, by a full or a routine pull (null before the first). */
export function pulledAt(db: Sqlite): ClockStamp | null {
  const at = readMeta(db, keys.pulledAt)
  if (at === null) return null
  const offset = Number(readMeta(db, keys.pulledOffset) ?? Number.NaN)
  return { at, offsetMs: Number.isFinite(offset) ? offset : null }
}

/** What the last pull could read (null before the first pull, or for a snapshot taken before this was stored). */
export function pulledCapabilities(db: Sqlite): CatalogueCapabilities | null {
  const raw = readMeta(db, keys.capabilities)
  if (raw === null) return null
  const parsed = catalogueCapabilities.safeParse(parsedJson(raw))
  return parsed.success ? parsed.data : null
}

/** Marks the snapshot brought up to date at `stamp`; a full pull also says what it could read. */
export function markPulled(db: Sqlite, stamp: ClockStamp, capabilities?: CatalogueCapabilities): void {
  writeMeta(db, keys.pulledAt, stamp.at)
  writeMeta(db, keys.pulledOffset, String(stamp.offsetMs))
  if (capabilities) writeMeta(db, keys.capabilities, JSON.stringify(capabilities))
}

export function fullPullAt(db: Sqlite): string | null {
  return readMeta(db, keys.fullAt)
}

export function markFullPull(db: Sqlite, at: string): void {
  writeMeta(db, keys.fullAt, at)
}

/** The newest bundle `updated_at` the service has sent (ISO, its clock), or null before a pull that kept it. */
export function bundlesSeenUntil(db: Sqlite): string | null {
  return readMeta(db, keys.bundlesSeenUntil)
}

/** A bundle read near the newest time seen: its id and the `updated_at` it was read at. */
export type SeenBundle = readonly [id: number, updatedAt: string]

const seenEdge = z.array(z.tuple([z.number().int(), z.string()]))

/** The bundles read within the change margin before the newest time seen (none before a pull that kept them). */
export function bundlesSeenEdge(db: Sqlite): SeenBundle[] {
  const raw = readMeta(db, keys.bundlesSeenEdge)
  const parsed = raw === null ? null : seenEdge.safeParse(parsedJson(raw))
  return parsed?.success ? parsed.data : []
}

/** Keeps the newer of the kept time and `seen` (ISO timestamps of one clock order as text), with its pull's edge. */
export function markBundlesSeen(db: Sqlite, seen: string | null, edge: readonly SeenBundle[]): void {
  const kept = bundlesSeenUntil(db)
  if (seen !== null && (kept === null || seen >= kept)) replaceBundlesSeen(db, seen, edge)
}

/** A full pull's newest: it read every bundle, so it replaces the kept time (one a clock set wrong left goes with it). */
export function replaceBundlesSeen(db: Sqlite, seen: string | null, edge: readonly SeenBundle[]): void {
  if (seen === null) return
  writeMeta(db, keys.bundlesSeenUntil, seen)
  writeMeta(db, keys.bundlesSeenEdge, JSON.stringify(edge))
}

/** When each agency's stock was read, by agency id. */
export function stockReadAt(db: Sqlite): Map<number, ClockStamp> {
  const raw = readMeta(db, keys.stockReadAt)
  if (raw === null) return new Map()
  const times = stockTimes.safeParse(parsedJson(raw))
  return times.success ? new Map(Object.entries(times.data).map(([agency, at]) => [Number(agency), at])) : new Map()
}

/** Records `stamp` for the agencies read; without `keepOthers` the others are forgotten (a full pull read them all). */
export function markStockRead(db: Sqlite, agencies: readonly number[], stamp: ClockStamp, keepOthers: boolean): void {
  const times = keepOthers ? stockReadAt(db) : new Map<number, ClockStamp>()
  for (const agency of agencies) times.set(agency, stamp)
  writeMeta(db, keys.stockReadAt, JSON.stringify(Object.fromEntries(times)))
}
