import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { control, DAY_MS, gql, graphqlToken, rest } from './sandboxClient'

interface TokenResponse {
  status: number
  message: string
  token: string
  expires: string
  expiresMsg: string
  graphqlUrl: string
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterEach(async () => {
  await control(sandbox, 'PUT', '/clock', { offsetMs: 0 })
})
afterAll(() => sandbox.close())

const query = '{ agencies(limit: 1) { id } }'
const expired = { errors: [{ message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } }] }

describe('GET /apps/graphql.json', () => {
  it('issues an HS256 JWT for the user that lives five days', async () => {
    const before = Date.now()
    const res = await rest<TokenResponse>(sandbox, sandbox.users[0]!, 'GET', '/apps/graphql.json')
    expect(res.status).toBe(200)
    const body = res.body
    expect(body.status).toBe(200)
    expect(body.message).toEqual(expect.any(String))
    expect(body.expiresMsg).toBe('5 days')
    expect(body.graphqlUrl).toBe(`${sandbox.url}/v1/graphql`)
    expect(body.graphqlUrl).toBe(sandbox.graphqlUrl)
    expect(body.expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
    const lifetime = Date.parse(body.expires) - before
    expect(lifetime).toBeGreaterThan(5 * DAY_MS - 5_000)
    expect(lifetime).toBeLessThanOrEqual(5 * DAY_MS + 1_000)

    expect(decodeProtectedHeader(body.token).alg).toBe('HS256')
    const claims = decodeJwt(body.token)
    const profile = await rest<{ profile: { id: number } }>(sandbox, sandbox.users[0]!, 'GET', '/profile.json')
    expect(claims.sub).toBe(String(profile.body.profile.id))
    expect(claims.exp! - claims.iat!).toBe(5 * 24 * 60 * 60)
    expect(claims.exp! * 1000).toBe(Date.parse(body.expires))
  })

  it('needs the REST headers', async () => {
    const res = await fetch(`${sandbox.url}/apps/graphql.json`)
    expect(res.status).toBe(401)
  })
})

describe('the JWT on the GraphQL endpoint', () => {
  it('is accepted while fresh', async () => {
    const res = await gql(sandbox, await graphqlToken(sandbox, sandbox.users[0]!), query)
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
  })

  it('still works one second before five days have passed', async () => {
    const jwt = await graphqlToken(sandbox, sandbox.users[0]!)
    await control(sandbox, 'PUT', '/clock', { offsetMs: 5 * DAY_MS - 2_000 })
    expect((await gql(sandbox, jwt, query)).status).toBe(200)
  })

  it('is refused with 401 invalid-jwt once the sandbox clock is 5 days + 1 s later', async () => {
    const jwt = await graphqlToken(sandbox, sandbox.users[0]!)
    await control(sandbox, 'PUT', '/clock', { offsetMs: 5 * DAY_MS + 1_000 })
    const res = await gql(sandbox, jwt, query)
    expect(res.status).toBe(401)
    expect(res.body).toEqual(expired)
  })

  it('is replaced by a token issued on the moved clock, which works', async () => {
    await control(sandbox, 'PUT', '/clock', { offsetMs: 6 * DAY_MS })
    const fresh = await rest<TokenResponse>(sandbox, sandbox.users[0]!, 'GET', '/apps/graphql.json')
    expect(Date.parse(fresh.body.expires) - Date.now()).toBeGreaterThan(10 * DAY_MS)
    expect((await gql(sandbox, fresh.body.token, query)).status).toBe(200)
  })

  it('is required: no Authorization header is a 401 invalid-jwt', async () => {
    const res = await gql(sandbox, null, query)
    expect(res.status).toBe(401)
    expect(res.body.errors?.[0]?.extensions?.code).toBe('invalid-jwt')
  })

  it('refuses garbage and a token signed with another secret', async () => {
    const garbage = await gql(sandbox, 'not-a-jwt', query)
    expect(garbage.status).toBe(401)
    expect(garbage.body.errors?.[0]?.extensions?.code).toBe('invalid-jwt')

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5001')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-thirty-two-bytes!'))
    const res = await gql(sandbox, forged, query)
    expect(res.status).toBe(401)
    expect(res.body.errors?.[0]?.message).toMatch(/^Could not verify JWT/)
  })

  it('from one sandbox is refused by another (each store has its own secret)', async () => {
    const other = await startSandbox()
    try {
      const foreign = await graphqlToken(other, other.users[0]!)
      expect((await gql(sandbox, foreign, query)).status).toBe(401)
    } finally {
      await other.close()
    }
  })
})
