import type { Sqlite } from '@base/sqlite'
import type { StatementCache } from '../store/statementCache'

/**
 * Tags of bundles, acts-as-taggable-on style: a tag list is written as
 * "a, b", names match case-insensitively and an existing tag keeps its
 * spelling, and a bundle lists its tags in the order they were given.
 */

/** Splits a tag list ("a, b" or ["a", "b"]) into distinct names, first spelling kept. */
export function splitTagList(list: string | readonly string[]): string[] {
  const parts = typeof list === 'string' ? list.split(',') : list
  const seen = new Set<string>()
  const names: string[] = []
  for (const part of parts) {
    const name = part.trim()
    const key = tagKey(name)
    if (name === '' || seen.has(key)) continue
    seen.add(key)
    names.push(name)
  }
  return names
}

/** Case folding for tag names, Unicode-aware like PostgreSQL's LOWER (SQLite's folds ASCII only). */
export function tagKey(name: string): string {
  return name.trim().toLocaleLowerCase('es')
}

/** The entity's tag with this name, matched case-insensitively; there are a few dozen, so reading them all is cheap. */
export function findTagId(statements: StatementCache, entityId: number, name: string): number | undefined {
  const key = tagKey(name)
  const tags = statements
    .get<[number], { id: number; name: string }>('SELECT id, name FROM tags WHERE entity_id = ? ORDER BY id')
    .all(entityId)
  return tags.find((t) => tagKey(t.name) === key)?.id
}

export function tagsOfBundle(statements: StatementCache, bundleId: number): string[] {
  return statements
    .get<[number], string>('SELECT t.name FROM bundle_taggings bt JOIN tags t ON t.id = bt.tag_id WHERE bt.bundle_id = ? ORDER BY bt.id')
    .pluck()
    .all(bundleId)
}

/** Replaces a bundle's tags, creating the entity's missing tags. The caller holds the transaction. */
export function setBundleTags(db: Sqlite, statements: StatementCache, entityId: number, bundleId: number, names: readonly string[]): void {
  db.prepare('DELETE FROM bundle_taggings WHERE bundle_id = ?').run(bundleId)
  const create = db.prepare('INSERT INTO tags (entity_id, name) VALUES (?, ?)')
  const tag = db.prepare('INSERT INTO bundle_taggings (bundle_id, tag_id) VALUES (?, ?)')
  for (const name of names) {
    const tagId = findTagId(statements, entityId, name) ?? Number(create.run(entityId, name).lastInsertRowid)
    tag.run(bundleId, tagId)
  }
}
