import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logFiles } from '@core/logging/logger'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, filesContaining, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let h: CoreHarness
let logDir: string

beforeAll(async () => {
  sandbox = await startSandbox()
  const dir = tempDir()
  logDir = join(dir, 'logs')
  h = await coreHarness(join(dir, 'data'), { logDir })
})
afterAll(async () => {
  await sandbox.close()
})

describe('the core’s log', () => {
  it('records start, requests, refusals and stop, with the token and the JWT scrubbed', async () => {
    const user = sandbox.users[0]!
    // A wrong token first: refused, logged, and still a secret.
    await expect(h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: `${user.token}x` })).rejects.toThrow()
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    await h.call('graphql.query', { query: '{ agencies(limit: 1) { id } }' })
    expect(h.core.logDir).toBe(logDir)
    await h.close()

    const text = logFiles(logDir)
      .map((f) => readFileSync(f.file, 'utf8'))
      .join('')
    expect(text).toContain('core started')
    expect(text).toMatch(/"method":"GET","path":"\/profile.json","status":200,"ms":\d+,"msg":"request"/)
    expect(text).toContain('graphql request')
    expect(text).toContain('request refused')
    expect(text).toContain('core stopped')
    expect(filesContaining(logDir, user.token)).toEqual([])
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{4,}\./)
  })
})
