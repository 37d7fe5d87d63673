import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueStore } from '@core/cache/catalogueStore'
import { SEARCH_CAP, ftsExpression } from '@core/cache/bundleSearch'
import type { ServiceBundleWithDetails } from '@core/cache/catalogueRowWrites'
import { entityMigrations } from '@core/cache/migrations'
import type { ServiceBundle } from '@core/api/bundlesApi'
import { serviceBundle } from '../../../support/fakeApi/bundlesFake'
import { tempDirInTest } from '../../../support/tempDir'

function bundle(id: number, code: string, name: string, extra: Partial<ServiceBundle> = {}): ServiceBundle {
  const { bundle_details: _details, ...record } = serviceBundle(id, { code, name })
  return { ...record, entity_id: 1, bundle_details_count: 1, ...extra }
}

/** The service's record with its components, as the REST show gives it. */
function withDetails(b: ServiceBundle, details: ServiceBundleWithDetails['bundle_details']): ServiceBundleWithDetails {
  return { ...b, bundle_details: details }
}

function store() {
  const db = openMigrated(join(tempDirInTest('mostrador-store-'), 'e.sqlite'), entityMigrations)
  db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(1, 9, 10)
  db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(2, 9, 3)
  const s = new CatalogueStore(db, () => 9)
  s.upsertBundle(
    withDetails(bundle(1, 'CAJA-10', 'Caja de tornillos', { ean13: '7401234567895', tags: ['ferretería'] }), [
      { id: 11, item_id: 1, quantity: '2' },
      { id: 12, item_id: 2, quantity: '1.5' },
    ]),
  )
  s.upsertBundle(withDetails(bundle(2, 'CAJA-1', 'Cajón de herramientas', { active: false }), [{ id: 21, item_id: 1, quantity: '3' }]))
  s.upsertBundle(withDetails(bundle(3, 'KIT-7401', 'Kit pintura', { tags: ['oferta'] }), [{ id: 31, item_id: 3, quantity: '1' }]))
  s.upsertBundle(withDetails(bundle(4, 'DYN-1', 'Surtido de tornillería', { category_bundle: true, bundle_details_count: 0 }), []))
  return s
}

describe('searching the cached catalogue', () => {
  it('lists a bundle whose kept tags no longer read (a damaged row) with none, instead of failing the search', () => {
    const s = store()
    s.db.prepare('UPDATE bundles SET tags = ? WHERE id = ?').run('["ferreter', 1)
    s.db.prepare('UPDATE bundles SET tags = ? WHERE id = ?').run('{"oferta": 1}', 3)
    expect(s.search({ query: '' }).rows.map((r) => [r.id, r.tags])).toEqual([
      [2, []],
      [1, []],
      [4, []],
      [3, []],
    ])
  })

  it('ranks the exact barcode or code first, then code prefixes, barcode prefixes and words', () => {
    const s = store()
    expect(s.search({ query: '7401234567895' }).rows.map((r) => r.id)).toEqual([1])
    expect(s.search({ query: 'caja-1' }).rows.map((r) => r.id)).toEqual([2, 1])
    expect(s.search({ query: '7401' }).rows.map((r) => r.id)).toEqual([1, 3])
    expect(s.search({ query: 'tornill' }).rows.map((r) => r.id)).toEqual([1, 4])
    expect(s.search({ query: 'CAJON' }).rows.map((r) => r.id)).toEqual([2])
  })

  it("lists a word's matches by code, whatever their ids and letters' case", () => {
    const s = store()
    s.upsertBundle(withDetails(bundle(5, 'zeta-1', 'Tornillo largo'), []))
    s.upsertBundle(withDetails(bundle(6, 'ALFA-2', 'Tornillo corto'), []))
    s.upsertBundle(withDetails(bundle(7, 'beta-3', 'tornillo fino'), []))
    expect(s.search({ query: 'tornill' }).rows.map((r) => r.code)).toEqual(['ALFA-2', 'beta-3', 'CAJA-10', 'DYN-1', 'zeta-1'])
    expect(s.search({ query: '7401' }).rows.map((r) => r.code)).toEqual(['CAJA-10', 'KIT-7401'])
  })

  it('filters by tag and active flag; an empty query lists everything by code', () => {
    const s = store()
    expect(s.search({ tag: 'oferta' }).rows.map((r) => r.code)).toEqual(['KIT-7401'])
    expect(s.search({ active: 'inactive' }).rows.map((r) => r.code)).toEqual(['CAJA-1'])
    expect(s.search({ query: 'caja', active: 'active' }).rows.map((r) => r.code)).toEqual(['CAJA-10'])
    expect(s.search({})).toMatchObject({ total: 4, truncated: false })
    expect(s.search({}).rows.map((r) => r.code)).toEqual(['CAJA-1', 'CAJA-10', 'DYN-1', 'KIT-7401'])
  })

  it('computes availability as the minimum of whole stock ÷ quantity; none for dynamic bundles', () => {
    const s = store()
    const byId = new Map(s.search({}).rows.map((r) => [r.id, r.available]))
    expect(byId.get(1)).toBe(2) // min(⌊10 ÷ 2⌋, ⌊3 ÷ 1.5⌋)
    expect(byId.get(2)).toBe(3)
    expect(byId.get(3)).toBe(0) // no stock of its item
    expect(byId.get(4)).toBeNull()
  })

  it('lists at most SEARCH_CAP matches and says so', () => {
    const s = store()
    for (let i = 0; i < SEARCH_CAP + 5; i++)
      s.upsertBundle(withDetails(bundle(100 + i, `MASS-${String(i).padStart(4, '0')}`, 'Masivo'), []))
    const res = s.search({ query: 'mass', limit: 500 })
    expect(res).toMatchObject({ total: SEARCH_CAP, truncated: true })
    expect(res.rows[0]!.code).toBe('MASS-0000')
    expect(s.search({ query: 'mass', offset: SEARCH_CAP - 10, limit: 50 }).rows).toHaveLength(10)
  })

  it('removes a bundle from every index', () => {
    const s = store()
    s.removeBundle(1)
    expect(s.search({ query: 'tornill' }).rows.map((r) => r.id)).toEqual([4])
    expect(s.bundle(1)).toBeNull()
    expect(s.tags().map((t) => t.tag)).toEqual(['oferta'])
  })

  it('turns what a clerk types into a safe FTS expression', () => {
    expect(ftsExpression('Caja "de" tor*')).toBe('"caja"* AND "de"* AND "tor"*')
    expect(ftsExpression('--- ')).toBeNull()
  })
})

