import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'

// Without a reachable Secret Service the store must say so with its own code
// and never pretend the token was kept.
describe('a missing keychain', () => {
  const saved = process.env.DBUS_SESSION_BUS_ADDRESS
  beforeEach(() => {
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/mostrador-test-bus'
  })
  afterEach(() => {
    if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
    else process.env.DBUS_SESSION_BUS_ADDRESS = saved
  })

  it('refuses to keep a token with keychain_unavailable', async () => {
    const store = new KeychainSecretStore('Mostrador tests')
    await expect(store.set('clerk@https://erp.example.com', 'token')).rejects.toMatchObject({ code: 'keychain_unavailable' })
  })
})
