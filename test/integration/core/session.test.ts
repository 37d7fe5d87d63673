import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'
import { secretAccount } from '@core/secrets/secretStore'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, filesContaining, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

let sandbox: RunningSandbox
const open: CoreHarness[] = []
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())
afterEach(async () => {
  while (open.length) await open.pop()?.close()
})

async function harness(dataDir = tempDir(), opts = {}) {
  const h = await coreHarness(dataDir, opts)
  open.push(h)
  return h
}

describe('signing in', () => {
  it('refuses a wrong token with a clear message and keeps nothing', async () => {
    const h = await harness()
    const user = sandbox.users[0]!
    const err = await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: 'wrong-token' }).catch((e) => e)
    expect(err).toMatchObject({ code: 'unauthorized' })
    expect(err.toPayload().message.es).toMatch(/token/)
    expect(await h.call('session.status')).toMatchObject({ state: 'signed_out' })
    expect(await h.secrets.get(secretAccount(sandbox.url, user.email))).toBeNull()
  })

  it('keeps the token in the secret store only, and restores the session on the next start without the network', async () => {
    const dataDir = tempDir()
    const h = await harness(dataDir)
    const user = sandbox.users[0]!
    const status = await h.call('session.signIn', { serverUrl: `${sandbox.url}/`, email: user.email, token: user.token })
    expect(status).toEqual({ state: 'signed_in', training: false, serverUrl: sandbox.url, email: user.email, insecureHttp: false })
    expect(h.seen('session.changed')).toHaveLength(1)
    expect(await h.secrets.get(secretAccount(sandbox.url, user.email))).toBe(user.token)
    await h.call('profile.whoami')
    expect(filesContaining(dataDir, user.token)).toEqual([])
    await h.close()

    // Same data folder and keychain, service unreachable: still signed in.
    const again = await harness(dataDir, { secrets: h.secrets, requestTimeoutMs: 500 })
    expect(await again.call('session.status')).toMatchObject({ state: 'signed_in', email: user.email })
  })

  it('signing out forgets the token but remembers the address and e-mail for next time', async () => {
    const h = await harness()
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    const out = await h.call('session.signOut')
    expect(out).toEqual({ state: 'signed_out', lastServerUrl: sandbox.url, lastEmail: user.email })
    expect(await h.secrets.get(secretAccount(sandbox.url, user.email))).toBeNull()
    await expect(h.call('profile.whoami')).rejects.toMatchObject({ code: 'signed_out' })
  })

  it('with the keychain unavailable says so, stays signed out and writes the token nowhere', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/mostrador-test-bus'
    try {
      const dataDir = tempDir()
      const h = await harness(dataDir, { secrets: new KeychainSecretStore('Mostrador tests') })
      const user = sandbox.users[0]!
      const err = await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token }).catch((e) => e)
      expect(err).toMatchObject({ code: 'keychain_unavailable' })
      expect(await h.call('session.status')).toMatchObject({ state: 'signed_out' })
      expect(filesContaining(dataDir, user.token)).toEqual([])
    } finally {
      if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
      else process.env.DBUS_SESSION_BUS_ADDRESS = saved
    }
  })

  it('refuses a server address that is not http(s) before sending anything', async () => {
    const h = await harness()
    await expect(h.call('session.signIn', { serverUrl: 'file:///etc/passwd', email: 'a@b.co', token: 'x' })).rejects.toMatchObject({
      code: 'bad_input',
      field: 'serverUrl',
    })
  })
})
