import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

const DAY = 24 * 60 * 60 * 1000
let sandbox: RunningSandbox
let h: CoreHarness
let clientOffset = 0

async function moveSandboxClock(offsetMs: number) {
  const res = await fetch(`${sandbox.url}/__sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  })
  expect(res.ok).toBe(true)
}

const agencies = '{ agencies(limit: 1) { id } }'
const tokenInfo = () => h.core.services.session.require().graphql.tokenInfo()

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { now: () => new Date(Date.now() + clientOffset) })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('the GraphQL token', () => {
  it('is fetched on first use, lives five days, and is never handed to the caller', async () => {
    const res = await h.call('graphql.query', { query: agencies })
    expect(res.errors).toBeNull()
    const info = tokenInfo()!
    expect(Date.parse(info.expiresAt) - Date.now()).toBeGreaterThan(5 * DAY - 60_000)
    expect(info.graphqlUrl).toMatch(/\/v1\/graphql$/)
    expect(JSON.stringify(res)).not.toMatch(/eyJ/)
  })

  it('is renewed without the user noticing when the service says it expired', async () => {
    await h.call('graphql.query', { query: agencies })
    const before = tokenInfo()!.expiresAt
    await moveSandboxClock(5 * DAY + 1000) // the held token is now expired on the service
    const res = await h.call('graphql.query', { query: agencies })
    expect(res.errors).toBeNull()
    expect(Date.parse(tokenInfo()!.expiresAt)).toBeGreaterThan(Date.parse(before) + 5 * DAY)
    await moveSandboxClock(0)
  })

  it('is renewed ahead of time when less than a day is left', async () => {
    await moveSandboxClock(0)
    clientOffset = 0
    // A fresh sign-in, so the token held is one issued now.
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    await h.call('graphql.query', { query: agencies })
    const before = Date.parse(tokenInfo()!.expiresAt)
    // Four days and a bit later on both clocks: still valid, but under a day left.
    clientOffset = 4 * DAY + 60 * 60 * 1000
    await moveSandboxClock(clientOffset)
    await h.call('graphql.query', { query: agencies })
    expect(Date.parse(tokenInfo()!.expiresAt)).toBeGreaterThanOrEqual(before + clientOffset - 2000)
    clientOffset = 0
    await moveSandboxClock(0)
  })
})
