/**
 * Where user tokens live. Implementations throw AppError('keychain_unavailable')
 * when the store cannot be reached; none of them ever falls back to plain text.
 */
export interface SecretStore {
  readonly kind: 'os-keychain' | 'memory'
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
}

/** The keychain account name of a user on a service. */
export function secretAccount(serverUrl: string, email: string): string {
  return `${email.toLowerCase()}@${serverUrl}`
}
