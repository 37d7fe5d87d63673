import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PullProgress } from '@shared/catalogue'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { pullLockFile } from '@core/sync/pullLock'
import { bundleChild, startChild, type ChildRun } from '../support/childProcess'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { entityCacheFile } from '../support/entityCacheFile'
import { startInterceptingProxy, type InterceptingProxy } from '../support/interceptingProxy'
import { tempDirInTest } from '../support/tempDir'

// Two Mostrador processes on one computer (the app's scheduled pull and `mostrador sync`, say) pulling one
// catalogue at once: both full pulls staged their snapshot in the same tables of the cache, each dropped the
// other's, and both failed on SQL errors ("no such table: next_items"). One pull per catalogue now; the other
// waits for it and takes what it brought.

let sandbox: RunningSandbox
let proxy: InterceptingProxy
let lockChild = ''
const cores: CoreHarness[] = []
const children: ChildRun[] = []

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  lockChild = await bundleChild('processLockChild.ts')
})
afterEach(async () => {
  for (const child of children.splice(0)) child.kill()
  await Promise.all(cores.splice(0).map((h) => h.close()))
})
afterAll(async () => {
  await proxy?.close()
  await sandbox?.close()
})

/** A process's core on the data folder, signed in (through the proxy: one service address, one cache): the app, the host or the CLI. */
async function processOn(dataDir: string, otherPullWaitMs?: number) {
  const h = await coreHarness(dataDir, { requestTimeoutMs: 60_000, ...(otherPullWaitMs ? { otherPullWaitMs } : {}) })
  cores.push(h)
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
  return h
}

const phases = (h: CoreHarness) => (h.seen('catalogue.progress') as PullProgress[]).map((p) => p.phase)

/** A process that holds the catalogue's pull lock as a pull of its own would, until it is killed. */
async function otherProcessPulling(dataDir: string): Promise<ChildRun> {
  const holder = startChild(lockChild, ['hold', pullLockFile(entityCacheFile(dataDir).entity)])
  children.push(holder)
  expect(await holder.reached('held')).toBe(true)
  return holder
}

describe('two processes pulling one catalogue', () => {
  it('both full pulls end well: the second waits for the first and reads nothing again', async () => {
    const dataDir = tempDirInTest()
    const first = await processOn(dataDir)
    const second = await processOn(dataDir)
    const whole = (await first.call('catalogue.pull', { full: true })).counts

    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    let lists = 0
    const before = first.core.services.catalogue.status().pulledAt
    await proxy.during(
      // The first process's pull, held while it reads the REST list of bundles: its snapshot is half staged.
      (req) => (/\/inventories\/bundles\.json/.test(req.url ?? '') && lists++ === 0 ? { hold: () => held, afterForward: true } : null),
      async () => {
        const pulling = first.call('catalogue.pull', { full: true })
        await vi.waitFor(() => expect(lists).toBe(1), { timeout: 10_000 })
        const waiting = second.call('catalogue.pull', { full: true })
        await vi.waitFor(() => expect(phases(second)).toContain('waiting'), { timeout: 10_000 })
        expect(second.core.services.catalogue.status().pulling).toBe(true)
        release()
        const [one, two] = await Promise.all([pulling, waiting])
        expect([one.lastError, two.lastError]).toEqual([null, null])
        expect(two.counts).toEqual(whole)
        expect(two.pulledAt).toBe(one.pulledAt)
        expect(two.pulledAt).not.toBe(before)
      },
    )
    // The second process read no page of the catalogue: the first's pull is in the file they share.
    expect(phases(second).filter((p) => p !== 'waiting')).toEqual([])
    expect(lists, 'REST lists of bundles read').toBe(1)
    for (const h of [first, second]) expect((await h.call('catalogue.search', { query: '' })).total).toBe(whole.bundles)
  })

  it('a process that holds the pull and ends without it: the waiting pull then reads the catalogue itself', async () => {
    const dataDir = tempDirInTest()
    const h = await processOn(dataDir)
    const whole = (await h.call('catalogue.pull', { full: true })).counts
    const before = h.core.services.catalogue.status().pulledAt
    const other = await otherProcessPulling(dataDir)

    const pulling = h.call('catalogue.pull', { full: true })
    await vi.waitFor(() => expect(phases(h)).toContain('waiting'), { timeout: 10_000 })
    // The other process is killed mid-pull (a power cut of its own, a closed window): the OS lets its lock go.
    await new Promise((r) => setTimeout(r, 300))
    expect(phases(h).at(-1)).toBe('waiting')
    other.kill()
    const status = await pulling
    expect(status.lastError).toBeNull()
    expect(status.counts).toEqual(whole)
    expect(status.pulledAt).not.toBe(before)
    expect(phases(h)).toContain('bundles')
  })

  it('a pull waiting for another process stops waiting when its account signs out', async () => {
    const dataDir = tempDirInTest()
    const h = await processOn(dataDir)
    await h.call('catalogue.pull', { full: true })
    const other = await otherProcessPulling(dataDir)

    const pulling = h.call('catalogue.pull')
    pulling.catch(() => undefined)
    await vi.waitFor(() => expect(phases(h)).toContain('waiting'), { timeout: 10_000 })
    const asked = Date.now()
    await h.call('session.signOut')
    await expect(pulling).rejects.toBeInstanceOf(Error)
    expect(Date.now() - asked, 'ms to stop waiting').toBeLessThan(2_000)

    // Nothing of the stopped wait is left behind: signed in again, with the other process gone, a pull goes through.
    other.kill()
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
    expect((await h.call('catalogue.pull')).lastError).toBeNull()
  })

  it('a process that keeps the pull too long: the pull gives up saying so, and the kept catalogue stays', async () => {
    const dataDir = tempDirInTest()
    const h = await processOn(dataDir, 1_500)
    const kept = await h.call('catalogue.pull', { full: true })
    await otherProcessPulling(dataDir)

    await expect(h.call('catalogue.pull', { full: true })).rejects.toMatchObject({ code: 'another_puller' })
    const status = await h.call('catalogue.status')
    expect(status.lastError?.code).toBe('another_puller')
    expect(status.pulling).toBe(false)
    expect(status.pulledAt).toBe(kept.pulledAt)
    expect((await h.call('catalogue.search', { query: '' })).total).toBe(kept.counts.bundles)
  })
})
