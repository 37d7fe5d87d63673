import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '@base/sqlite'
import { unknownRestColumns } from '@core/api/bundleColumnsRest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueChangeWriter, type CatalogueChanges } from '@core/cache/catalogueChangeWriter'
import { pulledAt } from '@core/cache/catalogueMarks'
import type { ServiceBundleWithDetails } from '@core/cache/catalogueRowWrites'
import { entityMigrations } from '@core/cache/migrations'
import { tempDirInTest } from '../../../support/tempDir'

// A routine pull's write into the live catalogue lets the counter's saves in between its batches: in one transaction,
// a save waited for all of it (965 ms after 1,000 bundles changed on the large seed).
const bundle = (id: number): ServiceBundleWithDetails =>
  Object.assign({}, unknownRestColumns, {
    id,
    code: `KIT-${id}`,
    name: `Caja ${id}`,
    description: null,
    updated_at: '2026-11-30T10:00:00.000Z',
    item_category_id: null,
    active: true,
    bundle_details_count: 1,
    bundle_details: [{ id: id * 10, item_id: 1, quantity: '1' }],
    tags: ['feria'],
  }) as unknown as ServiceBundleWithDetails

function changes(bundles: number): CatalogueChanges {
  return {
    reference: { item_categories: [], agencies: [{ id: 9, name: 'Central', agency_category_id: null, active: true }] },
    newItems: [{ id: 1, code: 'IT-1', name: 'Tornillo', ean13: null, measurement_unit: null, item_category_id: null, active: true }],
    newLots: [{ id: 5, item_id: 1, name: null, expires: null }],
    ids: { items: new Set([1]), lots: new Set([5]), bundles: new Set(Array.from({ length: bundles }, (_, n) => n + 1)) },
    bundles: Array.from({ length: bundles }, (_, n) => bundle(n + 1)),
    stock: new Map([[9, [{ lot_id: 5, available: 4 }]]]),
    bundlesSeenUntil: '2026-11-30T10:00:00.000Z',
    stamp: { at: '2026-11-30T10:01:00.000Z', offsetMs: 0 },
  }
}

describe("a routine pull's write", () => {
  it('lets another writer in between its batches, and marks the pull only once all is written', async () => {
    const file = join(tempDirInTest('mostrador-changes-'), 'e.sqlite')
    const db = openMigrated(file, entityMigrations)
    // A clerk's save on a connection of its own, that will not wait for the file: it must find the write lock free.
    const clerk = openSqlite(file)
    clerk.pragma('busy_timeout = 0')
    const seen: { bundles: number; pulled: boolean }[] = []
    const writer = new CatalogueChangeWriter(db, () => {
      clerk.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('clerk', ?)").run(String(seen.length))
      seen.push({ bundles: clerk.prepare<[], number>('SELECT count(*) FROM bundles').pluck().get()!, pulled: pulledAt(clerk) !== null })
    })
    const counts = await writer.apply(changes(250))
    expect(counts).toMatchObject({ items: 1, lots: 1, bundles: 250, stockRows: 1 })
    // The bundles a hundred at a time, among the others; the marks in the last batch.
    expect(seen.map((s) => s.bundles)).toEqual(expect.arrayContaining([0, 100, 200, 250]))
    expect(seen.every((s) => !s.pulled)).toBe(true)
    expect(pulledAt(db)).toEqual({ at: '2026-11-30T10:01:00.000Z', offsetMs: 0 })
    expect(db.prepare('SELECT available FROM stock WHERE item_id = 1 AND agency_id = 9').pluck().get()).toBe(4)
    clerk.close()
    db.close()
  })
})
