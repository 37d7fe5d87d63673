import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'

// Runs against the real OS keychain (gnome-keyring in CI, unlocked in a private
// D-Bus session by .ci/run); `npm run test:keychain`.
describe('the OS keychain', () => {
  const store = new KeychainSecretStore('Mostrador tests')

  it('keeps a token, gives it back, and forgets it', async () => {
    const account = `clerk-${randomUUID()}@https://erp.example.com`
    await store.set(account, 's3cret-token')
    expect(await store.get(account)).toBe('s3cret-token')
    await store.set(account, 'renewed-token')
    expect(await store.get(account)).toBe('renewed-token')
    await store.delete(account)
    expect(await store.get(account)).toBeNull()
  })

  it('keeps accounts apart', async () => {
    const a = `a-${randomUUID()}@https://one.example.com`
    const b = `a-${randomUUID()}@https://two.example.com`
    await store.set(a, 'token-a')
    await store.set(b, 'token-b')
    expect(await store.get(a)).toBe('token-a')
    expect(await store.get(b)).toBe('token-b')
    await store.delete(a)
    await store.delete(b)
  })
})
