import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { bundleRowDeletes } from '@core/cache/catalogueRowWrites'
import { catalogueTables, entityMigrations } from '@core/cache/migrations'
import { createStaging, swapIn } from '@core/cache/snapshotSwap'
import { tempDirInTest } from '../../../support/tempDir'

const open = () => openMigrated(join(tempDirInTest('mostrador-swap-'), 'e.sqlite'), entityMigrations)
const names = (db: ReturnType<typeof open>) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)

describe('replacing the catalogue as one snapshot', () => {
  it('swaps staged tables in with their indexes, twice in a row', async () => {
    const db = open()
    const before = names(db)
    for (const generation of [1, 2]) {
      createStaging(db, catalogueTables)
      db.prepare("INSERT INTO next_bundles VALUES (?, ?, 'Caja', NULL, 1, 0, NULL, 0, '[]')").run(generation, `B-${generation}`)
      db.prepare('INSERT INTO next_bundle_fts (rowid, code, name, ean13, tags) VALUES (?, ?, ?, ?, ?)').run(
        generation,
        `B-${generation}`,
        'Caja',
        '',
        '',
      )
      // Until the swap, readers still see the old snapshot.
      expect(db.prepare('SELECT count(*) n FROM bundles WHERE id = ?').get(generation)).toEqual({ n: 0 })
      await swapIn(db, catalogueTables)
      expect(db.prepare('SELECT id, code FROM bundles').all()).toEqual([{ id: generation, code: `B-${generation}` }])
      expect(db.prepare("SELECT rowid FROM bundle_fts WHERE bundle_fts MATCH 'caja'").all()).toEqual([{ rowid: generation }])
    }
    // Same tables; index names alternate generations.
    expect(names(db).map((n) => n.replace(/__[ab]$/, ''))).toEqual(before.map((n) => n.replace(/__[ab]$/, '')))
    expect(db.prepare("EXPLAIN QUERY PLAN SELECT id FROM bundles WHERE code = 'X'").all()).toEqual(
      expect.arrayContaining([expect.objectContaining({ detail: expect.stringMatching(/USING (COVERING )?INDEX bundles_code__a/) })]),
    )
    db.close()
  })

  it("finds a bundle's rows by its id without reading a whole table, before and after swaps", async () => {
    const db = open()
    // A table read whole for each of a routine pull's changed bundles: 5 ms a bundle at 100,000 bundles' tags.
    const scans = (named?: (table: string) => string) =>
      bundleRowDeletes(named).flatMap((sql) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1) as { detail: string }[])
          .map((p) => p.detail)
          .filter((detail) => /^SCAN /.test(detail) && !/VIRTUAL TABLE INDEX \d+:=/.test(detail)),
      )
    expect(scans()).toEqual([])
    for (let generation = 0; generation < 2; generation++) {
      createStaging(db, catalogueTables)
      // A full pull going on from a cut try stages again the bundles changed since.
      expect(scans((table) => `next_${table}`)).toEqual([])
      await swapIn(db, catalogueTables)
      expect(scans()).toEqual([])
    }
    db.close()
  })

  it('a pull that fails halfway leaves the live tables as they were, and the next staging starts empty', () => {
    const db = open()
    db.prepare("INSERT INTO bundles VALUES (7, 'LIVE', 'Vivo', NULL, 1, 0, NULL, 0, '[]')").run()
    createStaging(db, catalogueTables)
    db.prepare("INSERT INTO next_bundles VALUES (8, 'NEW', 'Nuevo', NULL, 1, 0, NULL, 0, '[]')").run()
    expect(db.prepare('SELECT code FROM bundles').all()).toEqual([{ code: 'LIVE' }])
    createStaging(db, catalogueTables)
    expect(db.prepare('SELECT count(*) FROM next_bundles').pluck().get()).toBe(0)
    db.close()
  })

  it('drops what a swap cut short left (the replaced tables not yet dropped) at the next staging', async () => {
    const db = open()
    createStaging(db, catalogueTables)
    db.prepare("INSERT INTO next_bundles VALUES (1, 'B-1', 'Caja', NULL, 1, 0, NULL, 0, '[]')").run()
    // The swap's renames committed, then the process ended before the drops that follow them (its next turn never comes).
    void swapIn(db, catalogueTables, undefined, () => new Promise<void>(() => undefined))
    expect(names(db).filter((n) => n.startsWith('old_')).length).toBeGreaterThan(0)
    expect(db.prepare('SELECT code FROM bundles').all()).toEqual([{ code: 'B-1' }])
    createStaging(db, catalogueTables)
    expect(names(db).filter((n) => n.startsWith('old_'))).toEqual([])
    db.close()
  })
})
