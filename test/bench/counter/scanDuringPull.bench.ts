import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { PULL_NICENESS } from '@core/sync/threadPriority'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { startBenchSandbox, type BenchSandbox } from '../support/benchSandbox'
import { startReplayingService, type ReplayingService } from '../support/replayingService'
import { busyThreads } from '../support/busyThreads'
import { runClerk, type ClerkWork } from '../support/clerkThread'
import { changeServiceDay, entityOfBundle } from '../support/serviceDay'
import { percentile, report } from '../support/measure'

// Issue 32, item 3: the counter never waits for a pull. A scan answered by the core (counter.scan, from
// the cache) and a booking's commit (cache + outbox, deleted again untimed), idle and while a full pull of
// the large seed runs in the same process, as the desktop app's main process runs both. The clerk, in a
// thread of its own, scans every 20 ms and commits every tenth time, and times each from sending it to its
// answer: what the pull holds the event loop for is in the time of the request that arrived meanwhile. Idle
// and during at the same pace, so the one is the other's baseline; 20 ms gives a 12 s pull some 600 scans.
// Twice: with the sandbox sharing the two processors as it is, then with its answers replayed as they crossed the
// wire, as from a service on another computer.
let sandbox: BenchSandbox | undefined
let service: ReplayingService | undefined
let h: CoreHarness | undefined
beforeAll(async () => {
  sandbox = await startBenchSandbox('large')
  service = await startReplayingService(sandbox.url)
  h = await coreHarness(tempDir(), { requestTimeoutMs: 120_000 }, { keepEvents: false })
  await h.call('session.signIn', { serverUrl: service.url, ...sandbox.user })
  await h.call('profile.whoami')
  await h.call('catalogue.pull')
}, 600_000)
afterAll(async () => {
  await h?.close()
  service?.stop()
  sandbox?.stop()
})

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
  let failure: unknown = null
  // Each scan's own time on the core's thread too: the clerk's time less this is the wait to be heard and answered.
  const onCoreThread: number[] = []
  const work: ClerkWork = async (kind, n) => {
    if (kind === 'scan') {
      const started = performance.now()
      const answer = await core.call('counter.scan', { code: codes[n % codes.length]!, kind: 'item' })
      onCoreThread.push(performance.now() - started)
      return answer
    }
    const created = await core.call('bookings.create', booking)
    // Deleted again once the answer is on its way, untimed.
    setImmediate(() => void core.call('bookings.delete', { id: created.booking.localId }).catch((err) => (failure = err)))
    return created
  }
  const clerk = { kinds: ['scan', 'commit'], every: 10 }
  // Idle three times, before, between and after the pulls, and pooled: this machine's speed drifts by the minute,
  // and one idle series measured before alone made the ratio anything from 0.9 to 2.1 in three runs of one build.
  const idleParts: Record<string, number[]>[] = []
  const idleOnCoreThread: number[] = []
  const measureIdle = async () => {
    idleParts.push((await runClerk(work, { ...clerk, pauseMs: 20, count: 300 })).byKind)
    idleOnCoreThread.push(...onCoreThread.splice(0))
  }
  // Untimed first, as a shop's first scans of the day are: the scan's code compiled, its pages read.
  await runClerk(work, { ...clerk, pauseMs: 20, count: 100 })
  onCoreThread.splice(0)
  await measureIdle()
  // The processors the pull and the service keep busy (this process's clerk and core are nearly idle meanwhile).
  const processorMs = () => {
    const own = process.cpuUsage()
    return (own.user + own.system) / 1000 + sandbox!.processorMs() + service!.processorMs()
  }
  // What the pull's thread tells the window of its progress: each figure crosses to it and is drawn.
  let progressTold = 0
  core.core.events.on('catalogue.progress', () => progressTold++)
  const duringPull = async (full = true) => {
    const toldBefore = progressTold
    const processorBefore = processorMs()
    const pullStarted = performance.now()
    let load = 0
    const pull = core.call('catalogue.pull', { full }).then(() => {
      load = (processorMs() - processorBefore) / (performance.now() - pullStarted)
    })
    const { byKind } = await runClerk(work, { ...clerk, pauseMs: 20, until: pull })
    await pull
    const progress = progressTold - toldBefore
    return { scan: byKind.scan!, commit: byKind.commit!, onCoreThread: onCoreThread.splice(0), load, progress }
  }
  const during = await duringPull()
  await measureIdle()
  // The same clerk beside two threads that only use the processor, as much as the pull and the service did (about
  // 1.5 of this machine's two processors on the large seed): the wait the scheduler alone makes, without a pull.
  const share = Math.min(1, during.load / 2)
  const besideThreads = async (niceness: number) => {
    const busy = busyThreads(2, share, niceness)
    const { byKind } = await runClerk(work, { ...clerk, pauseMs: 20, count: 300 })
    await busy.stop()
    return { scan: byKind.scan!, onCoreThread: onCoreThread.splice(0) }
  }
  const beside = await besideThreads(0)
  // The same threads at the pull's priority (threadPriority.ts): the least wait the pull's thread could leave.
  const besideLowered = await besideThreads(PULL_NICENESS)
  // A shop's service is on another computer: here it shares the two processors with the clerk, and answers a pull
  // with about as much processor time as the pull takes. Replayed, its answers cost this computer only their copy,
  // and what is left is the client's own doing. (Yielding the sandbox's process to every other thread is not the
  // same: with both processors busy, Linux lets a clerk's request wait up to a scheduler tick, 4 ms here.)
  await service!.replay(true)
  const elsewhere = await duringPull()
  const replays = await service!.replay(false)
  await measureIdle()
  sandbox!.yieldToAll()
  // The pull every ten minutes between the daily full ones, after a busy day on the service: it writes what changed.
  const { rows } = await core.call('catalogue.search', { limit: 1 })
  const changedBundles = changeServiceDay(sandbox!.dir, entityOfBundle(sandbox!.dir, rows[0]!.id)).length
  const routine = await duringPull(false)
  expect(failure).toBeNull()
  const idle = { scan: idleParts.flatMap((p) => p.scan!), commit: idleParts.flatMap((p) => p.commit!) }
  const idleP99 = { name: 'idle', value: percentile(idle.scan, 99) }
  const idleCommitP99 = { name: 'idle', value: percentile(idle.commit, 99) }
  report(
    `While a full pull runs (${during.scan.length} scans, ${during.commit.length} commits during; ${idle.scan.length} and ${idle.commit.length} idle; the pull and the service kept ${during.load.toFixed(2)} processors busy; ${during.progress} progress figures told)`,
    [
      {
        name: 'p50 scan during the pull',
        value: percentile(during.scan, 50),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.scan, 50) },
      },
      { name: 'p99 scan during the pull', value: percentile(during.scan, 99), unit: 'ms', baseline: idleP99, goal: 'ratio ≤ 1.5' },
      {
        name: `p99 scan beside two threads busy ${Math.round(share * 100)} % of the time, no pull`,
        value: percentile(beside.scan, 99),
        unit: 'ms',
        baseline: idleP99,
      },
      {
        name: 'p99 scan beside the same threads at the pull’s priority',
        value: percentile(besideLowered.scan, 99),
        unit: 'ms',
        baseline: idleP99,
      },
      ...idleParts.map((part, n) => ({
        name: `p99 scan idle, ${['before the pulls', 'between them', 'after them'][n]}`,
        value: percentile(part.scan!, 99),
        unit: 'ms',
        baseline: idleP99,
      })),
      {
        name: 'p99 scan during the pull, its time on the core’s thread',
        value: percentile(during.onCoreThread, 99),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idleOnCoreThread, 99) },
      },
      {
        name: 'p99 scan beside the busy threads at the pull’s priority, its time on the core’s thread',
        value: percentile(besideLowered.onCoreThread, 99),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idleOnCoreThread, 99) },
      },
      {
        name: 'slowest scan during the pull',
        value: Math.max(...during.scan),
        unit: 'ms',
        baseline: { name: 'idle', value: Math.max(...idle.scan) },
      },
      {
        name: 'p50 commit during the pull',
        value: percentile(during.commit, 50),
        unit: 'ms',
        baseline: { name: 'idle', value: percentile(idle.commit, 50) },
      },
      {
        name: 'p99 commit during the pull',
        value: percentile(during.commit, 99),
        unit: 'ms',
        baseline: idleCommitP99,
        goal: 'ratio ≤ 1.5',
      },
    ],
  )
  report(
    `The same, the service's answers replayed as from another computer (${replays.replayed} replayed, ${replays.asked} asked of the sandbox; ${elsewhere.scan.length} scans, ${elsewhere.commit.length} commits during; ${elsewhere.load.toFixed(2)} processors busy)`,
    [
      { name: 'p99 scan during the pull', value: percentile(elsewhere.scan, 99), unit: 'ms', baseline: idleP99, goal: 'ratio ≤ 1.5' },
      {
        name: 'p99 commit during the pull',
        value: percentile(elsewhere.commit, 99),
        unit: 'ms',
        baseline: idleCommitP99,
        goal: 'ratio ≤ 1.5',
      },
    ],
  )
  report(
    `A routine pull after ${changedBundles} bundles and 5 % of stock rows changed, the service yielding (${routine.scan.length} scans, ${routine.commit.length} commits during)`,
    [
      { name: 'p99 scan during the pull', value: percentile(routine.scan, 99), unit: 'ms', baseline: idleP99, goal: 'ratio ≤ 1.5' },
      { name: 'slowest commit during the pull', value: Math.max(...routine.commit), unit: 'ms', baseline: idleCommitP99 },
    ],
  )
  // Every answer of the replayed pull was one kept: the sandbox's processor had no part in it.
  expect(replays.asked).toBe(0)
  expect(replays.replayed).toBeGreaterThan(10)
  expect(routine.commit.length).toBeGreaterThan(2)
  expect(elsewhere.commit.length).toBeGreaterThan(5)
  expect(during.commit.length).toBeGreaterThan(5)
}, 600_000)
