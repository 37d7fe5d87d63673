import { Entry } from '@napi-rs/keyring'
import { AppError } from '@shared/errors'
import type { SecretStore } from './secretStore'

const SERVICE = 'Mostrador'

/** The OS keychain (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows). */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'os-keychain' as const

  constructor(private readonly service = SERVICE) {}

  async get(account: string): Promise<string | null> {
    return this.guard(() => new Entry(this.service, account).getPassword() ?? null)
  }
  async set(account: string, secret: string): Promise<void> {
    this.guard(() => new Entry(this.service, account).setPassword(secret))
    // A locked or half-working Secret Service may accept a write and keep nothing.
    if ((await this.get(account)) !== secret) {
      throw new AppError('keychain_unavailable', { detail: 'the keychain did not keep the token' })
    }
  }
  async delete(account: string): Promise<void> {
    this.guard(() => new Entry(this.service, account).deletePassword())
  }

  private guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err)
      throw new AppError('keychain_unavailable', { detail, cause: err })
    }
  }
}
