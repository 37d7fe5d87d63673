import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { SandboxClock } from '@sandbox/clock'
import { FaultInjector } from '@sandbox/faults'
import { GraphqlExecutor } from '@sandbox/graphql/executeGraphql'
import { sandboxSchema, sandboxTables } from '@sandbox/graphql/sandboxSchema'
import { createServer } from '@sandbox/http/createServer'
import { SandboxStore } from '@sandbox/store/sandboxStore'
import { control, DAY_MS, gqlData, graphqlToken, rest } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterEach(async () => {
  await control(sandbox, 'PUT', '/faults', { spec: 'none' })
  await control(sandbox, 'PUT', '/clock', { offsetMs: 0 })
})
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!

describe('GET/PUT /__sandbox/faults', () => {
  it('reads and changes single settings', async () => {
    expect((await control(sandbox, 'GET', '/faults')).body).toEqual({
      latencyMinMs: 0,
      latencyMaxMs: 0,
      errorShare: 0,
      dropShare: 0,
      trickleEveryMs: 0,
      oversizeMb: 0,
      spec: 'none',
    })
    const res = await control(sandbox, 'PUT', '/faults', { latencyMinMs: 20, latencyMaxMs: 80, dropShare: 0.05 })
    expect(res.body).toEqual({
      latencyMinMs: 20,
      latencyMaxMs: 80,
      errorShare: 0,
      dropShare: 0.05,
      trickleEveryMs: 0,
      oversizeMb: 0,
      spec: 'latency=20-80,drop=0.05',
    })
    const shaped = await control(sandbox, 'PUT', '/faults', { spec: 'trickle=5000,oversize=300' })
    expect(shaped.body).toMatchObject({
      latencyMaxMs: 0,
      dropShare: 0,
      trickleEveryMs: 5000,
      oversizeMb: 300,
      spec: 'trickle=5000,oversize=300',
    })
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
  })

  it('answers 400 {error} for a bad body and keeps the faults', async () => {
    for (const body of [
      { errorShare: 2 },
      { spec: 'boom=1' },
      { latencyMinMs: 50, latencyMaxMs: 10 },
      { unknown: 1 },
      [1],
      { spec: 'trickle=slow' },
      { oversizeMb: 1.5 },
      { trickleEveryMs: -1 },
    ]) {
      const res = await control<{ error: string }>(sandbox, 'PUT', '/faults', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toEqual(expect.any(String))
    }
    expect((await control<{ spec: string }>(sandbox, 'GET', '/faults')).body.spec).toBe('none')
  })
})

describe('GET/PUT /__sandbox/settings', () => {
  it('has the POS setting, off by default, and changes it', async () => {
    expect((await control(sandbox, 'GET', '/settings')).body).toMatchObject({ filter_destinations_by_agency_category: false })
    const res = await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: true })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ filter_destinations_by_agency_category: true })
    expect((await control(sandbox, 'GET', '/settings')).body).toMatchObject({ filter_destinations_by_agency_category: true })
  })

  it('refuses unknown keys and wrongly typed values with 400, changing nothing', async () => {
    for (const body of [{ no_such_setting: 1 }, { filter_destinations_by_agency_category: 'yes' }, 'text']) {
      const res = await control<{ error: string }>(sandbox, 'PUT', '/settings', body)
      expect(res.status).toBe(400)
      expect(res.body.error).toEqual(expect.any(String))
    }
    expect((await control(sandbox, 'GET', '/settings')).body).toMatchObject({ filter_destinations_by_agency_category: false })
  })

  it('go back to their defaults on reset', async () => {
    await control(sandbox, 'PUT', '/settings', { filter_destinations_by_agency_category: true })
    await control(sandbox, 'POST', '/reset')
    expect((await control(sandbox, 'GET', '/settings')).body).toMatchObject({ filter_destinations_by_agency_category: false })
  })
})

