import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueStore } from '@core/cache/catalogueStore'
import { entityMigrations } from '@core/cache/migrations'
import { serviceBundle } from '../../../support/fakeApi/bundlesFake'
import { tempDirInTest } from '../../../support/tempDir'

/** Step 10 remakes the bundles' word index with 4- and 5-letter prefixes; what a search finds must not change. */
const beforeStep10 = entityMigrations.slice(0, 9)
const queries = ['comb', 'combo', 'Combo de pint', 'pintu', 'ofert', 'torn', 'herramientas', 'CAJA', 'zzzz']

function fill(store: CatalogueStore): void {
  const rows: [number, string, string, string[]][] = [
    [1, 'CAJA-10', 'Caja de tornillos', ['ferretería']],
    [2, 'KIT-7401', 'Combo de pintura', ['oferta']],
    [3, 'KIT-7402', 'Combo de herramientas', []],
    [4, 'SET-1', 'Set de pinturas al óleo', ['oferta', 'arte']],
  ]
  for (const [id, code, name, tags] of rows) {
    const { bundle_details: _details, ...record } = serviceBundle(id, { code, name })
    store.upsertBundle({ ...record, entity_id: 1, bundle_details_count: 0, tags, bundle_details: [] })
  }
}

const found = (store: CatalogueStore) => queries.map((query) => store.search({ query }).rows.map((r) => r.id))

describe('the bundles’ word index, remade by step 10', () => {
  it('finds by a word’s first 4 and 5 letters, and by tags, what the index before it found', () => {
    const file = join(tempDirInTest('mostrador-fts-'), 'e.sqlite')
    const old = openMigrated(file, beforeStep10)
    const before = new CatalogueStore(old, () => null)
    fill(before)
    const expected = found(before)
    old.close()

    const db = openMigrated(file, entityMigrations)
    const after = new CatalogueStore(db, () => null)
    expect(found(after)).toEqual(expected)
    expect(expected).toEqual([[2, 3], [2, 3], [2], [2, 4], [2, 4], [1], [3], [1], []])
    // The rebuilt index keeps up with later writes: a new bundle is found by a 5-letter prefix.
    const { bundle_details: _details, ...record } = serviceBundle(5, { code: 'KIT-9', name: 'Combinado escolar' })
    after.upsertBundle({ ...record, entity_id: 1, bundle_details_count: 0, tags: [], bundle_details: [] })
    expect(after.search({ query: 'combi' }).rows.map((r) => r.id)).toEqual([5])
    db.close()
  })
})
