import { createHash } from 'node:crypto'
import { join } from 'node:path'

/**
 * The cache is partitioned by service address, user and entity so that data
 * of one never shows under another. Training mode has a partition of its own
 * (its loopback address changes every start, and it must never mix with a
 * real server's data).
 */
export interface AccountKey {
  serverUrl: string
  email: string
  training: boolean
}

export function accountFolder(dataDir: string, account: AccountKey): string {
  if (account.training) return join(dataDir, 'accounts', 'training')
  const digest = createHash('sha256')
    .update(`${normaliseServerUrl(account.serverUrl)}\n${account.email.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 24)
  return join(dataDir, 'accounts', digest)
}

/** The database of one (service, user, entity). */
export function entityCacheFile(dataDir: string, account: AccountKey, entityId: number): string {
  return join(accountFolder(dataDir, account), `entity-${entityId}.sqlite`)
}

/** The account-wide database (profile, memberships): what the app needs before an entity is known. */
export function accountCacheFile(dataDir: string, account: AccountKey): string {
  return join(accountFolder(dataDir, account), 'account.sqlite')
}

/** One spelling per address (URL already lower-cases scheme and host); no trailing slash. */
export function normaliseServerUrl(raw: string): string {
  const url = new URL(raw.trim())
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`
}
