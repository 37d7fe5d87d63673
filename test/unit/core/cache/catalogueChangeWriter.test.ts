import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '@base/sqlite'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueChangeWriter, type CatalogueChanges } from '@core/cache/catalogueChangeWriter'
import { pulledAt } from '@core/cache/catalogueMarks'
import { entityMigrations } from '@core/cache/migrations'
import { tempDirInTest } from '../../../support/tempDir'
import { serviceBundle } from './serviceBundle'

// A routine pull's write into the live catalogue lets the counter's saves in between its batches: in one transaction,
// a save waited for all of it (965 ms after 1,000 bundles changed on the large seed).
function changes(bundles: number): CatalogueChanges {
  return {
    reference: { item_categories: [], agencies: [{ id: 9, name: 'Central', agency_category_id: null, active: true }] },
    newItems: [{ id: 1, code: 'IT-1', name: 'Tornillo', ean13: null, measurement_unit: null, item_category_id: null, active: true }],
    newLots: [{ id: 5, item_id: 1, name: null, expires: null }],
    ids: { items: new Set([1]), lots: new Set([5]), bundles: new Set(Array.from({ length: bundles }, (_, n) => n + 1)) },
    bundles: Array.from({ length: bundles }, (_, n) => serviceBundle(n + 1)),
    stock: new Map([[9, [{ lot_id: 5, available: 4 }]]]),
    bundlesSeenUntil: '2026-11-30T10:00:00.000Z',
    bundlesSeenEdge: [],
    stamp: { at: '2026-11-30T10:01:00.000Z', offsetMs: 0 },
    restColumnsListed: false,
  }
}

/** What another writer saw between the pull's batches, and what the write counted, for bundles costing `msEach` apiece. */
async function writeWatched(bundles: number, msEach: number) {
  const file = join(tempDirInTest('mostrador-changes-'), 'e.sqlite')
  const db = openMigrated(file, entityMigrations)
  // A clerk's save on a connection of its own, that will not wait for the file: it must find the write lock free.
  const clerk = openSqlite(file)
  clerk.pragma('busy_timeout = 0')
  const seen: { bundles: number; pulled: boolean }[] = []
  const beforeBatch = () => {
    clerk.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('clerk', ?)").run(String(seen.length))
    seen.push({ bundles: clerk.prepare<[], number>('SELECT count(*) FROM bundles').pluck().get()!, pulled: pulledAt(clerk) !== null })
  }
  // A clock that runs `msEach` for every bundle written: the pace the batches are sized by, whatever this computer's speed.
  const clock = () => msEach * db.prepare<[], number>('SELECT count(*) FROM bundles').pluck().get()!
  const counts = await new CatalogueChangeWriter(db, beforeBatch, clock).apply(changes(bundles))
  const between = [...new Set(seen.map((s) => s.bundles))]
  const result = { counts, between, pulledBefore: seen.some((s) => s.pulled), pulled: pulledAt(db), db }
  clerk.close()
  return result
}

describe("a routine pull's write", () => {
  it('lets another writer in between its batches, and marks the pull only once all is written', async () => {
    const { counts, pulledBefore, pulled, db } = await writeWatched(250, 0.01)
    expect(counts).toMatchObject({ items: 1, lots: 1, bundles: 250, stockRows: 1 })
    expect(pulledBefore).toBe(false)
    expect(pulled).toEqual({ at: '2026-11-30T10:01:00.000Z', offsetMs: 0 })
    expect(db.prepare('SELECT available FROM stock WHERE item_id = 1 AND agency_id = 9').pluck().get()).toBe(4)
    db.close()
  })

  it("sizes each batch by the last one's pace: slow bundles a few at a time, quick ones up to a hundred", async () => {
    // 2 ms a bundle: ten first (20 ms), then five a batch (10 ms each).
    const slow = await writeWatched(40, 2)
    expect(slow.between).toEqual([0, 10, 15, 20, 25, 30, 35, 40])
    slow.db.close()
    // 0.01 ms a bundle: ten first, then a hundred a batch, the most.
    const quick = await writeWatched(250, 0.01)
    expect(quick.between).toEqual([0, 10, 110, 210, 250])
    quick.db.close()
  })
})
