import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import { SandboxStore } from '@sandbox/store/sandboxStore'

/**
 * The million scale (issue 32's memory and search bench): 20,000 items of the first entity stocked in each of its
 * 50 agencies. Seeded once into a file; the bound on its time is generous so a slow machine does not fail it.
 */
let dir: string
let store: SandboxStore
let seedSeconds: number
const count = (db: Sqlite, sql: string) => db.prepare<[], number>(sql).pluck().get() ?? 0

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-million-'))
  const started = performance.now()
  store = SandboxStore.open(join(dir, 'sandbox.sqlite'), { scale: 'million' })
  seedSeconds = (performance.now() - started) / 1000
}, 180_000)

afterAll(() => {
  store?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the million scale', () => {
  it('stocks 20,000 items in each of 50 agencies: a million rows by item and agency, seeded in seconds', () => {
    console.log(`million seed: ${seedSeconds.toFixed(1)} s`)
    // About 7 s on a quiet 2-core machine.
    expect(seedSeconds).toBeLessThan(60)
    const db = store.db
    expect(count(db, 'SELECT COUNT(*) FROM items WHERE entity_id = 101')).toBe(20_000)
    expect(count(db, 'SELECT COUNT(*) FROM agencies WHERE entity_id = 101 AND active = 1')).toBe(50)
    expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE entity_id = 101')).toBe(40_000)
    const pairs = `SELECT COUNT(*) FROM (SELECT DISTINCT l.item_id, s.agency_id FROM lot_stocks s JOIN lots l ON l.id = s.lot_id
                   WHERE s.entity_id = 101)`
    expect(count(db, pairs)).toBe(1_000_000)
    expect(db.pragma('foreign_key_check')).toEqual([])
  })

  it('leaves the second entity and the fixed agencies as the small scale has them', () => {
    const small = SandboxStore.open(':memory:')
    try {
      const rows = (d: Sqlite, sql: string) => JSON.stringify(d.prepare(sql).raw().all())
      for (const sql of [
        'SELECT * FROM items WHERE entity_id = 102 ORDER BY id',
        // By lot and agency: a later seeder adds rows after the last id, which differs.
        'SELECT lot_id, agency_id, available, booked FROM lot_stocks WHERE entity_id = 102 ORDER BY lot_id, agency_id',
        'SELECT * FROM bundles WHERE entity_id = 102 ORDER BY id',
        'SELECT * FROM agencies WHERE id < 310 ORDER BY id',
      ]) {
        expect(rows(store.db, sql), sql).toBe(rows(small.db, sql))
      }
    } finally {
      small.close()
    }
  })

  it('is kept when the store is opened again without a scale (training data survives a restart)', () => {
    store.close()
    store = SandboxStore.open(join(dir, 'sandbox.sqlite'))
    expect(store.seedParams.scale).toBe('million')
    expect(count(store.db, 'SELECT COUNT(*) FROM items WHERE entity_id = 101')).toBe(20_000)
  })
})
