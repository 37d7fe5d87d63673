import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretAccount } from '@core/secrets/secretStore'
import { SettingsStore } from '@core/settingsStore'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { cli } from '../support/cliRun'
import { coreHarness } from '../support/coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from '../support/interceptingProxy'
import { nonLoopbackAddress } from '../support/nonLoopbackAddress'
import { tempDirInTest } from '../support/tempDir'

// Issue 28, item 8: the user's token and the GraphQL JWT go only where they should. A service address
// in plain http to another computer is refused unless a lab opts in, and the JWT is never sent to a
// GraphQL address in plain http on another host, whatever the token answer names.

let local: RunningSandbox
let remote: RunningSandbox
let remoteUrl: string

beforeAll(async () => {
  local = await startSandbox()
  const address = nonLoopbackAddress()
  remote = await startSandbox({ host: address })
  remoteUrl = remote.url
  expect(new URL(remoteUrl).hostname).toBe(address)
})
afterAll(async () => {
  await remote.close()
  await local.close()
})

describe('a service address in plain http to another computer', () => {
  it('is refused at sign-in with a clear message, and nothing is kept', async () => {
    const h = await coreHarness(tempDirInTest())
    try {
      const user = remote.users[0]!
      const refused = await h
        .call('session.signIn', { serverUrl: remoteUrl, email: user.email, token: user.token })
        .catch((e: unknown) => e)
      expect(refused).toMatchObject({ code: 'insecure_server', field: 'serverUrl' })
      expect((refused as Error).message).toContain(new URL(remoteUrl).origin)
      expect(await h.call('session.status')).toMatchObject({ state: 'signed_out' })
      expect(await h.secrets.get(secretAccount(remoteUrl, user.email))).toBeNull()
    } finally {
      await h.close()
    }
  })

  it("is accepted with the lab's opt-in, and the session says it is unencrypted", async () => {
    const dataDir = tempDirInTest()
    const h = await coreHarness(dataDir)
    try {
      const user = remote.users[0]!
      const status = await h.call('session.signIn', { serverUrl: remoteUrl, email: user.email, token: user.token, insecureHttp: true })
      expect(status).toMatchObject({ state: 'signed_in', insecureHttp: true })
      // GraphQL on the same plain-http host as the service the lab chose is the same choice.
      expect((await h.call('graphql.query', { query: '{ agencies(limit: 1) { id } }' })).errors).toBeNull()
    } finally {
      await h.close()
    }
  })

  it('kept by an older version without the opt-in, is not used again at start', async () => {
    const dataDir = tempDirInTest()
    const user = remote.users[0]!
    const settings = new SettingsStore(dataDir)
    settings.update((s) => ({ ...s, lastAccount: { serverUrl: remoteUrl, email: user.email } }))
    const h = await coreHarness(dataDir)
    try {
      await h.secrets.set(secretAccount(remoteUrl, user.email), user.token)
      await h.core.services.session.restore()
      expect(await h.call('session.status')).toMatchObject({ state: 'signed_out', lastServerUrl: remoteUrl })
    } finally {
      await h.close()
    }
  })

  it('is refused by the command line unless --insecure-http is given', async () => {
    const user = remote.users[0]!
    const env = { MOSTRADOR_EMAIL: user.email, MOSTRADOR_TOKEN: user.token }
    const refused = await cli(['--server', remoteUrl, 'whoami'], env, tempDirInTest())
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/https:\/\//)
    const allowed = await cli(['--server', remoteUrl, '--insecure-http', 'whoami'], env, tempDirInTest())
    expect(allowed.stderr).toBe('')
    expect(allowed.code).toBe(0)
  })

  it('on this computer (training mode, a local service) needs no opt-in', async () => {
    const h = await coreHarness(tempDirInTest())
    try {
      const user = local.users[0]!
      const status = await h.call('session.signIn', { serverUrl: local.url, email: user.email, token: user.token })
      expect(status).toMatchObject({ state: 'signed_in', insecureHttp: false })
    } finally {
      await h.close()
    }
  })
})

describe('the GraphQL JWT', () => {
  let proxy: InterceptingProxy
  let jwt: { token: string; expires: string }
  const seen: string[] = []
  const servers: Server[] = []
  let capturePort = 0

  /** A GraphQL endpoint that only notes the Authorization it is sent. */
  const capture = (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.headers.authorization ?? '')
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"agencies":[]}}')
  }

  beforeAll(async () => {
    proxy = await startInterceptingProxy(local.url)
    const user = local.users[0]!
    const answer = await fetch(`${local.url}/apps/graphql.json`, { headers: { 'X-User-Email': user.email, 'X-User-Token': user.token } })
    jwt = (await answer.json()) as { token: string; expires: string }
    // The same port on both loopback spellings `localhost` may resolve to, so whichever the client tries answers.
    for (const host of ['127.0.0.1', '::1']) {
      const server = createServer(capture)
      await new Promise<void>((resolve) => {
        server.once('error', () => resolve()) // no IPv6 here: 127.0.0.1 alone answers
        server.listen(capturePort, host, () => {
          capturePort = (server.address() as AddressInfo).port
          servers.push(server)
          resolve()
        })
      })
    }
  })
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve))
    await proxy.close()
  })

  /** Signs in through the proxy, whose token answer names `graphqlUrl`, and runs one query. */
  async function queryWith(graphqlUrl: string): Promise<unknown> {
    const h = await coreHarness(tempDirInTest())
    try {
      const user = local.users[0]!
      await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
      return await proxy.during(
        (req) =>
          req.url?.startsWith('/apps/graphql.json') ? { status: 200, body: { token: jwt.token, expires: jwt.expires, graphqlUrl } } : null,
        () => h.call('graphql.query', { query: '{ agencies(limit: 1) { id } }' }).catch((e: unknown) => e),
      )
    } finally {
      await h.close()
    }
  }

  it('is never sent to a plain-http GraphQL address on another host', async () => {
    // `localhost` is another host name than the service's 127.0.0.1: the check compares names, as it
    // would for any other computer's, and the name still reaches this test's endpoint without a network.
    seen.length = 0
    const result = await queryWith(`http://localhost:${capturePort}/v1/graphql`)
    expect(result).toMatchObject({ code: 'insecure_graphql' })
    expect(seen).toEqual([])
  })

  it("goes to a plain-http GraphQL address on the service's own host", async () => {
    seen.length = 0
    const result = await queryWith(`http://127.0.0.1:${capturePort}/v1/graphql`)
    expect(result).toMatchObject({ data: { agencies: [] } })
    expect(seen).toEqual([`Bearer ${jwt.token}`])
  })
})
