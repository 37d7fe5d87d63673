import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import { isValidEan13 } from '@sandbox/seed/ean13'
import { SandboxStore } from '@sandbox/store/sandboxStore'
import { domainTables } from '@sandbox/store/schema'
import { isKnownTimeZone } from '@shared/timeZones'

/** Every seeded table, row by row, as text: equal dumps mean byte-identical data. */
function dump(db: Sqlite): string {
  return domainTables.map((t) => `${t.name}\n${JSON.stringify(db.prepare(`SELECT * FROM "${t.name}" ORDER BY 1`).raw().all())}`).join('\n')
}

const count = (db: Sqlite, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

describe('the seed', () => {
  let a: SandboxStore
  beforeAll(() => {
    a = SandboxStore.open(':memory:')
  })
  afterAll(() => a.close())

  it('is byte-identical for the same seed and differs for another', () => {
    const b = SandboxStore.open(':memory:')
    const c = SandboxStore.open(':memory:', { seed: 2 })
    try {
      expect(dump(b.db)).toBe(dump(a.db))
      expect(dump(c.db)).not.toBe(dump(a.db))
    } finally {
      b.close()
      c.close()
    }
  })

  it('is byte-identical again after a reset', () => {
    const before = dump(a.db)
    a.db.prepare("UPDATE items SET name = 'changed'").run()
    a.reset()
    expect(dump(a.db)).toBe(before)
  })

  it('has two entities of the demo company with agencies in categories', () => {
    const db = a.db
    expect(db.prepare('SELECT name FROM entities ORDER BY id').pluck().all()).toEqual([
      'Ferretería El Mostrador S.A.',
      'Distribuidora El Mostrador Ltda.',
    ])
    for (const entity of [101, 102]) {
      expect(count(db, 'SELECT COUNT(*) FROM agencies WHERE entity_id = ? AND active = 1', entity)).toBeGreaterThanOrEqual(3)
      expect(count(db, 'SELECT COUNT(*) FROM agencies WHERE entity_id = ? AND agency_category_id IS NULL', entity)).toBe(0)
      expect(count(db, 'SELECT COUNT(DISTINCT agency_category_id) FROM agencies WHERE entity_id = ?', entity)).toBeGreaterThanOrEqual(2)
      // A category belongs to the same entity as its agencies.
      expect(
        count(
          db,
          'SELECT COUNT(*) FROM agencies a JOIN agency_categories c ON c.id = a.agency_category_id WHERE a.entity_id <> c.entity_id',
        ),
      ).toBe(0)
    }
  })

  it('has the first demo user in both entities, Spanish, Rails zone, an employee in each', () => {
    const db = a.db
    const first = db.prepare('SELECT * FROM users ORDER BY id LIMIT 1').get() as { id: number; language: string; time_zone: string }
    expect(first).toMatchObject({ language: 'es', time_zone: 'Central America' })
    expect(db.prepare('SELECT entity_id, current, active FROM memberships WHERE user_id = ? ORDER BY entity_id').all(first.id)).toEqual([
      { entity_id: 101, current: 1, active: 1 },
      { entity_id: 102, current: 0, active: 1 },
    ])
    const agencies = db
      .prepare(
        'SELECT e.entity_id, a.entity_id AS agency_entity FROM employees e JOIN agencies a ON a.id = e.agency_id WHERE e.user_id = ? ORDER BY e.entity_id',
      )
      .all(first.id)
    expect(agencies).toEqual([
      { entity_id: 101, agency_entity: 101 },
      { entity_id: 102, agency_entity: 102 },
    ])
  })

  it('has an English user with one entity and an IANA zone', () => {
    const rows = a.db
      .prepare(
        `SELECT u.time_zone, COUNT(m.id) AS n FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.language = 'en' GROUP BY u.id`,
      )
      .all() as { time_zone: string; n: number }[]
    expect(rows.length).toBeGreaterThanOrEqual(1)
    expect(rows[0]!.n).toBe(1)
    expect(rows[0]!.time_zone).toContain('/')
    for (const tz of a.db.prepare('SELECT time_zone FROM users').pluck().all() as string[]) expect(isKnownTimeZone(tz)).toBe(true)
  })

  it('has about 300 items per entity, in categories, with valid unique barcodes', () => {
    const db = a.db
    expect(count(db, 'SELECT COUNT(*) FROM items WHERE entity_id = 101')).toBe(300)
    expect(count(db, 'SELECT COUNT(*) FROM items WHERE entity_id = 102')).toBe(300)
    expect(
      count(db, 'SELECT COUNT(*) FROM items i JOIN item_categories c ON c.id = i.item_category_id WHERE c.entity_id = i.entity_id'),
    ).toBe(600)
    const codes = db.prepare('SELECT ean13 FROM items WHERE ean13 IS NOT NULL').pluck().all() as string[]
    expect(codes.length).toBeGreaterThan(500)
    expect(codes.every(isValidEan13)).toBe(true)
    expect(new Set(codes).size).toBe(codes.length)
    expect(count(db, "SELECT COUNT(*) FROM items WHERE price NOT GLOB '[0-9]*.[0-9][0-9]'")).toBe(0)
  })

  it('has lots (dated for perishable goods) and stock per lot and active agency', () => {
    const db = a.db
    expect(count(db, 'SELECT COUNT(*) FROM items i WHERE NOT EXISTS (SELECT 1 FROM lots l WHERE l.item_id = i.id)')).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM lots WHERE expires IS NOT NULL')).toBeGreaterThan(100)
    expect(
      count(db, "SELECT COUNT(*) FROM lots WHERE expires IS NOT NULL AND expires NOT GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'"),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM lot_stocks s JOIN agencies a ON a.id = s.agency_id WHERE a.active = 0')).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM lot_stocks s JOIN lots l ON l.id = s.lot_id WHERE l.entity_id <> s.entity_id')).toBe(0)
    // The demo user's own agencies have stock to book from.
    expect(count(db, 'SELECT COUNT(*) FROM lot_stocks WHERE agency_id = 302 AND available > 0')).toBeGreaterThan(100)
    expect(count(db, 'SELECT COUNT(*) FROM lot_stocks WHERE agency_id = 306 AND available > 0')).toBeGreaterThan(100)
  })

  it('keeps foreign keys consistent', () => {
    expect(a.db.pragma('foreign_key_check')).toEqual([])
  })
})

// The large scale is checked once, with everything that needs it, in test/integration/sandbox/largeScale.test.ts.
