import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleListJson } from '@sandbox/model/bundleListJson'
import type { BundleRow } from '@sandbox/model/bundles'
import { tagsOfBundle } from '@sandbox/model/bundleTags'
import { bundleJson } from '@sandbox/routes/bundleJson'
import { SandboxStore } from '@sandbox/store/sandboxStore'

let store: SandboxStore
beforeAll(() => {
  store = SandboxStore.open(':memory:')
  // Values the seed does not make: quotes, line breaks, non-ASCII, tiny and large numbers.
  store.db
    .prepare(
      `UPDATE bundles SET name = ?, description = ?, weight = 0.0000001, volume = 123456.789, image3_url = 'https://x.test/a/b/c d.png'
       WHERE id = 3000004`,
    )
    .run('Kit "ñandú" \\ 50%', 'Línea 1\nLínea 2\t— fin')
})
afterAll(() => store.close())

describe('bundleListJson', () => {
  it('renders every bundle exactly as the JS list rendering does', () => {
    for (const entityId of [101, 102]) {
      const texts = bundleListJson(store.statements, entityId, 'http://sandbox.test')
      const rows = store.db.prepare('SELECT * FROM bundles WHERE entity_id = ? ORDER BY id').all(entityId) as BundleRow[]
      expect(texts).toHaveLength(rows.length)
      rows.forEach((row, i) => {
        expect(JSON.parse(texts[i]!), String(row.id)).toEqual(
          bundleJson(row, tagsOfBundle(store.statements, row.id), 'list', 'http://sandbox.test'),
        )
      })
    }
  })

  it('keeps only the bundles carrying a tag', () => {
    const tagId = store.db.prepare("SELECT id FROM tags WHERE entity_id = 101 AND name = 'oferta'").pluck().get() as number
    const ids = bundleListJson(store.statements, 101, 'http://sandbox.test', tagId).map((t) => (JSON.parse(t) as { id: number }).id)
    const expected = store.db.prepare('SELECT bundle_id FROM bundle_taggings WHERE tag_id = ? ORDER BY bundle_id').pluck().all(tagId)
    expect(ids).toEqual(expected)
    expect(ids.length).toBeGreaterThan(10)
  })

  it('leaves out the tags (ours) with the extensions off, still filtering by tag as the spec says', () => {
    const tagId = store.db.prepare("SELECT id FROM tags WHERE entity_id = 101 AND name = 'oferta'").pluck().get() as number
    const withTags = bundleListJson(store.statements, 101, 'http://sandbox.test', tagId).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    )
    const without = bundleListJson(store.statements, 101, 'http://sandbox.test', tagId, false).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    )
    expect(without.map((b) => b.id)).toEqual(withTags.map((b) => b.id))
    expect(without.some((b) => 'tags' in b)).toBe(false)
    expect(without.map((b) => ({ ...b, tags: withTags.find((w) => w.id === b.id)!.tags }))).toEqual(withTags)
  })
})
