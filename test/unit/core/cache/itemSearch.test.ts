import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { SEARCH_CAP } from '@core/cache/bundleSearch'
import { ItemSearch } from '@core/cache/itemSearch'
import { entityMigrations } from '@core/cache/migrations'
import { tempDirInTest } from '../../../support/tempDir'

/** A cache holding `items` (id, code, name, barcode) with their search words, and agency 9's stock of item 1. */
function searchOf(items: [number, string, string, string | null][]) {
  const db = openMigrated(join(tempDirInTest('mostrador-items-'), 'e.sqlite'), entityMigrations)
  const item = db.prepare('INSERT INTO items (id, code, name, ean13, active) VALUES (?, ?, ?, ?, 1)')
  const words = db.prepare('INSERT INTO item_fts (rowid, code, name, ean13) VALUES (?, ?, ?, ?)')
  db.transaction(() => {
    for (const [id, code, name, ean13] of items) {
      item.run(id, code, name, ean13)
      words.run(id, code, name, ean13 ?? '')
    }
  })()
  db.prepare('INSERT INTO stock VALUES (1, 9, 12)').run()
  return new ItemSearch(db, () => 9)
}

describe("the bundle editor's item search", () => {
  it('lists the exact code or barcode first, then code prefixes, then words, each by code, with the stock here', () => {
    const search = searchOf([
      [1, 'TOR-2', 'Tornillo largo', '7400000000011'],
      [2, 'tor-10', 'Tornillo corto', null],
      [3, 'ARA-1', 'Arandela para tornillo', null],
      [4, 'TOR', 'Tuerca', null],
      [5, 'CLA-1', 'Clavo', null],
    ])
    expect(search.search('tor', 10).map((i) => i.code)).toEqual(['TOR', 'tor-10', 'TOR-2', 'ARA-1'])
    expect(search.search('7400000000011', 10).map((i) => [i.code, i.available])).toEqual([['TOR-2', 12]])
    expect(search.search('tornillo', 2).map((i) => i.code)).toEqual(['ARA-1', 'tor-10'])
  })

  it('lists a word that matches more than a search reads, its exact code still first', () => {
    const many = Array.from({ length: SEARCH_CAP + 50 }, (_, n): [number, string, string, null] => [
      n + 1,
      `CEM-${1000 + n}`,
      'Cemento gris',
      null,
    ])
    const search = searchOf([...many, [9999, 'GRIS', 'Pintura', null]])
    const found = search.search('gris', 20)
    expect(found).toHaveLength(20)
    expect(found[0]!.code).toBe('GRIS')
    expect(found.slice(1).every((i) => i.name === 'Cemento gris')).toBe(true)
  })
})
