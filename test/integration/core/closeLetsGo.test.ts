import { readdirSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness } from '../../support/coreHarness'
import { isGraphql, startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'

// A closed core has let go of its files. The pull's thread, stopped by the close, ended after it: its connection then
// wrote the cache's write-ahead log into the cache file over whatever the disk held by then (in the e2e test of a power
// cut, the emptied file came back whole and the unsent bookings were never said to be recovered).
let sandbox: RunningSandbox
let proxy: InterceptingProxy

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
})

afterAll(async () => {
  await proxy?.close()
  await sandbox?.close()
})

/** Signs in, starts a full pull, and closes the core once `held` (which sees each request after the start) held one. */
async function closeWhilePullHeld(held: (req: IncomingMessage) => boolean): Promise<{ dataDir: string; closedInMs: number }> {
  const dataDir = tempDir()
  const h = await coreHarness(dataDir, { requestTimeoutMs: 60_000 })
  let closed = false
  try {
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
    // The entity known: the pull's request goes straight to the pull, which reads the profile again.
    await h.call('profile.whoami')
    let pulling = false
    let stalled = false
    // The answer never comes: whoever asked waits for it until the close stops the pull.
    const stall = async () => {
      stalled = true
      await new Promise(() => undefined)
    }
    return await proxy.during(
      (req) => (pulling && held(req) ? { hold: stall, afterForward: true } : null),
      async () => {
        pulling = true
        const pull = h.call('catalogue.pull', { full: true }).catch(() => undefined)
        await vi.waitFor(() => expect(stalled).toBe(true), { timeout: 10_000 })
        const started = Date.now()
        await h.close()
        closed = true
        const closedInMs = Date.now() - started
        await pull
        return { dataDir, closedInMs }
      },
    )
  } finally {
    if (!closed) await h.close()
  }
}

/** What a connection left open (or closed halfway) keeps beside its file, anywhere in the data folder. */
const leftOpen = (dataDir: string) =>
  readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((f) => /-(wal|shm|journal)$/.test(f))

it("has let go of every file once its close has returned, though the pull's thread was writing", async () => {
  let listed = false
  let pages = 0
  const { dataDir } = await closeWhilePullHeld((req) => {
    // Held after the thread read the bundles and wrote some pages, which wait in the write-ahead log.
    if (/\/inventories\/bundles\.json/.test(req.url ?? '')) listed = true
    return listed && isGraphql(req) && ++pages > 2
  })
  expect(leftOpen(dataDir)).toEqual([])
})

it('stops at once a pull that is still reading who is signed in', async () => {
  const { dataDir, closedInMs } = await closeWhilePullHeld((req) => /\/profile\.json/.test(req.url ?? ''))
  // The close does not wait for an answer that may never come (the request's own limit is a minute here).
  expect(closedInMs).toBeLessThan(5_000)
  expect(leftOpen(dataDir)).toEqual([])
})
