import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { startBenchSandbox, type BenchSandbox } from '../support/benchSandbox'
import { percentile, report } from '../support/measure'

// Issue 32, item 3: the counter never waits for a pull. A scan answered by the core (counter.scan, from
// the cache) idle, and while a full pull of the large seed runs in the same process, as the desktop app's
// main process runs both. The clerk scans every 50 ms; what the pull holds the event loop for shows in p99.
let sandbox: BenchSandbox | undefined
let h: CoreHarness | undefined
beforeAll(async () => {
  sandbox = await startBenchSandbox('large')
  h = await coreHarness(tempDir(), { requestTimeoutMs: 120_000 })
  await h.call('session.signIn', { serverUrl: sandbox.url, ...sandbox.user })
  await h.call('profile.whoami')
  await h.call('catalogue.pull')
}, 600_000)
afterAll(async () => {
  await h?.close()
  sandbox?.stop()
})

async function scan(core: CoreHarness, code: string): Promise<number> {
  const start = performance.now()
  await core.call('counter.scan', { code, kind: 'item' })
  return performance.now() - start
}

it('scan p99 while a full pull of the large seed runs, against idle', async () => {
  const core = h!
  const codes = (await core.call('items.search', { query: '', limit: 200 })).map((i) => i.code)
  expect(codes.length).toBeGreaterThan(100)
  const idle: number[] = []
  for (let i = 0; i < 400; i++) {
    idle.push(await scan(core, codes[i % codes.length]!))
    await sleep(5)
  }
  let pulling = true
  const pull = core.call('catalogue.pull', { full: true }).finally(() => (pulling = false))
  const during: number[] = []
  for (let i = 0; pulling; i++) {
    during.push(await scan(core, codes[i % codes.length]!))
    await sleep(50)
  }
  await pull
  report(`counter.scan while a full pull runs (${during.length} scans during, ${idle.length} idle)`, [
    {
      name: 'p50 scan during the pull',
      value: percentile(during, 50),
      unit: 'ms',
      baseline: { name: 'idle', value: percentile(idle, 50) },
    },
    {
      name: 'p99 scan during the pull',
      value: percentile(during, 99),
      unit: 'ms',
      baseline: { name: 'idle', value: percentile(idle, 99) },
      goal: 'ratio ≤ 1.5',
    },
    { name: 'slowest scan during the pull', value: Math.max(...during), unit: 'ms', baseline: { name: 'idle', value: Math.max(...idle) } },
  ])
  expect(during.length).toBeGreaterThan(10)
}, 600_000)
