import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionLink } from '@shared/domain'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { noFaults } from '@sandbox/faults'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { tempDir } from '../support/tempDir'

// Issue 30, item 4: with the service answering 503 to everything, an idle app
// said "online" for minutes (it asked the service only while not online), and
// a hanging service was noticed only when a booking was saved. An idle app now
// knows within 30 s that the service fails, hangs or is gone, and that it is
// back. The core runs with its real deadlines and heartbeat here: the figure
// under test is theirs.

const promised = 30_000

let sandboxDir: string
let sandbox: RunningSandbox
let port: number
let h: CoreHarness

beforeAll(async () => {
  sandboxDir = tempDir()
  sandbox = await startSandbox({ dataDir: sandboxDir })
  port = Number(new URL(sandbox.url).port)
  h = await coreHarness(tempDir(), { requestTimeoutMs: undefined })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
})
afterEach(() => sandbox.setFaults(noFaults))
afterAll(async () => {
  await h?.close()
  await sandbox?.close()
})

/** How long until the core says `link`, asking it as the status bar does; fails past `limitMs`. */
async function msUntil(link: ConnectionLink, limitMs = promised + 5_000): Promise<number> {
  const started = Date.now()
  for (;;) {
    const state = await h.call('connection.status')
    if (state.link === link) return Date.now() - started
    if (Date.now() - started > limitMs) throw new Error(`still ${state.link} after ${limitMs} ms, expected ${link}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('an idle app keeps the status true', () => {
  it('says the service fails within 30 s of it answering 503 to everything, and online within 30 s of its recovery', async () => {
    expect(await msUntil('online', 1000)).toBeLessThan(1000)
    const from = Date.now()
    sandbox.setFaults({ ...noFaults, errorShare: 1 })
    expect(await msUntil('failing')).toBeLessThan(promised)
    const state = await h.call('connection.status')
    // Since when: the moment the failure was seen, not the last good answer's.
    expect(Date.parse(state.since!)).toBeGreaterThanOrEqual(from)
    sandbox.setFaults(noFaults)
    expect(await msUntil('online')).toBeLessThan(promised)
  })

  it('says the service fails within 30 s of it hanging, though its requests may wait longer', async () => {
    sandbox.setFaults({ ...noFaults, latencyMinMs: 120_000, latencyMaxMs: 120_000 })
    expect(await msUntil('failing')).toBeLessThan(promised)
    sandbox.setFaults(noFaults)
    expect(await msUntil('online')).toBeLessThan(promised)
  })

  it('says offline within 30 s of the service going away, and online within 30 s of its return', async () => {
    await sandbox.close()
    expect(await msUntil('offline')).toBeLessThan(promised)
    sandbox = await startSandbox({ dataDir: sandboxDir, port })
    expect(await msUntil('online')).toBeLessThan(promised)
  })
})
