import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { rest, userHeaders } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

describe('REST authentication', () => {
  it('answers 401 with a JSON error when the headers are missing', async () => {
    const res = await fetch(`${sandbox.url}/profile.json`, { headers: { Accept: 'application/json' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await res.json()) as { error: string }
    expect(body.error).toMatch(/X-User-Email|X-User-Token/)
  })

  it('answers 401 when only one of the two headers is given', async () => {
    const user = sandbox.users[0]!
    const res = await fetch(`${sandbox.url}/profile.json`, { headers: { 'X-User-Email': user.email } })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: string }).error).toBeTruthy()
  })

  it('answers 401 for a wrong token and for an unknown e-mail', async () => {
    const user = sandbox.users[0]!
    const wrongToken = await rest<{ error: string }>(sandbox, { email: user.email, token: `${user.token}x` }, 'GET', '/profile.json')
    expect(wrongToken.status).toBe(401)
    expect(wrongToken.body.error).toMatch(/sign in/i)
    const unknown = await rest<{ error: string }>(sandbox, { email: 'nobody@mostrador.test', token: user.token }, 'GET', '/profile.json')
    expect(unknown.status).toBe(401)
    expect(unknown.body.error).toMatch(/sign in/i)
  })

  it("does not accept one user's token for another user's e-mail", async () => {
    const [ana, brian] = sandbox.users
    const res = await rest(sandbox, { email: brian!.email, token: ana!.token }, 'GET', '/profile.json')
    expect(res.status).toBe(401)
  })

  it('accepts the e-mail in any letter case, as the service does', async () => {
    const user = sandbox.users[0]!
    const res = await rest<{ profile: { email: string } }>(
      sandbox,
      { email: user.email.toUpperCase(), token: user.token },
      'GET',
      '/profile.json',
    )
    expect(res.status).toBe(200)
    expect(res.body.profile.email).toBe(user.email)
  })

  it('answers every user with their own profile', async () => {
    for (const user of sandbox.users) {
      const res = await rest<{ profile: { email: string; name: string } }>(sandbox, user, 'GET', '/profile.json')
      expect(res.status).toBe(200)
      expect(res.body.profile).toMatchObject({ email: user.email, name: user.name })
    }
  })
})

describe('routing and bodies', () => {
  it('answers an unknown route with 404 and a JSON error', async () => {
    const res = await rest<{ error: string }>(sandbox, sandbox.users[0]!, 'GET', '/no/such/thing.json')
    expect(res.status).toBe(404)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(res.body.error).toContain('/no/such/thing.json')
  })

  it('serves REST paths only with their .json suffix', async () => {
    const res = await rest<{ error: string }>(sandbox, sandbox.users[0]!, 'GET', '/profile')
    expect(res.status).toBe(404)
    expect(res.body.error).toBeTruthy()
  })

  it('accepts a GET that carries Content-Type: application/json and an empty body', async () => {
    const res = await fetch(`${sandbox.url}/company.json`, { headers: userHeaders(sandbox.users[0]!) })
    expect(res.status).toBe(200)
  })

  it('answers malformed JSON with 400 and a JSON error', async () => {
    const res = await fetch(`${sandbox.url}/profile.json`, { method: 'PATCH', headers: userHeaders(sandbox.users[0]!), body: '{"user": {' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/JSON/)
  })
})
