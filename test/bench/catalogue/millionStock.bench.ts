import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueStore } from '@core/cache/catalogueStore'
import { entityMigrations } from '@core/cache/migrations'
import { entityCacheFile } from '../../support/entityCacheFile'
import { tempDir } from '../../support/tempDir'
import { startBenchSandbox, cli, type BenchSandbox } from '../support/benchSandbox'
import { mixedQueries, searchTimes } from '../support/cacheSearch'
import { percentile, report } from '../support/measure'
import { reportedUsage, runNode } from '../support/runNode'

// Issue 32, requirement 4: a million rows of stock (the million seed: 20,000 items stocked in each of 50 agencies,
// 40,000 bundles) pulled into a fresh cache by the CLI in a process of its own, whose peak memory is its own; then
// the counter's search on that cache.
let sandbox: BenchSandbox | undefined

beforeAll(async () => {
  sandbox = await startBenchSandbox('million')
})
afterAll(() => sandbox?.stop())

it('a full pull of a million stock rows: peak RSS, then search p99 on the cache it leaves', async () => {
  const { url, user } = sandbox!
  const cacheDir = tempDir('mostrador-bench-million-')
  const pull = await runNode(
    ['--require', join(__dirname, '..', 'support', 'reportRss.cjs'), cli, '--server', url, '--data-dir', cacheDir, '--json', 'sync'],
    { MOSTRADOR_EMAIL: user.email, MOSTRADOR_TOKEN: user.token },
  )
  const usage = reportedUsage(pull)

  const db = openMigrated(entityCacheFile(cacheDir).entity, entityMigrations)
  const count = (table: string) => db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0
  const stockRows = count('stock')
  const lotStockRows = count('lot_stocks')
  // The clerk's own agency: every agency holds every item here, so any one is as large as the others.
  const agency = db.prepare<[], number>('SELECT min(agency_id) FROM stock').pluck().get() ?? null
  const store = new CatalogueStore(db, () => agency)
  const queries = mixedQueries(db)
  const times = searchTimes(store, queries)
  const found = store.search({ query: queries[1]!, limit: 50 })
  db.close()

  report(`A million stock rows (${stockRows} by item and agency, ${lotStockRows} by lot), one full pull`, [
    { name: 'client peak RSS during the pull', value: usage.rssMb, unit: 'MB', goal: '≤ 300 MB' },
    { name: 'pull time (mostrador sync, whole process)', value: pull.ms / 1000, unit: 's' },
    { name: 'pull processor time (user + system)', value: usage.cpuS, unit: 's' },
    { name: 'stock rows (by lot) per second', value: lotStockRows / (pull.ms / 1000), unit: '/s' },
  ])
  report(`Search on the million-stock cache (${queries.length} mixed queries, first page of 50)`, [
    { name: 'p50 cache search', value: percentile(times.wall, 50), unit: 'ms' },
    { name: 'p99 cache search', value: percentile(times.wall, 99), unit: 'ms', goal: 'p99 ≤ 2 ms' },
    { name: 'p99 cache search, processor time', value: percentile(times.cpu, 99), unit: 'ms' },
  ])
  expect(stockRows).toBe(1_000_000)
  expect(found.rows.length).toBeGreaterThan(0)
})
