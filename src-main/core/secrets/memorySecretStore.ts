import type { SecretStore } from './secretStore'

/** For tests and training mode: secrets that die with the process. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const
  private readonly secrets = new Map<string, string>()

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null
  }
  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret)
  }
  async delete(account: string): Promise<void> {
    this.secrets.delete(account)
  }
}
