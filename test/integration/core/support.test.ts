import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
let h: CoreHarness
const logDir = join(tempDir(), 'logs')
beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { logDir })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('support through the contract (what Help → Diagnostics calls)', () => {
  it('support.doctor reports every check passing against the sandbox', async () => {
    const report = await h.call('support.doctor')
    expect(report.checks.filter((c) => !c.ok)).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('support.bundle cuts out the token and JWT the session holds', async () => {
    await h.call('graphql.query', { query: '{ agencies(limit: 1) { id } }' })
    const secrets = h.core.services.session.knownSecrets()
    const [token, jwt] = secrets
    expect(secrets).toHaveLength(2)
    expect(jwt).toMatch(/^eyJ/)
    mkdirSync(logDir, { recursive: true })
    // The token under no header name: only knowing it finds it.
    writeFileSync(join(logDir, 'app.log'), `{"msg":"renewed","jwt":"${jwt}","t":"${token}"}\n`)
    const file = await h.call('support.bundle', { includeData: false })
    expect(file.fileName).toMatch(/\.zip$/)
    const entries = Object.entries(unzipSync(Buffer.from(file.base64, 'base64'))).map(([n, b]) => [n, strFromU8(b)] as const)
    expect(entries.map(([n]) => n)).toContain('logs/app.log')
    expect(entries.find(([n]) => n === 'logs/app.log')![1]).toBe('{"msg":"renewed","jwt":"[redacted]","t":"[redacted]"}\n')
    for (const [name, content] of entries) {
      expect(content, name).not.toContain(token)
      expect(content, name).not.toContain(jwt)
    }
  })
})
