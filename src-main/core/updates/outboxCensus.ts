import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { OutboxCounts } from '@shared/updates'
import { openSqlite } from '@base/sqlite'
import type { Logger } from '../logging/logger'
import { OutboxStore } from '../sync/outbox/outboxStore'

/**
 * Open outbox entries in every account and entity cache under the data folder,
 * not only the one on screen: an update restarts the app for every user of
 * this computer. Read-only; a file that cannot be read is logged and skipped
 * (it cannot be sent either, and the doctor reports it).
 */
export function outboxCensus(dataDir: string, log?: Logger): OutboxCounts {
  const total = { waiting: 0, failed: 0, conflicts: 0 }
  const accounts = join(dataDir, 'accounts')
  if (!existsSync(accounts)) return total
  for (const account of readdirSync(accounts)) {
    let files: string[]
    try {
      files = readdirSync(join(accounts, account)).filter((f) => /^entity-\d+\.sqlite$/.test(f))
    } catch {
      continue
    }
    for (const file of files) {
      const path = join(accounts, account, file)
      try {
        const db = openSqlite(path, { readonly: true })
        try {
          const n = new OutboxStore(db).countedByScan()
          total.failed += n.failed
          total.conflicts += n.conflict
          total.waiting += n.queued + n.sending + n.unknown
        } finally {
          db.close()
        }
      } catch (err) {
        log?.warn('outbox not readable for the update check', { file: path, err })
      }
    }
  }
  return total
}
