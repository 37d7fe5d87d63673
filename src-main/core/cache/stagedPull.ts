import { z } from 'zod'
import type { Sqlite } from '@base/sqlite'
import { parsedJson } from './cacheDatabase'
import { forgetMeta, readMeta, writeMeta } from './catalogueMarks'
import { catalogueTables, type CatalogueTable } from './migrations'

/**
 * Where a full pull the line cut had got to, so that the next try goes on from there: on a line that keeps dropping,
 * a pull that starts from nothing at each try may never end, and a new station would never get a catalogue. Kept in
 * the cache's meta beside the `next_` tables it speaks for, written in each staged batch's own transaction.
 *
 * Items, lots, stock and bundles come in id order and go on after their last staged row. A bundle staged before a cut
 * may change before the next try: the next asks for those changed since the newest it staged (bundlesSeen.ts' margin
 * before it) and stages them again (stagedBundlesRead.ts). The reference tables are small and read at every try, and
 * so is the REST list: its columns of the bundles kept are those of the try that staged them.
 */
export const resumedTables = ['items', 'lots', 'lot_stocks', 'bundles'] as const
export type ResumedTable = (typeof resumedTables)[number]
/** Staged tables read again at every try: the reference tables (small), and the stock's sums (of every lot staged). */
const readAtEveryTry = new Set<CatalogueTable>(['item_categories', 'agencies', 'stock'])
/** The `next_` tables kept for a resumed try: the resumed tables' rows, the bundles' parts and the search words. */
export const keptStagedTables = catalogueTables.filter((t) => !readAtEveryTry.has(t))

/** Staged rows older than this are dropped, not resumed: the snapshot would be as old as its first try. */
export const RESUME_WITHIN_MS = 6 * 3_600_000

const key = 'catalogue_staged_pull'

const stagedPull = z.object({
  /** The cache's schema version (`user_version`) the rows were staged in. */
  schema: z.number(),
  /** This computer's clock at the first try. */
  begunAt: z.string(),
  /** Whether the items were read with their barcodes, the bundles with their tags: a try that reads them otherwise starts afresh. */
  itemBarcodes: z.boolean(),
  bundleTags: z.boolean(),
  /** Who read them (the account's email): another user's role may see other rows, or fewer. */
  reader: z.string(),
  /** The last id staged of each table (0: none yet). */
  after: z.object({ items: z.number(), lots: z.number(), lot_stocks: z.number(), bundles: z.number() }),
  /** Whether every bundle staged has the REST list's columns (each try that staged some read the list whole). */
  bundlesListed: z.boolean(),
  /** When the stock's read began, in the first try that read it: what is staged is at least that old. */
  stockStamp: z.object({ at: z.string(), offsetMs: z.number().nullable() }).nullable(),
})
export type StagedPull = z.infer<typeof stagedPull>
export type PullShape = Pick<StagedPull, 'itemBarcodes' | 'bundleTags' | 'reader'>

const schemaVersion = (db: Sqlite) => db.pragma('user_version', { simple: true }) as number

/** A first try's point: nothing staged yet. */
export function freshPoint(db: Sqlite, shape: PullShape, now: Date): StagedPull {
  return {
    schema: schemaVersion(db),
    begunAt: now.toISOString(),
    ...shape,
    after: { items: 0, lots: 0, lot_stocks: 0, bundles: 0 },
    bundlesListed: true,
    stockStamp: null,
  }
}

/**
 * The point a failed try left, if the next may go on from it: the same schema, shape and reader, begun less than
 * `RESUME_WITHIN_MS` ago (and not later than now: a clock set back since cannot tell the age), its tables still there.
 */
export function keptPoint(db: Sqlite, shape: PullShape, now: Date): StagedPull | null {
  const raw = readMeta(db, key)
  const parsed = stagedPull.safeParse(raw === null ? undefined : parsedJson(raw))
  if (!parsed.success) return null
  const point = parsed.data
  const age = now.getTime() - Date.parse(point.begunAt)
  if (!(age >= 0 && age < RESUME_WITHIN_MS)) return null
  if (point.schema !== schemaVersion(db)) return null
  if (point.itemBarcodes !== shape.itemBarcodes || point.bundleTags !== shape.bundleTags) return null
  // An e-mail in other letters that the service signed in is the same account, read under the same role.
  if (point.reader.toLowerCase() !== shape.reader.toLowerCase()) return null
  const present = db
    .prepare<[], number>(
      `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (${keptStagedTables.map((t) => `'next_${t}'`).join(', ')})`,
    )
    .pluck()
    .get()
  return present === keptStagedTables.length ? point : null
}

/** Writes the point (inside the staged batch's transaction that got it there). */
export function markPoint(db: Sqlite, point: StagedPull): void {
  writeMeta(db, key, JSON.stringify(point))
}

/** Forgets the point: its rows went into the snapshot, or were dropped. */
export function forgetPoint(db: Sqlite): void {
  forgetMeta(db, key)
}
