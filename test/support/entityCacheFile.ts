import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The one account folder and entity cache file a data folder holds once a CLI or core has synced in it. */
export function entityCacheFile(dataDir: string): { account: string; entity: string } {
  const accounts = join(dataDir, 'accounts')
  const account = join(accounts, readdirSync(accounts)[0]!)
  const file = readdirSync(account).find((f) => /^entity-\d+\.sqlite$/.test(f))
  if (!file) throw new Error(`no entity cache in ${account}`)
  return { account, entity: join(account, file) }
}
