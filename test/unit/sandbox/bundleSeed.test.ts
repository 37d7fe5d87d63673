import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import { bookingIdBase } from '@sandbox/seed/bookingPlan'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { pastShipmentsPerEntity } from '@sandbox/seed/seedShipments'
import { isValidEan13 } from '@sandbox/seed/ean13'
import { SandboxStore } from '@sandbox/store/sandboxStore'

const count = (db: Sqlite, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number
const column = <T>(db: Sqlite, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .all(...params) as T[]

let store: SandboxStore
let db: Sqlite
beforeAll(() => {
  store = SandboxStore.open(':memory:')
  db = store.db
})
afterAll(() => store.close())

describe('the bundle seed', () => {
  it('gives each entity a few hundred bundles, static and dynamic, most with tags', () => {
    for (const facts of Object.values(bundleFacts)) {
      const e = facts.entityId
      expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE entity_id = ?', e)).toBe(facts.bundleCount.small)
      expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE entity_id = ? AND category_bundle = 1', e)).toBeGreaterThan(10)
      expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE entity_id = ? AND category_bundle = 0', e)).toBeGreaterThan(150)
      expect(
        count(
          db,
          'SELECT COUNT(DISTINCT bundle_id) FROM bundle_taggings bt JOIN bundles b ON b.id = bt.bundle_id WHERE b.entity_id = ?',
          e,
        ),
      ).toBeGreaterThan(100)
      expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE entity_id = ? AND active = 0', e)).toBeGreaterThan(0)
    }
  })

  it('fills every field of the spec’s Bundle in the stored forms', () => {
    expect(count(db, "SELECT COUNT(*) FROM bundles WHERE color NOT GLOB '#[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]'")).toBe(0)
    expect(
      count(
        db,
        "SELECT COUNT(*) FROM bundles WHERE created_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]' OR updated_at < created_at",
      ),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE image_url IS NOT NULL')).toBeGreaterThan(10)
    expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE nomic_q4f16_embedding IS NOT NULL')).toBeGreaterThan(10)
    expect(count(db, 'SELECT COUNT(*) FROM bundles WHERE nomic_q4f16_embedding IS NULL')).toBeGreaterThan(100)
    for (const e of column<string>(db, 'SELECT nomic_q4f16_embedding FROM bundles WHERE nomic_q4f16_embedding IS NOT NULL')) {
      expect((JSON.parse(e) as number[]).every((x) => typeof x === 'number')).toBe(true)
    }
    for (const c of [
      'weight',
      'volume',
      'measurement_unit',
      'item_country_code_id',
      'youtube_video_url',
      'extra_description',
      'description',
    ]) {
      expect(count(db, `SELECT COUNT(*) FROM bundles WHERE ${c} IS NOT NULL`), c).toBeGreaterThan(0)
      expect(count(db, `SELECT COUNT(*) FROM bundles WHERE ${c} IS NULL`), c).toBeGreaterThan(0)
    }
    // zid is a per-entity sequence without gaps.
    expect(db.prepare('SELECT entity_id, MIN(zid), MAX(zid), COUNT(*) FROM bundles GROUP BY entity_id').raw().all()).toEqual([
      [101, 1, 250, 250],
      [102, 1, 250, 250],
    ])
  })

  it('gives valid, unique EAN-13 codes to most bundles, never an item’s', () => {
    const codes = column<string>(db, 'SELECT ean13 FROM bundles WHERE ean13 IS NOT NULL')
    expect(codes.length).toBeGreaterThan(400)
    expect(codes.every(isValidEan13)).toBe(true)
    expect(new Set(codes).size).toBe(codes.length)
    expect(count(db, 'SELECT COUNT(*) FROM bundles b JOIN items i ON i.ean13 = b.ean13')).toBe(0)
  })

  it('builds dynamic bundles from a category of their entity and static ones from their entity’s items', () => {
    expect(
      count(db, 'SELECT COUNT(*) FROM bundles WHERE category_bundle = 1 AND (item_category_id IS NULL OR bundle_details_count <> 0)'),
    ).toBe(0)
    expect(
      count(db, 'SELECT COUNT(*) FROM bundles b JOIN item_categories c ON c.id = b.item_category_id WHERE c.entity_id <> b.entity_id'),
    ).toBe(0)
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM bundle_details d JOIN items i ON i.id = d.item_id JOIN bundles b ON b.id = d.bundle_id WHERE i.entity_id <> b.entity_id OR d.entity_id <> b.entity_id',
      ),
    ).toBe(0)
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM bundles b WHERE bundle_details_count <> (SELECT COUNT(*) FROM bundle_details d WHERE d.bundle_id = b.id)',
      ),
    ).toBe(0)
    expect(count(db, "SELECT COUNT(*) FROM bundle_details WHERE quantity NOT GLOB '[0-9]*.[0-9]*' OR CAST(quantity AS REAL) <= 0")).toBe(0)
    expect(count(db, "SELECT COUNT(*) FROM bundle_details WHERE quantity GLOB '*.5'")).toBeGreaterThan(0)
  })

  it('keeps tags per entity and bundles tagged only with their entity’s tags', () => {
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM bundle_taggings bt JOIN bundles b ON b.id = bt.bundle_id JOIN tags t ON t.id = bt.tag_id WHERE t.entity_id <> b.entity_id',
      ),
    ).toBe(0)
    for (const facts of Object.values(bundleFacts)) {
      expect(column<string>(db, 'SELECT name FROM tags WHERE entity_id = ? ORDER BY id', facts.entityId)).toEqual(facts.tags)
    }
  })

  it('records past shipments whose bundle lines are the bundles’ components', () => {
    // The past ones; the bookings area adds open, in-transit and voided ones from bookingIdBase on.
    expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE delivered = 1 AND shipped = 1 AND id < ?', bookingIdBase)).toBe(
      count(db, 'SELECT COUNT(*) FROM shipments WHERE id < ?', bookingIdBase),
    )
    expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE id < ?', bookingIdBase)).toBe(2 * pastShipmentsPerEntity)
    expect(
      count(db, 'SELECT COUNT(*) FROM shipments s WHERE movements_count <> (SELECT COUNT(*) FROM movements m WHERE m.shipment_id = s.id)'),
    ).toBe(0)
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM shipments s JOIN agencies a ON a.id IN (s.agency_from_id, s.agency_to_id) WHERE a.entity_id <> s.entity_id',
      ),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM shipments WHERE agency_from_id = agency_to_id')).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM movements WHERE bundle_id IS NULL')).toBeGreaterThan(0)
    // A bundle line's item is one of that bundle's components.
    expect(
      count(
        db,
        'SELECT COUNT(*) FROM movements m WHERE m.bundle_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bundle_details d WHERE d.bundle_id = m.bundle_id AND d.item_id = m.item_id)',
      ),
    ).toBe(0)
    expect(count(db, 'SELECT COUNT(*) FROM movements m JOIN lots l ON l.id = m.lot_id WHERE l.item_id <> m.item_id')).toBe(0)
    expect(count(db, 'SELECT COUNT(DISTINCT bundle_id) FROM movements')).toBeGreaterThan(10)
  })

  it('keeps foreign keys consistent', () => {
    expect(db.pragma('foreign_key_check')).toEqual([])
  })
})