describe('GET/PUT /__sandbox/clock', () => {
  it('moves the sandbox clock', async () => {
    const res = await control<{ offsetMs: number; now: string }>(sandbox, 'PUT', '/clock', { offsetMs: 3 * DAY_MS })
    expect(res.body.offsetMs).toBe(3 * DAY_MS)
    expect(Date.parse(res.body.now) - Date.now()).toBeGreaterThan(3 * DAY_MS - 60_000)
    expect((await control<{ offsetMs: number }>(sandbox, 'GET', '/clock')).body.offsetMs).toBe(3 * DAY_MS)
  })

  it('refuses a non-integer offset with 400', async () => {
    for (const body of [{ offsetMs: 1.5 }, { offsetMs: '10' }, {}]) {
      expect((await control(sandbox, 'PUT', '/clock', body)).status).toBe(400)
    }
  })
})

describe('GET /__sandbox/users', () => {
  it('lists the demo users with tokens that work and their entities', async () => {
    const res = await control<
      { email: string; token: string; memberships: { entity: { id: number }; current: boolean; active: boolean }[] }[]
    >(sandbox, 'GET', '/users')
    expect(res.body.map((u) => u.email)).toEqual(sandbox.users.map((u) => u.email))
    expect(res.body[0]!.memberships.filter((m) => m.active).map((m) => m.entity.id)).toEqual([101, 102])
    for (const u of res.body) expect((await rest(sandbox, u, 'GET', '/profile.json')).status).toBe(200)
  })
})

describe('POST /__sandbox/reset', () => {
  it('restores the seed: profile, current entity and what GraphQL shows', async () => {
    const jwt = await graphqlToken(sandbox, ana())
    const before = await gqlData(
      sandbox,
      jwt,
      '{ items(order_by: {id: asc}) { id name price } lot_stocks_aggregate { aggregate { count } } }',
    )
    await rest(sandbox, ana(), 'PATCH', '/profile.json', { user: { name: 'Cambiada', language: 'en' } })
    await rest(sandbox, ana(), 'PATCH', '/company.json', { selected_entity_id: '102' })

    const res = await control<{ reset: boolean; scale: string }>(sandbox, 'POST', '/reset')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ reset: true, scale: 'small' })

    const profile = await rest<{ profile: { name: string; language: string } }>(sandbox, ana(), 'GET', '/profile.json')
    expect(profile.body.profile).toMatchObject({ name: 'Ana López', language: 'es' })
    expect((await rest<{ id: string }>(sandbox, ana(), 'GET', '/company.json')).body.id).toBe('101')
    // The JWT held from before the reset still works: the signing secret is not training data.
    expect(
      await gqlData(sandbox, jwt, '{ items(order_by: {id: asc}) { id name price } lot_stocks_aggregate { aggregate { count } } }'),
    ).toEqual(before)
  })
})

describe('who may use the control door', () => {
  it('refuses a request carrying a browser Origin', async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/users`, { headers: { Origin: 'https://example.test' } })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: string }).error).toMatch(/Origin/)
  })

  it('refuses a request addressed to a non-loopback host name (DNS rebinding)', async () => {
    const { port } = new URL(sandbox.url)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/__sandbox/users', headers: { Host: `attacker.example:${port}` } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })

  it('refuses a peer that is not on loopback, for known and unknown control paths alike', async () => {
    const store = SandboxStore.open(':memory:')
    const app = createServer({
      store,
      clock: new SandboxClock(),
      faults: new FaultInjector(),
      graphql: new GraphqlExecutor(sandboxSchema()),
      extensions: true,
      tables: sandboxTables(),
    })
    try {
      for (const url of ['/__sandbox/users', '/__sandbox/reset', '/__sandbox/nothing-here']) {
        const method = url.endsWith('reset') ? 'POST' : 'GET'
        const res = await app.inject({ method, url, remoteAddress: '192.0.2.10', headers: { host: '127.0.0.1' } })
        expect(res.statusCode, url).toBe(403)
        expect(JSON.parse(res.body).error).toMatch(/loopback/)
      }
      const local = await app.inject({ method: 'GET', url: '/__sandbox/users', remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1' } })
      expect(local.statusCode).toBe(200)
      // The service itself answers anyone; only the door is guarded.
      const service = await app.inject({ method: 'GET', url: '/profile.json', remoteAddress: '192.0.2.10' })
      expect(service.statusCode).toBe(401)
    } finally {
      await app.close()
      store.close()
    }
  })
})