describe('the codes read ahead for the counter', () => {
  /** Items 1–3 in stock at agency 9 (item 2 without a barcode), item 4 without stock there, item 5 with stock elsewhere only. */
  function stocked() {
    const s = store()
    const item = s.db.prepare('INSERT INTO items (id, code, name, ean13, active) VALUES (?, ?, ?, ?, 1)')
    item.run(1, 'ART-1', 'Tornillo', '7400000000011')
    item.run(2, 'ART-2', 'Tuerca', null)
    item.run(3, 'ART-3', 'Pintura', '7400000000035')
    item.run(4, 'ART-4', 'Sin existencias', null)
    item.run(5, 'ART-5', 'En otra agencia', null)
    s.db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(3, 9, 1)
    s.db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(4, 9, 0)
    s.db.prepare('INSERT INTO stock VALUES (?, ?, ?)').run(5, 8, 4)
    return s
  }
  const items = [['7400000000011', 'ART-1'], ['ART-2'], ['7400000000035', 'ART-3']]
  const bundles = [['7401234567895', 'CAJA-10'], ['CAJA-1'], ['KIT-7401']]
  const all = [...items, ...bundles, ['ART-4'], ['ART-5']]

  it("are the items in stock at the agency, the static bundles, then the other items, each entry's barcode first; never a dynamic bundle", () => {
    expect(stocked().scanCodes(9, 0, 100, 100)).toEqual(all)
  })

  it('come page by page across the items and the bundles, without a gap or a repeat, and stop at the cap', () => {
    const s = stocked()
    for (const limit of [1, 2, 4, 5]) {
      const pages: string[][] = []
      for (let offset = 0; offset < 10; offset += limit) pages.push(...s.scanCodes(9, offset, limit, 100))
      expect(pages, `pages of ${limit}`).toEqual(all)
    }
    expect([...s.scanCodes(9, 0, 2, 4), ...s.scanCodes(9, 2, 2, 4), ...s.scanCodes(9, 4, 2, 4)]).toEqual(all.slice(0, 4))
  })

  it('are the bundles, then every item, for a user without an agency', () => {
    expect(stocked().scanCodes(null, 0, 100, 100)).toEqual([...bundles, ...items, ['ART-4'], ['ART-5']])
  })
})
