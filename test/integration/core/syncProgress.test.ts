import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventPayload } from '@shared/contract'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// What the status bar and the sync centre learn while a push runs: that it
// started, how many entries are still waiting as they settle, and that it ended.
const facts = bookingFacts[101]
let sandbox: RunningSandbox
let h: CoreHarness

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: tempDir() })
  h = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('sync progress events', () => {
  it('say the push started with everything waiting, count down as entries settle, and end with nothing waiting', async () => {
    for (let i = 0; i < 6; i++) {
      await h.call('bookings.create', {
        agencyToId: facts.sameCategoryAgency,
        plannedDelivery: '2026-12-01',
        reference: `progress-${i}`,
        lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
      })
    }
    const before = h.seen('sync.changed').length
    // Slow answers, so the first bookings settle well before the last.
    sandbox.setFaults({ latencyMinMs: 400, latencyMaxMs: 400 })
    try {
      expect(await h.call('sync.push')).toMatchObject({ sent: 6, waiting: 0, failed: 0, conflicts: 0 })
    } finally {
      sandbox.setFaults({ latencyMinMs: 0, latencyMaxMs: 0 })
    }
    const during = h.seen('sync.changed').slice(before) as EventPayload<'sync.changed'>[]
    expect(during[0]).toMatchObject({ waiting: 6, failed: 0, conflicts: 0, pushing: true, signInNeeded: false })
    expect(during.at(-1)).toMatchObject({ waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false })
    const midway = during.filter((e) => e.pushing && e.waiting > 0 && e.waiting < 6)
    expect(midway.length).toBeGreaterThan(0)
    // Never more waiting than before: the count only goes down.
    const counts = during.map((e) => e.waiting)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })
})
