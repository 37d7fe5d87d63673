import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openMigrated } from '@core/cache/cacheDatabase'
import { entityMigrations } from '@core/cache/migrations'
import { outboxCensus } from '@core/updates/outboxCensus'
import { tempDirInTest } from '../../../support/tempDir'

function entityWithOutbox(file: string, states: string[]) {
  mkdirSync(join(file, '..'), { recursive: true })
  const db = openMigrated(file, entityMigrations)
  db.pragma('foreign_keys = OFF')
  const insert = db.prepare(
    "INSERT INTO outbox (local_id, op, payload, marker, state, created_at) VALUES ('b', 'create', '{}', ?, ?, '2026-11-24')",
  )
  states.forEach((state, i) => insert.run(`m${i}`, state))
  db.close()
}

describe('the outbox census an update waits for', () => {
  it('counts open entries in every account and entity on this computer, not only the one on screen', () => {
    const dataDir = tempDirInTest()
    entityWithOutbox(join(dataDir, 'accounts', 'aaa', 'entity-1.sqlite'), ['done', 'done'])
    entityWithOutbox(join(dataDir, 'accounts', 'aaa', 'entity-2.sqlite'), ['queued', 'sending', 'failed'])
    entityWithOutbox(join(dataDir, 'accounts', 'training', 'entity-9.sqlite'), ['unknown', 'conflict', 'done'])
    writeFileSync(join(dataDir, 'accounts', 'aaa', 'account.sqlite'), '') // not an entity cache: ignored
    expect(outboxCensus(dataDir)).toEqual({ waiting: 3, failed: 1, conflicts: 1 })
  })

  it('is empty on a fresh data folder', () => {
    expect(outboxCensus(tempDirInTest())).toEqual({ waiting: 0, failed: 0, conflicts: 0 })
  })
})
