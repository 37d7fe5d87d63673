import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqlite, type Sqlite } from '@base/sqlite'
import { startSandbox, storeFileName, type RunningSandbox } from '@sandbox'
import { newScope } from '@sandbox/graphql/compileScope'
import { sandboxTables } from '@sandbox/graphql/sandboxSchema'
import { compileSelect } from '@sandbox/graphql/selectCompiler'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { isValidEan13 } from '@sandbox/seed/ean13'
import { SandboxStore } from '@sandbox/store/sandboxStore'
import { checkBookingFacts } from '../../unit/sandbox/checkBookingFacts'
import { gqlData, graphqlToken, rest } from './sandboxClient'

/**
 * The large scale, seeded once for every check that needs it (it takes
 * seconds): 50,000 items and 100,000 bundles in the first entity, served over
 * REST and paged over GraphQL. Timings are printed for the benchmark notes;
 * the bounds asserted are generous so a slow machine does not fail them.
 */
let dir: string
let sandbox: RunningSandbox
let db: Sqlite
let seedSeconds: number
const facts = bundleFacts[101]
const count = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-large-'))
  const started = performance.now()
  sandbox = await startSandbox({ dataDir: dir, scale: 'large' })
  seedSeconds = (performance.now() - started) / 1000
  // A second, read-only connection for SQL checks; WAL lets it read while the sandbox serves.
  db = openSqlite(join(dir, storeFileName), { readonly: true })
}, 120_000)

afterAll(async () => {
  db?.close()
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the large scale', () => {
  it('seeds 50,000 items and 100,000 bundles in the first entity in seconds, leaving the second entity as it is', () => {
    console.log(`large seed: ${seedSeconds.toFixed(1)} s`)
    // Generous for slow CI machines; about 4 s on a quiet 2-core machine.
    expect(seedSeconds).toBeLessThan(40)
    expect(count('SELECT COUNT(*) FROM items WHERE entity_id = 101')).toBe(50_000)
    expect(count('SELECT COUNT(*) FROM lot_stocks WHERE entity_id = 101')).toBeGreaterThan(100_000)
    expect(count('SELECT COUNT(*) FROM bundles WHERE entity_id = 101')).toBe(facts.bundleCount.large)
    expect(facts.bundleCount.large).toBe(100_000)

    const small = SandboxStore.open(':memory:')
    try {
      for (const table of ['items', 'bundles', 'bundle_details']) {
        const second = (d: Sqlite) => JSON.stringify(d.prepare(`SELECT * FROM ${table} WHERE entity_id = 102 ORDER BY id`).raw().all())
        expect(second(db), table).toBe(second(small.db))
      }
    } finally {
      small.close()
    }
  })

  it('gives the 100,000 bundles valid, unique EAN-13 codes (most of them), both kinds, components over the 50,000 items, and tags', () => {
    const codes = db.prepare('SELECT ean13 FROM bundles WHERE entity_id = 101 AND ean13 IS NOT NULL').pluck().all() as string[]
    expect(codes.length).toBeGreaterThan(85_000)
    expect(codes.every(isValidEan13)).toBe(true)
    expect(new Set(codes).size).toBe(codes.length)
    expect(count('SELECT COUNT(*) FROM bundles WHERE entity_id = 101 AND category_bundle = 1')).toBeGreaterThan(5_000)
    expect(count('SELECT COUNT(DISTINCT item_id) FROM bundle_details WHERE entity_id = 101')).toBeGreaterThan(40_000)
    expect(
      count('SELECT COUNT(DISTINCT bundle_id) FROM bundle_taggings bt JOIN bundles b ON b.id = bt.bundle_id WHERE b.entity_id = 101'),
    ).toBeGreaterThan(50_000)
    // The facts hold at this scale too.
    expect(count('SELECT COUNT(*) FROM movements WHERE bundle_id = ?', facts.withMovements.id)).toBeGreaterThan(0)
    expect(count('SELECT category_bundle FROM bundles WHERE id = ?', facts.dynamic.id)).toBe(1)
  })

  it('keeps the bookings facts (same ids, codes, lots and stock as the small scale) and answers the booking list', async () => {
    for (const f of Object.values(bookingFacts)) checkBookingFacts(db, f, true)
    const list = await rest<{ id: number }[]>(sandbox, sandbox.users[0]!, 'GET', '/pos/bookings.json')
    expect(list.body.map((b) => b.id)).toEqual([
      bookingFacts[101].bookings.open,
      bookingFacts[101].bookings.noTransport,
      bookingFacts[101].bookings.withBundle,
    ])
  })

  it('lists all 100,000 bundles over REST', async () => {
    const started = performance.now()
    const res = await fetch(`${sandbox.url}/inventories/bundles.json`, {
      headers: { 'X-User-Email': sandbox.users[0]!.email, 'X-User-Token': sandbox.users[0]!.token, Accept: 'application/json' },
    })
    const text = await res.text()
    const seconds = (performance.now() - started) / 1000
    const list = JSON.parse(text) as { id: number; tags: string[] }[]
    console.log(`REST list of ${list.length} bundles: ${seconds.toFixed(2)} s, ${(text.length / 1e6).toFixed(1)} MB`)
    expect(res.status).toBe(200)
    expect(list).toHaveLength(100_000)
    expect(list[0]!.id).toBe(facts.withMovements.id)
    expect(list[0]!.tags).toEqual(facts.withMovements.tags)
    expect(seconds).toBeLessThan(30)
    const tagged = await rest<unknown[]>(sandbox, sandbox.users[0]!, 'GET', `/inventories/bundles.json?tag=${encodeURIComponent('oferta')}`)
    expect(tagged.body.length).toBeGreaterThan(5_000)
  }, 120_000)

  it('pages all 100,000 bundles over GraphQL by keyset, each page read through the primary key', async () => {
    const registry = sandboxTables()
    const page = compileSelect(
      registry,
      registry.table('bundles'),
      { where: { id: { _gt: 0 } }, order_by: [{ id: 'asc' }], limit: 5000 },
      newScope(101),
    )
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${page.text}`).all(...page.params) as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ')
    expect(plan).toMatch(/rowid>\?/)
    expect(plan).not.toMatch(/TEMP B-TREE/)

    const jwt = await graphqlToken(sandbox, sandbox.users[0]!)
    const query = `query ($after: bigint!) {
      bundles(where: {id: {_gt: $after}}, order_by: [{id: asc}], limit: 5000) {
        id zid code name ean13 active category_bundle item_category_id updated_at bundle_details_count tags
        bundle_details { id item_id quantity }
      }
    }`
    const times: number[] = []
    let after = 0
    let total = 0
    let details = 0
    for (;;) {
      const started = performance.now()
      const { bundles } = await gqlData<{ bundles: { id: number; bundle_details: unknown[] }[] }>(sandbox, jwt, query, { after })
      times.push(performance.now() - started)
      if (bundles.length === 0) break
      expect(bundles[0]!.id).toBeGreaterThan(after)
      total += bundles.length
      details += bundles.reduce((n, b) => n + b.bundle_details.length, 0)
      after = bundles[bundles.length - 1]!.id
    }
    const pages = times.slice(0, -1)
    const mean = pages.reduce((a, b) => a + b, 0) / pages.length
    console.log(
      `GraphQL keyset paging: ${pages.length} pages of 5000 (${details} components), mean ${mean.toFixed(0)} ms, max ${Math.max(...pages).toFixed(0)} ms per page`,
    )
    expect(total).toBe(100_000)
    expect(pages).toHaveLength(20)
    expect(mean).toBeLessThan(5_000)
  }, 180_000)
})
