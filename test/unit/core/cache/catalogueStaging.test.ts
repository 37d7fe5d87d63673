import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unknownRestColumns } from '@core/api/bundleColumnsRest'
import type { GraphqlBundle } from '@core/api/catalogueGraphql'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueStaging } from '@core/cache/catalogueStaging'
import { CatalogueStore } from '@core/cache/catalogueStore'
import { noCounter } from '@core/cache/heldTransaction'
import { entityMigrations } from '@core/cache/migrations'
import { newestSeen } from '@core/sync/bundlesSeen'
import { tempDir } from '../../../support/tempDir'

const dir = tempDir('mostrador-staging-')
let files = 0

function store(): CatalogueStore {
  return new CatalogueStore(openMigrated(join(dir, `e${++files}.sqlite`), entityMigrations), () => 9)
}

function graphqlBundle(id: number, code: string, updatedAt: string): GraphqlBundle {
  return {
    id,
    code,
    name: `Caja ${id}`,
    description: null,
    updated_at: updatedAt,
    item_category_id: null,
    active: true,
    bundle_details_count: 1,
    force_as_service_for_document_external_storage_service: false,
    bundle_details: [{ id: id * 10, item_id: 1, quantity: '2' }],
    tags: [],
  }
}

const reference = {
  item_categories: [{ id: 1, name: 'Cajas' }],
  agencies: [{ id: 9, name: 'Central', agency_category_id: null, active: true }],
}
const capabilities = { tags: false, itemBarcodes: false, bundleColumns: true }
/** How the pull reads the items and bundles (with their barcodes, their tags or not, as whom), and its first try's time. */
const shape = { itemBarcodes: false, bundleTags: false, reader: 'caja1@tienda.example' }
const tried = new Date('2026-11-29T00:00:00.000Z')
const hoursLater = (h: number) => new Date(tried.getTime() + h * 3_600_000)

/** A full pull's writes of two bundles; `keep` puts what the REST list gave in the temporary table. */
async function pull(
  s: CatalogueStore,
  keep: (staging: ReturnType<CatalogueStore['staging']>) => void,
  listRead = true,
): Promise<string | null> {
  const staging = s.staging()
  staging.listed.open()
  keep(staging)
  await staging.begin(shape, tried)
  staging.writeReference(reference)
  staging.writeItems([{ id: 1, code: 'TOR-1', name: 'Tornillo', ean13: null, measurement_unit: 'UN', item_category_id: 1, active: true }])
  staging.writeLots([{ id: 5, item_id: 1, name: 'L5', expires: null }])
  staging.writeStock([{ id: 50, lot_id: 5, agency_id: 9, available: 8 }])
  await staging.sumStock()
  const seen = newestSeen(new Date('2026-11-29T00:00:00.000Z'), null)
  staging.writeBundles(
    [graphqlBundle(1, 'CAJA-1', '2026-11-01T10:00:00.000Z'), graphqlBundle(2, 'CAJA-2', '2026-11-02T10:00:00.000Z')],
    listRead,
    seen.see,
  )
  await staging.swapIn(
    { capabilities, bundlesSeenUntil: seen.newest, bundlesSeenEdge: seen.edge, agencyIds: [9] },
    { at: '2026-11-29T00:00:00.000Z', offsetMs: null },
  )
  staging.listed.drop()
  return seen.newest
}

/** A full pull staged up to its stock: one item with more lots than one range of the sums holds, a unit each at 9. */
async function stagedLots(s: CatalogueStore): Promise<ReturnType<CatalogueStore['staging']>> {
  const staging = s.staging()
  staging.listed.open()
  await staging.begin(shape, tried)
  staging.writeReference(reference)
  staging.writeItems([{ id: 1, code: 'TOR-1', name: 'Tornillo', ean13: null, measurement_unit: 'UN', item_category_id: 1, active: true }])
  const lots = Array.from({ length: 4500 }, (_, n) => ({ id: n + 1, item_id: 1, name: `L${n + 1}`, expires: null }))
  staging.writeLots(lots)
  staging.writeStock(lots.map((l) => ({ id: l.id, lot_id: l.id, agency_id: 9, available: 1 })))
  return staging
}

/** A full pull's staging with 2,500 bundles written, a batch at a time. */
async function stagedBundles(s: CatalogueStore): Promise<CatalogueStaging> {
  const staging = s.staging()
  staging.listed.open()
  await staging.begin(shape, tried)
  staging.writeReference(reference)
  const bundles = Array.from({ length: 2500 }, (_, n) => graphqlBundle(n + 1, `CAJA-${n + 1}`, '2026-11-01T10:00:00.000Z'))
  for (let at = 0; at < bundles.length; at += 100) staging.writeBundles(bundles.slice(at, at + 100), false, () => {})
  return staging
}

