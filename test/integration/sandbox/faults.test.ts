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

describe('trickled answers', () => {
  it('send the headers at once, then one byte every so often, with the answer intact', async () => {
    sandbox.setFaults({ trickleEveryMs: 20 })
    const started = performance.now()
    // Without credentials: a short refusal, trickled like any answer of the service.
    const res = await fetch(`${sandbox.url}/profile.json`)
    expect(res.status).toBe(401)
    expect(res.headers.get('content-length')).toBeNull()
    expect(performance.now() - started).toBeLessThan(1000)
    const text = await res.text()
    expect(performance.now() - started).toBeGreaterThanOrEqual((text.length - 1) * 20 - 50)
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) })
  })

  it('do the work first: a write is committed however long its answer takes', async () => {
    sandbox.setFaults({ trickleEveryMs: 1000 })
    const abort = new AbortController()
    const res = await fetch(`${sandbox.url}/company.json`, {
      method: 'PATCH',
      headers: userHeaders(ana()),
      body: JSON.stringify({ selected_entity_id: '102' }),
      signal: abort.signal,
    })
    expect(res.status).toBe(200)
    abort.abort()
    sandbox.setFaults({ trickleEveryMs: 0 })
    expect(await currentCompanyId()).toBe('102')
  })
})

describe('oversized answers', () => {
  it('keep a record a record, with its fields, grown past the size asked', async () => {
    sandbox.setFaults({ oversizeMb: 2 })
    const res = await fetch(`${sandbox.url}/profile.json`, { headers: userHeaders(ana()) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBeNull()
    const text = await res.text()
    expect(text.length).toBeGreaterThanOrEqual(2 * 1024 * 1024)
    const body = JSON.parse(text) as { profile: { email: string }; sandbox_padding: string }
    expect(body.profile.email).toBe(ana().email)
    expect(body.sandbox_padding.length).toBeGreaterThan(2_000_000)
  })

  it('keep a list a list of records, the streamed bundle list too', async () => {
    sandbox.setFaults({ oversizeMb: 1 })
    for (const path of ['/pos/bookings.json', '/inventories/bundles.json']) {
      const text = await (await fetch(`${sandbox.url}${path}`, { headers: userHeaders(ana()) })).text()
      expect(text.length, path).toBeGreaterThanOrEqual(1024 * 1024)
      const list = JSON.parse(text) as { id: number }[]
      expect(Array.isArray(list), path).toBe(true)
      expect(
        list.every((r) => typeof r.id === 'number' || typeof r.id === 'string'),
        path,
      ).toBe(true)
    }
  })

  it('reach GraphQL too, its answer still an object with its data', async () => {
    const jwt = await graphqlToken(sandbox, ana())
    sandbox.setFaults({ oversizeMb: 1 })
    const res = await gql<{ agencies: unknown[] }>(sandbox, jwt, '{ agencies { id } }')
    expect(res.status).toBe(200)
    expect(res.body.data?.agencies.length).toBeGreaterThan(0)
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