describe('bundleFacts', () => {
  for (const facts of Object.values(bundleFacts)) {
    describe(`entity ${facts.entityId}`, () => {
      const bundle = (id: number) => db.prepare('SELECT * FROM bundles WHERE id = ?').get(id) as Record<string, unknown> | undefined
      const tagsOf = (id: number) =>
        column<string>(
          db,
          'SELECT t.name FROM bundle_taggings bt JOIN tags t ON t.id = bt.tag_id WHERE bt.bundle_id = ? ORDER BY bt.id',
          id,
        )

      it('names a static bundle with movements, its code, barcode and tags', () => {
        const b = bundle(facts.withMovements.id)
        expect(b).toMatchObject({
          entity_id: facts.entityId,
          code: facts.withMovements.code,
          ean13: facts.withMovements.ean13,
          category_bundle: 0,
          active: 1,
        })
        expect(b!.bundle_details_count).toBeGreaterThan(1)
        expect(count(db, 'SELECT COUNT(*) FROM movements WHERE bundle_id = ?', facts.withMovements.id)).toBeGreaterThan(0)
        expect(tagsOf(facts.withMovements.id)).toEqual(facts.withMovements.tags)
        expect(isValidEan13(facts.withMovements.ean13)).toBe(true)
      })

      it('names a dynamic bundle and its category, with stock at the demo user’s agency', () => {
        expect(bundle(facts.dynamic.id)).toMatchObject({
          code: facts.dynamic.code,
          category_bundle: 1,
          item_category_id: facts.dynamic.itemCategoryId,
        })
        expect(db.prepare('SELECT name, entity_id FROM item_categories WHERE id = ?').get(facts.dynamic.itemCategoryId)).toEqual({
          name: facts.dynamic.itemCategoryName,
          entity_id: facts.entityId,
        })
        const withStock = count(
          db,
          `SELECT COUNT(DISTINCT i.id) FROM items i JOIN lots l ON l.item_id = i.id JOIN lot_stocks s ON s.lot_id = l.id
           WHERE i.item_category_id = ? AND s.agency_id = ? AND s.available > 0 AND i.active = 1`,
          facts.dynamic.itemCategoryId,
          facts.agencyWithStock,
        )
        expect(withStock).toBeGreaterThan(3)
        expect(count(db, 'SELECT COUNT(*) FROM agencies WHERE id = ? AND entity_id <> ?', facts.foreignAgency, facts.entityId)).toBe(1)
      })

      it('names an item of the dynamic bundle’s category withdrawn from sale, with stock at the demo user’s agency', () => {
        const { id, code, name } = facts.dynamic.withdrawnChoice
        expect(db.prepare('SELECT code, name, item_category_id, active FROM items WHERE id = ?').get(id)).toEqual({
          code,
          name,
          item_category_id: facts.dynamic.itemCategoryId,
          active: 0,
        })
        const stock = count(
          db,
          'SELECT SUM(s.available) FROM lot_stocks s JOIN lots l ON l.id = s.lot_id WHERE l.item_id = ? AND s.agency_id = ?',
          id,
          facts.agencyWithStock,
        )
        expect(stock).toBeGreaterThan(0)
      })

      it('names a static bundle without movements', () => {
        expect(bundle(facts.deletable.id)).toMatchObject({ code: facts.deletable.code, category_bundle: 0 })
        expect(bundle(facts.deletable.id)!.bundle_details_count).toBeGreaterThan(0)
        expect(count(db, 'SELECT COUNT(*) FROM movements WHERE bundle_id = ?', facts.deletable.id)).toBe(0)
      })

      it('describes the codes', () => {
        const codes = column<string>(db, 'SELECT code FROM bundles WHERE entity_id = ?', facts.entityId)
        expect(codes.every((c) => new RegExp(`^${facts.codePrefix}-\\d{5,}$`).test(c))).toBe(true)
      })
    })
  }
})
