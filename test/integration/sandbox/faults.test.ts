import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { noFaults } from '@sandbox/faults'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { control, gql, graphqlToken, rest, userHeaders } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterEach(() => sandbox.setFaults(noFaults))
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const currentCompanyId = async () => (await rest<{ id: string }>(sandbox, ana(), 'GET', '/company.json')).body.id

/** The network error under fetch's "fetch failed", e.g. ECONNRESET. */
async function networkFailure(p: Promise<Response>): Promise<string> {
  try {
    const res = await p
    return `answered ${res.status}`
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause
    return cause?.code ?? String(err)
  }
}

describe('5xx faults', () => {
  it('answer 503 with a JSON error and do not do the work', async () => {
    sandbox.setFaults({ errorShare: 1 })
    const res = await rest<{ error: string }>(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })
    expect(res.status).toBe(503)
    expect(res.body.error).toEqual(expect.any(String))
    sandbox.setFaults({ errorShare: 0 })
    expect(await currentCompanyId()).toBe('101')
  })

  it('reach GraphQL too', async () => {
    const jwt = await graphqlToken(sandbox, ana())
    sandbox.setFaults({ errorShare: 1 })
    const res = await gql(sandbox, jwt, '{ agencies { id } }')
    expect(res.status).toBe(503)
  })

  it('come before authentication, like a failing front server', async () => {
    sandbox.setFaults({ errorShare: 1 })
    const res = await fetch(`${sandbox.url}/profile.json`)
    expect(res.status).toBe(503)
  })
})

describe('dropped connections', () => {
  it('commit the entity switch and then reset the connection without an answer', async () => {
    sandbox.setFaults({ dropShare: 1 })
    const outcome = await networkFailure(
      fetch(`${sandbox.url}/company.json`, {
        method: 'PATCH',
        headers: userHeaders(ana()),
        body: JSON.stringify({ selected_entity_id: '102' }),
      }),
    )
    expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(outcome)
    sandbox.setFaults({ dropShare: 0 })
    expect(await currentCompanyId()).toBe('102')
  })

  it('commit a profile change too', async () => {
    sandbox.setFaults({ dropShare: 1 })
    const outcome = await networkFailure(
      fetch(`${sandbox.url}/profile.json`, {
        method: 'PATCH',
        headers: userHeaders(ana()),
        body: JSON.stringify({ user: { name: 'Ana Dropped' } }),
      }),
    )
    expect(outcome).not.toMatch(/^answered/)
    sandbox.setFaults({ dropShare: 0 })
    const profile = await rest<{ profile: { name: string } }>(sandbox, ana(), 'GET', '/profile.json')
    expect(profile.body.profile.name).toBe('Ana Dropped')
  })
})

describe('latency', () => {
  it('delays each answer by at least the minimum', async () => {
    sandbox.setFaults({ latencyMinMs: 120, latencyMaxMs: 160 })
    const started = performance.now()
    const res = await rest(sandbox, ana(), 'GET', '/profile.json')
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(115)
  })
})

describe('the control door', () => {
  it('is never faulted', async () => {
    sandbox.setFaults({ errorShare: 1, dropShare: 1, latencyMinMs: 0, latencyMaxMs: 0 })
    for (const path of ['/faults', '/clock', '/settings', '/users']) expect((await control(sandbox, 'GET', path)).status).toBe(200)
    expect((await control(sandbox, 'POST', '/reset')).status).toBe(200)
  })

  it('sets faults from a spec string, and the service obeys', async () => {
    const set = await control<{ errorShare: number; spec: string }>(sandbox, 'PUT', '/faults', { spec: '5xx=1' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ errorShare: 1, dropShare: 0, spec: '5xx=1' })
    expect((await rest(sandbox, ana(), 'GET', '/profile.json')).status).toBe(503)
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
    expect((await rest(sandbox, ana(), 'GET', '/profile.json')).status).toBe(200)
  })
})

describe('startSandbox({faults})', () => {
  it('starts with the faults of a spec string', async () => {
    const faulty = await startSandbox({ faults: 'latency=5-10,5xx=1' })
    try {
      const got = await control<{ latencyMinMs: number; latencyMaxMs: number; errorShare: number }>(faulty, 'GET', '/faults')
      expect(got.body).toMatchObject({ latencyMinMs: 5, latencyMaxMs: 10, errorShare: 1 })
      expect((await rest(faulty, faulty.users[0]!, 'GET', '/profile.json')).status).toBe(503)
    } finally {
      await faulty.close()
    }
  })

  it('refuses a bad spec with a clear error', async () => {
    await expect(startSandbox({ faults: 'latency=80-20' })).rejects.toThrow(/latency/)
  })
})