/** A staging that notes, before each of its batches (where the counter may go first), the rows `table` still has. */
function notingRowsLeft(s: CatalogueStore, table: string): { staging: CatalogueStaging; left: number[] } {
  const left: number[] = []
  const there = s.db.prepare<[string], number>('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck()
  const staging = new CatalogueStaging(s.db, {
    ...noCounter,
    letFirst: () => {
      if (there.get(table)) left.push(s.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get()!)
    },
  })
  return { staging, left }
}

describe('the full pull staging the catalogue', () => {
  it('swaps in every table at once, each bundle with the columns the REST list gave it', async () => {
    const s = store()
    const seen = await pull(s, (staging) =>
      staging.listed.keep([{ id: 1, columns: { ...unknownRestColumns, ean13: '7401234567895', weight: 2.5, pays_vat: true } }]),
    )
    expect(seen).toBe('2026-11-02T10:00:00.000Z')
    expect(s.counts()).toEqual({ bundles: 2, items: 1, agencies: 1 })
    expect(s.pulledAt()).toEqual({ at: '2026-11-29T00:00:00.000Z', offsetMs: null })
    expect(s.pulledCapabilities()).toEqual(capabilities)
    expect(s.bundle(1)).toMatchObject({ ean13: '7401234567895', weight: 2.5, paysVat: true, available: 4 })
    expect(s.bundle(2)).toMatchObject({ ean13: null, weight: null, paysVat: false })
    expect(s.search({ query: '7401234567895' }).rows.map((r) => r.id)).toEqual([1])
    expect(s.searchItems('tornillo', 5).map((i) => i.id)).toEqual([1])
    // The staging merged the words' segments itself; the live tables merge their own again (a routine pull's rows).
    for (const fts of ['item_fts', 'bundle_fts']) {
      expect(s.db.prepare(`SELECT v FROM ${fts}_config WHERE k = 'automerge'`).pluck().get()).toBe(4)
      expect(() => s.db.exec(`INSERT INTO ${fts} (${fts}) VALUES ('integrity-check')`)).not.toThrow()
    }
  })

  it('leaves every bundle’s REST columns unknown when the list was not read whole', async () => {
    const s = store()
    await pull(
      s,
      (staging) => staging.listed.keep([{ id: 1, columns: { ...unknownRestColumns, ean13: '7401234567895', pays_vat: true } }]),
      false,
    )
    expect(s.bundle(1)).toMatchObject({ code: 'CAJA-1', ean13: null, paysVat: false })
  })

  // Each batch synced: unsynced, the staged pages waited for the next clerk's save, which then synced them all.
  it('writes each batch synced, a failed batch too, and leaves the cache as durable as it found it', async () => {
    const s = store()
    const staging = s.staging()
    staging.listed.open()
    await staging.begin(shape, tried)
    const full = 2
    const syncs: unknown[] = []
    const original = s.db.transaction.bind(s.db)
    s.db.transaction = ((fn: () => unknown) =>
      original(() => (syncs.push(s.db.pragma('synchronous', { simple: true })), fn()))) as typeof s.db.transaction
    staging.writeReference(reference)
    expect(() =>
      staging.writeLots([
        { id: 5, item_id: 1, name: 'L5', expires: null },
        { id: 5, item_id: 1, name: 'again', expires: null },
      ]),
    ).toThrow()
    s.db.transaction = original
    expect(syncs).toEqual([full, full])
    expect(s.db.pragma('synchronous', { simple: true })).toBe(full)
    staging.leave()
  })

  it('left halfway, keeps the live snapshot as it was, and the next try goes on after the rows staged', async () => {
    const s = store()
    await pull(s, () => {})
    const cut = async () => {
      const staging = s.staging()
      staging.listed.open()
      const from = await staging.begin(shape, tried)
      staging.writeReference({ item_categories: [], agencies: [] })
      staging.writeItems([
        { id: 7, code: 'TUE-7', name: 'Tuerca', ean13: null, measurement_unit: 'UN', item_category_id: null, active: true },
      ])
      staging.writeLots([{ id: 70, item_id: 7, name: 'L70', expires: null }])
      expect(staging.stockReadFrom({ at: tried.toISOString(), offsetMs: 5 })).toEqual({ at: tried.toISOString(), offsetMs: 5 })
      staging.leave()
      staging.listed.drop()
      return from
    }
    expect((await cut()).after).toEqual({ items: 0, lots: 0, lot_stocks: 0, bundles: 0 })
    expect(s.counts()).toEqual({ bundles: 2, items: 1, agencies: 1 })

    const again = s.staging()
    again.listed.open()
    const from = await again.begin(shape, hoursLater(5))
    expect(from.after).toEqual({ items: 7, lots: 70, lot_stocks: 0, bundles: 0 })
    expect(again.stagedRows('items')).toBe(1)
    // The stock is as old as the first try's read of it.
    expect(again.stockReadFrom({ at: hoursLater(5).toISOString(), offsetMs: null })).toEqual({ at: tried.toISOString(), offsetMs: 5 })
    again.leave()
    again.listed.drop()
  })

  it('starts afresh from rows staged long ago, or read otherwise', async () => {
    const s = store()
    const cut = async (when: Date, as = shape) => {
      const staging = s.staging()
      staging.listed.open()
      const from = await staging.begin(as, when)
      const id = from.after.items + 7
      staging.writeItems([
        { id, code: `TUE-${id}`, name: 'Tuerca', ean13: null, measurement_unit: 'UN', item_category_id: null, active: true },
      ])
      staging.leave()
      staging.listed.drop()
      return from.after.items
    }
    expect(await cut(tried)).toBe(0)
    // Six hours after the first try: what it staged is too old to make a snapshot of.
    expect(await cut(hoursLater(6))).toBe(0)
    // The item barcodes read this time, not the last.
    expect(await cut(hoursLater(6.5), { ...shape, itemBarcodes: true })).toBe(0)
    expect(await cut(hoursLater(7))).toBe(0)
    expect(await cut(hoursLater(7.5))).toBe(7)
    // The bundles read with their tags this time.
    const tagged = { ...shape, bundleTags: true }
    expect(await cut(hoursLater(8), tagged)).toBe(0)
    expect(await cut(hoursLater(8.5), tagged)).toBe(7)
    // Another clerk signed in at the station: their role may see other rows.
    expect(await cut(hoursLater(9), { ...tagged, reader: 'otra@tienda.example' })).toBe(0)
    // The same clerk, who typed their e-mail in other letters this time (the service does not tell them apart).
    expect(await cut(hoursLater(9.5), { ...tagged, reader: 'Otra@Tienda.example' })).toBe(7)
  })

  it('goes on after the bundles staged, and puts a bundle changed since in place of its staged rows', async () => {
    const s = store()
    await pull(s, () => {})
    const first = s.staging()
    first.listed.open()
    await first.begin(shape, tried)
    first.writeBundles(
      [graphqlBundle(3, 'CAJA-3', '2026-11-03T10:00:00.000Z'), graphqlBundle(4, 'CAJA-4', '2026-11-04T10:00:00.000Z')],
      true,
      () => {},
    )
    first.leave()
    first.listed.drop()

    const again = s.staging()
    again.listed.open()
    expect((await again.begin(shape, hoursLater(1))).after.bundles).toBe(4)
    const staged: [number, string | null][] = []
    again.stagedBundlesSeen((at, id) => staged.push([id, at]))
    expect(staged).toEqual([
      [3, '2026-11-03T10:00:00.000Z'],
      [4, '2026-11-04T10:00:00.000Z'],
    ])
    // Bundle 3 renamed on the service since, then the bundles after 4, the REST list cut this time.
    again.writeBundles([{ ...graphqlBundle(3, 'CAJA-3', '2026-11-29T00:30:00.000Z'), name: 'Caja renombrada' }], false, () => {})
    again.writeBundles([graphqlBundle(5, 'CAJA-5', '2026-11-05T10:00:00.000Z')], false, () => {})
    expect(again.bundlesListed).toBe(false)
    const seen = newestSeen(hoursLater(1), null)
    await again.swapIn(
      { capabilities, bundlesSeenUntil: seen.newest, bundlesSeenEdge: seen.edge, agencyIds: [9] },
      { at: hoursLater(1).toISOString(), offsetMs: null },
    )
    again.listed.drop()
    const rows = (sql: string) => s.db.prepare(sql).raw().all()
    expect(rows('SELECT id, name FROM bundles ORDER BY id')).toEqual([
      [3, 'Caja renombrada'],
      [4, 'Caja 4'],
      [5, 'Caja 5'],
    ])
    expect(rows('SELECT bundle_id, id FROM bundle_components ORDER BY bundle_id')).toEqual([
      [3, 30],
      [4, 40],
      [5, 50],
    ])
    expect(rows("SELECT rowid FROM bundle_fts WHERE bundle_fts MATCH 'renombrada'")).toEqual([[3]])
    expect(rows("SELECT rowid FROM bundle_fts WHERE bundle_fts MATCH 'name:3'")).toEqual([])
  })

  it("sums an item's stock whole when its lots fall in two of the ranges summed a turn at a time", async () => {
    const s = store()
    const staging = await stagedLots(s)
    await staging.sumStock()
    await staging.swapIn(
      { capabilities, bundlesSeenUntil: null, bundlesSeenEdge: [], agencyIds: [9] },
      { at: '2026-11-29T00:00:00.000Z', offsetMs: null },
    )
    staging.listed.drop()
    expect(s.db.prepare('SELECT item_id, agency_id, available FROM stock').all()).toEqual([{ item_id: 1, agency_id: 9, available: 4500 }])
  })

  it('gives the thread back between the steps of its sums and its swap: a read meanwhile sees the old snapshot or the new', async () => {
    const s = store()
    await pull(s, () => {})
    const staging = await stagedLots(s)
    staging.writeBundles([graphqlBundle(3, 'CAJA-3', '2026-11-03T10:00:00.000Z')], true, () => {})
    let finished = false
    const seen: number[][] = []
    // A clerk's scan between two turns: the bundles the counter would search.
    const reading = (async () => {
      while (!finished) {
        seen.push(s.db.prepare<[], number>('SELECT id FROM bundles ORDER BY id').pluck().all())
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
    })()
    await staging.sumStock()
    await staging.swapIn(
      { capabilities, bundlesSeenUntil: null, bundlesSeenEdge: [], agencyIds: [9] },
      { at: '2026-11-30T00:00:00.000Z', offsetMs: null },
    )
    finished = true
    await reading
    staging.listed.drop()
    expect(seen.length).toBeGreaterThan(5)
    expect(seen.every((ids) => JSON.stringify(ids) === '[1,2]' || JSON.stringify(ids) === '[3]')).toBe(true)
    expect(seen.at(-1)).toEqual([3])
    expect(s.db.prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE name LIKE 'old_%' OR name LIKE 'next_%'").pluck().get()).toBe(
      0,
    )
  })

  it('lets go of the replaced catalogue a bounded step at a time, the counter first before each', async () => {
    const s = store()
    const first = await stagedBundles(s)
    await first.swapIn(
      { capabilities, bundlesSeenUntil: null, bundlesSeenEdge: [], agencyIds: [9] },
      { at: '2026-11-29T00:00:00.000Z', offsetMs: null },
    )
    first.listed.drop()
    // A whole table dropped in one statement held the file from a clerk's save for as long as it took to free every
    // page (30–60 ms for the bundles' records on the large seed). Where the counter may go first, the old rows left:
    const { staging: second, left } = notingRowsLeft(s, 'old_bundle_records')
    second.listed.open()
    await second.begin(shape, tried)
    second.writeReference(reference)
    second.writeBundles([graphqlBundle(1, 'CAJA-1', '2026-11-02T10:00:00.000Z')], false, () => {})
    await second.swapIn(
      { capabilities, bundlesSeenUntil: null, bundlesSeenEdge: [], agencyIds: [9] },
      { at: '2026-11-30T00:00:00.000Z', offsetMs: null },
    )
    second.listed.drop()
    expect(left.filter((n) => n > 0 && n < 2500).length).toBeGreaterThan(1)
    expect(s.db.prepare('SELECT id FROM bundles').all()).toEqual([{ id: 1 }])
    expect(s.db.prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE name LIKE 'old_%'").pluck().get()).toBe(0)
  })

  it('lets go of what a try long ago staged a bounded step at a time, the counter first before each', async () => {
    const s = store()
    const first = await stagedBundles(s)
    first.leave()
    first.listed.drop()
    // Too old to go on from: the staged rows go, and where the counter may go first, some were still there.
    const { staging: second, left } = notingRowsLeft(s, 'next_bundle_records')
    second.listed.open()
    expect((await second.begin(shape, hoursLater(7))).after.bundles).toBe(0)
    second.leave()
    second.listed.drop()
    expect(left.filter((n) => n > 0 && n < 2500).length).toBeGreaterThan(1)
    expect(s.db.prepare<[], number>('SELECT count(*) FROM next_bundle_records').pluck().get()).toBe(0)
  })
})
