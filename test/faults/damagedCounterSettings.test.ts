import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { tempDir } from '../support/tempDir'

// Issue 31, item 3: the counter's kept settings (what the last refresh learnt of the server's POS settings) were
// read with a cast over JSON.parse: a damaged document (a power cut mid-write, another version's shape) made the
// counter's setup fail, and so the counter screen, until the next refresh rewrote it. What no longer reads is
// now as if never kept: the counter opens with the defaults.
let sandbox: RunningSandbox
let h: CoreHarness

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('catalogue.pull')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

function keep(key: string, text: string): void {
  h.core.services.bookings
    .local()
    .store.db.prepare(
      'INSERT INTO documents (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(key, text, new Date().toISOString())
}

describe('the counter over kept settings that no longer read', () => {
  for (const [what, settings, refreshed] of [
    ['text that is not JSON', '{"filterByCategory": tr', '"2026-11'],
    ['JSON of another shape', '{"filterByCategory": "yes", "unavailable": "transferRequests"}', '{"at": 1}'],
  ] as const) {
    it(`${what}: opens with the defaults instead of failing`, async () => {
      keep('pos_settings', settings)
      keep('bookings_refreshed', refreshed)
      const setup = await h.call('counter.setup')
      expect(setup).toMatchObject({ filteredByCategory: false, unavailable: [], refreshedAt: null })
      expect(setup.destinations.length).toBeGreaterThan(0)
    })
  }
})
