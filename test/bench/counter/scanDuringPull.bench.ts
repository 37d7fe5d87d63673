import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { startBenchSandbox, type BenchSandbox } from '../support/benchSandbox'
import { percentile, report } from '../support/measure'

// Issue 32, item 3: the counter never waits for a pull. A scan answered by the core (counter.scan, from
// the cache) and a booking's commit (cache + outbox, deleted again untimed), idle and while a full pull of
// the large seed runs in the same process, as the desktop app's main process runs both. The clerk scans
// every 50 ms and commits every tenth time; what the pull holds the event loop for shows in p99.
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

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await work()
  return performance.now() - start
}

/** A scan every time, and every tenth time a one-line booking committed (then deleted, untimed). */
async function counterWork(core: CoreHarness, codes: string[], booking: BookingInput, i: number, scans: number[], commits: number[]) {
  scans.push(await timed(() => core.call('counter.scan', { code: codes[i % codes.length]!, kind: 'item' })))
  if (i % 10 !== 0) return
  let localId = ''
  commits.push(await timed(async () => (localId = (await core.call('bookings.create', booking)).booking.localId)))
  await core.call('bookings.delete', { id: localId })
}

it('scan and commit p99 while a full pull of the large seed runs, against idle', async () => {
  const core = h!
  const codes = (await core.call('items.search', { query: '', limit: 200 })).map((i) => i.code)
  expect(codes.length).toBeGreaterThan(100)
  const { item, destination } = await bookableItem(core)
  const booking: BookingInput = {
    agencyToId: destination,
    plannedDelivery: '2026-12-01',
    reference: 'bench',
    lines: [{ itemId: item, bookedQuantity: '1' }],
  }
  const idle = { scans: [] as number[], commits: [] as number[] }
  for (let i = 0; i < 400; i++) {
    await counterWork(core, codes, booking, i, idle.scans, idle.commits)
    await sleep(5)
  }
  let pulling = true
  const pull = core.call('catalogue.pull', { full: true }).finally(() => (pulling = false))
  const during = { scans: [] as number[], commits: [] as number[] }
  for (let i = 0; pulling; i++) {
    await counterWork(core, codes, booking, i, during.scans, during.commits)
    await sleep(50)
  }
  await pull
  report(
    `While a full pull runs (${during.scans.length} scans, ${during.commits.length} commits during; ${idle.scans.length} and ${idle.commits.length} idle)`,
    [
      {
        name: 'p50 scan during the pull',
        value: percentile(during.scans, 50),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.scans, 50) },
      },
      {
        name: 'p99 scan during the pull',
        value: percentile(during.scans, 99),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.scans, 99) },
        goal: 'ratio ≤ 1.5',
      },
      {
        name: 'slowest scan during the pull',
        value: Math.max(...during.scans),
        unit: 'ms',
        baseline: { name: 'idle', value: Math.max(...idle.scans) },
      },
      {
        name: 'p50 commit during the pull',
        value: percentile(during.commits, 50),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.commits, 50) },
      },
      {
        name: 'p99 commit during the pull',
        value: percentile(during.commits, 99),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.commits, 99) },
        goal: 'ratio ≤ 1.5',
      },
    ],
  )
  expect(during.commits.length).toBeGreaterThan(5)
}, 600_000)
