import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// Issue 30, item 5: at 22:20 on the clerk's clock (Guatemala) the files were named 04:20, the next day's UTC.
const at = new Date('2026-11-28T04:20:30Z')

let sandbox: RunningSandbox
let h: CoreHarness
beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { now: () => at })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe("file names carry the clerk's time", () => {
  it('a bundle export is named by the time on the clerk clock', async () => {
    const file = await h.call('catalogue.export', { format: 'csv' })
    expect(file.fileName).toBe('paquetes-202611272220.csv')
  })

  it('so is the support bundle', async () => {
    const file = await h.call('support.bundle', { includeData: false })
    expect(file.fileName).toBe('mostrador-support-20261127-222030.zip')
  })
})
