import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PAGE_SIZE, pageQuery, pagedTables } from '@core/api/catalogueGraphql'
import { GraphqlClient } from '@core/api/graphqlClient'
import { RestClient } from '@core/api/restClient'
import { openMigrated } from '@core/cache/cacheDatabase'
import { CatalogueStore } from '@core/cache/catalogueStore'
import { entityMigrations } from '@core/cache/migrations'
import { startByteCountingProxy } from '../../support/byteCountingProxy'
import { tempDir } from '../../support/tempDir'
import { durations, percentile, report } from '../support/measure'

// The catalogue on the large seed (100,000 bundles over 50,000 items): a full
// pull, search, and a warm start. The sandbox runs as a separate process, and
// so does each pull, so their memory is their own.
const root = join(__dirname, '..', '..', '..')
const cli = join(root, 'out', 'main', 'cli.js')
let sandbox: ChildProcess
let url = ''
let user: { email: string; token: string }

function run(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve({ stdout, stderr, ms: performance.now() - start }) : reject(new Error(`exit ${code}: ${stderr}`)),
    )
  })
}

beforeAll(async () => {
  sandbox = spawn(process.execPath, [cli, '--json', '--data-dir', tempDir('mostrador-bench-sandbox-'), 'sandbox', '--scale', 'large'], {
    cwd: root,
  })
  const first = await new Promise<string>((resolve, reject) => {
    let out = ''
    sandbox.stdout!.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0]!)
    })
    sandbox.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)))
  })
  const started = JSON.parse(first) as { url: string; users: { email: string; token: string }[] }
  url = started.url
  user = started.users[0]!
})
afterAll(() => {
  sandbox?.kill('SIGTERM')
})

let cacheDir = ''

it('full pull of the large seed, against the bare reads (GraphQL pages fetch + parse + one insert, REST list streamed beside them)', async () => {
  cacheDir = tempDir('mostrador-bench-cache-')
  const env = { MOSTRADOR_EMAIL: user.email, MOSTRADOR_TOKEN: user.token }
  // Through a proxy that counts what crosses the wire: what the pull costs a shop's metered line.
  const wire = await startByteCountingProxy(url)
  const pull = await run(
    ['--require', join(__dirname, '..', 'support', 'reportRss.cjs'), cli, '--server', wire.url, '--data-dir', cacheDir, '--json', 'sync'],
    env,
  ).finally(() => wire.close())
  const status = JSON.parse(pull.stdout) as { counts: { bundles: number; items: number }; capabilities: { bundleColumns: boolean } }
  const pullRssMb = Number(/@@rss (\d+)/.exec(pull.stderr)![1]) / 1024
  const pullCpuS = Number(/@@cpu (\d+)/.exec(pull.stderr)![1]) / 1e6

  const queries = JSON.stringify(pagedTables.map((table) => ({ table, query: pageQuery(table) })))
  const base = await run([
    join(__dirname, '..', 'support', 'baselinePull.mjs'),
    url,
    user.email,
    user.token,
    join(tempDir(), 'b.sqlite'),
    queries,
    String(PAGE_SIZE),
  ])
  const baseline = JSON.parse(base.stdout) as {
    ms: number
    cpuMs: number
    rows: number
    restMs: number
    restBytes: number
    graphqlBytes: number
    maxRssKb: number
  }
  const bare = 'GraphQL pages + REST list, bare'

  report('Full pull of the large seed (separate processes, loopback)', [
    {
      name: 'pull time (mostrador sync, whole process)',
      value: pull.ms / 1000,
      unit: 's',
      baseline: { name: bare, value: baseline.ms / 1000 },
      goal: 'ratio ≤ 2.0',
    },
    // The sandbox shares the machine's cores; processor time is what the client itself spent.
    { name: 'pull processor time (user + system)', value: pullCpuS, unit: 's', baseline: { name: bare, value: baseline.cpuMs / 1000 } },
    { name: 'baseline: the bare REST list alone', value: baseline.restMs / 1000, unit: 's' },
    { name: 'REST list size', value: baseline.restBytes / 1024 / 1024, unit: 'MB' },
    {
      name: 'bytes received by the pull, on the wire',
      value: wire.received / 1024 / 1024,
      unit: 'MB',
      baseline: { name: 'the same answers uncompressed', value: (baseline.restBytes + baseline.graphqlBytes) / 1024 / 1024 },
    },
    { name: 'bundles per second', value: status.counts.bundles / (pull.ms / 1000), unit: '/s' },
    { name: 'client peak RSS', value: pullRssMb, unit: 'MB', baseline: { name: bare, value: baseline.maxRssKb / 1024 }, goal: '≤ 300 MB' },
  ])
  expect(status.counts.bundles).toBe(100_000)
  // The pull read the REST list too: the baseline's REST read is then a like-for-like floor.
  expect(status.capabilities.bundleColumns).toBe(true)
})

it('search on the large cache: 1,000 mixed queries, against GraphQL _ilike round trips', async () => {
  const file = join(cacheDir, 'accounts', readdirSync(join(cacheDir, 'accounts'))[0]!)
  const entity = readdirSync(file).find((f) => f.startsWith('entity-') && f.endsWith('.sqlite'))!
  const db = openMigrated(join(file, entity), entityMigrations)
  const agency = (db.prepare('SELECT agency_id FROM stock LIMIT 1').get() as { agency_id: number }).agency_id
  const store = new CatalogueStore(db, () => agency)
  const sample = db.prepare('SELECT code, name, ean13 FROM bundles ORDER BY random() LIMIT 334').all() as {
    code: string
    name: string
    ean13: string | null
  }[]
  const queries = sample.flatMap((b) => [b.ean13 ?? b.code, b.code.slice(0, 5), b.name.split(/\s+/)[0]!.slice(0, 5)]).slice(0, 1000)
  let i = 0
  const local = await durations(() => store.search({ query: queries[i++ % queries.length]!, limit: 50 }), queries.length, 50)

  const rest = new RestClient({ serverUrl: url, ...user })
  const graphql = new GraphqlClient(rest)
  const online = queries.filter((_, n) => n % 10 === 0)
  let j = 0
  const remote = await durations(
    () => {
      const q = online[j++ % online.length]!
      return graphql.query(
        'query($p: String!, $w: String!, $e: String!) { bundles(where: {_or: [{ean13: {_eq: $e}}, {code: {_ilike: $p}}, {name: {_ilike: $w}}]}, order_by: [{code: asc}], limit: 50) { id code name ean13 } }',
        { p: `${q}%`, w: `%${q}%`, e: q },
      )
    },
    online.length,
    5,
  )
  report(`Search (${queries.length} local queries; ${online.length} online)`, [
    {
      name: 'p50 cache search',
      value: percentile(local, 50),
      unit: 'ms',
      baseline: { name: 'GraphQL _ilike', value: percentile(remote, 50) },
    },
    {
      name: 'p99 cache search',
      value: percentile(local, 99),
      unit: 'ms',
      baseline: { name: 'GraphQL _ilike', value: percentile(remote, 99) },
      goal: 'p99 ≤ 2 ms',
    },
  ])

  db.close()
  const t0 = performance.now()
  const warm = openMigrated(join(file, entity), entityMigrations)
  const first = new CatalogueStore(warm, () => agency).search({ limit: 100 })
  const warmMs = performance.now() - t0
  report('Warm start', [{ name: 'open the large cache to the first page', value: warmMs, unit: 'ms' }])
  warm.close()
  expect(first.rows).toHaveLength(100)
})
