import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unknownRestColumns } from '@core/api/bundleColumnsRest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { writeBundleRows } from '@core/cache/catalogueRowWrites'
import { writeListedColumns, type Batches } from '@core/cache/listedColumns'
import { entityMigrations } from '@core/cache/migrations'
import { RestColumnsTable } from '@core/cache/restColumnsTable'
import { tempDirInTest } from '../../../support/tempDir'
import { serviceBundle } from './serviceBundle'

// A snapshot whose full pull's REST list was cut has the bundles' REST columns unknown (their barcodes among them):
// a routine pull reads the list alone and puts its columns into the live bundles.

const listed = (ean13: string) => ({ ...unknownRestColumns, ean13, sellable: true, category_bundle: true, weight: 2.5 })

describe("the REST list's columns put into the live bundles", () => {
  it('gives each listed bundle its barcode (found by its search words), flags and record; leaves the rest as they were', async () => {
    const db = openMigrated(join(tempDirInTest('mostrador-listed-'), 'e.sqlite'), entityMigrations)
    // 2 was just read whole from its REST show (newer than the list); 3 the list left out.
    const fresh = serviceBundle(2, listed('7400000000022'))
    db.transaction(() => [serviceBundle(1), fresh, serviceBundle(3)].forEach((b) => writeBundleRows(db, b)))()
    const list = new RestColumnsTable(db)
    list.open()
    list.keep([
      { id: 1, columns: listed('7400000000011') },
      { id: 2, columns: listed('7400000000099') },
    ])
    const batches: Batches = {
      one: async (write) => db.transaction(write)(),
      each: async (rows, most, write) => {
        for (let at = 0; at < rows.length; at += most) db.transaction(() => write(rows.slice(at, at + most)))()
      },
    }
    await writeListedColumns(db, batches, new Set([2]))

    const found = (word: string) =>
      db.prepare<[string], number>('SELECT rowid FROM bundle_fts WHERE bundle_fts MATCH ? ORDER BY rowid').pluck().all(`"${word}"`)
    expect(found('7400000000011')).toEqual([1])
    expect(found('7400000000022')).toEqual([2])
    expect(found('7400000000099')).toEqual([])
    // Its other words are still there.
    expect(found('KIT')).toEqual([1, 2, 3])
    expect(found('feria')).toEqual([1, 2, 3])
    expect(db.prepare('SELECT id, ean13, category_bundle FROM bundles ORDER BY id').all()).toEqual([
      { id: 1, ean13: '7400000000011', category_bundle: 1 },
      { id: 2, ean13: '7400000000022', category_bundle: 1 },
      { id: 3, ean13: null, category_bundle: 0 },
    ])
    const record = (id: number) =>
      JSON.parse(db.prepare<[number], string>('SELECT record FROM bundle_records WHERE id = ?').pluck().get(id)!)
    expect(record(1)).toMatchObject({ code: 'KIT-1', ean13: '7400000000011', sellable: true, weight: 2.5, tags: ['feria'] })
    expect(record(3)).toMatchObject({ ean13: null, sellable: false })
    db.close()
  })
})
