import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openMigrated, readDocument, writeDocument } from '@core/cache/cacheDatabase'
import { accountMigrations, entityMigrations } from '@core/cache/migrations'
import { accountFolder, entityCacheFile, normaliseServerUrl } from '@core/cache/partition'
import { tempDirInTest } from '../../../support/tempDir'

const fresh = () => join(tempDirInTest('mostrador-cache-'), 'c.sqlite')

describe('the cache database', () => {
  it('opens durable (WAL, synchronous=FULL) and at the latest schema', () => {
    const db = openMigrated(fresh(), ['CREATE TABLE a (x)', 'CREATE TABLE b (y)'])
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('user_version', { simple: true })).toBe(2)
    db.close()
  })

  it('applies only the steps a database lacks', () => {
    const file = fresh()
    openMigrated(file, ['CREATE TABLE a (x)']).close()
    const db = openMigrated(file, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)'])
    expect(db.prepare("SELECT count(*) n FROM sqlite_master WHERE name IN ('a','b')").get()).toEqual({ n: 2 })
    db.close()
  })

  it('refuses a database written by a newer app and leaves it untouched', () => {
    const file = fresh()
    const newer = new Database(file)
    newer.exec('CREATE TABLE future (z)')
    newer.pragma('user_version = 99')
    newer.close()
    expect(() => openMigrated(file, ['CREATE TABLE a (x)'])).toThrow(expect.objectContaining({ code: 'incompatible_data' }))
    const after = new Database(file)
    expect(after.pragma('user_version', { simple: true })).toBe(99)
    after.close()
  })

  it('creates every step of the real schemas', () => {
    for (const steps of [accountMigrations, entityMigrations]) {
      const db = openMigrated(fresh(), steps)
      expect(db.pragma('user_version', { simple: true })).toBe(steps.length)
      db.close()
    }
  })

  it('keeps documents for offline use', () => {
    const db = openMigrated(fresh(), accountMigrations)
    writeDocument(db, 'whoami', { name: 'Ana' }, new Date('2026-11-22T10:00:00Z'))
    expect(readDocument(db, 'whoami')).toEqual({ value: { name: 'Ana' }, updatedAt: '2026-11-22T10:00:00.000Z' })
    expect(readDocument(db, 'missing')).toBeNull()
    db.close()
  })
})

describe('cache partitions', () => {
  it('gives each service, user and entity its own file, and training its own folder', () => {
    const a = { serverUrl: 'https://erp.example.com', email: 'ana@x.com', training: false }
    expect(entityCacheFile('/d', a, 1)).not.toBe(entityCacheFile('/d', a, 2))
    expect(accountFolder('/d', a)).not.toBe(accountFolder('/d', { ...a, email: 'bob@x.com' }))
    expect(accountFolder('/d', a)).not.toBe(accountFolder('/d', { ...a, serverUrl: 'https://other.example.com' }))
    expect(accountFolder('/d', a)).toBe(accountFolder('/d', { ...a, email: ' ANA@x.com', serverUrl: 'HTTPS://ERP.example.com/' }))
    expect(accountFolder('/d', { ...a, training: true })).toBe(join('/d', 'accounts', 'training'))
  })

  it('spells a server address one way', () => {
    expect(normaliseServerUrl('HTTPS://Erp.Example.com:8443/app/')).toBe('https://erp.example.com:8443/app')
  })
})
