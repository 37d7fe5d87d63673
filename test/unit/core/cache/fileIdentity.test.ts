import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { changedIdentity } from '@core/cache/fileIdentity'

const withMeta = (file: string) => {
  const db = new Database(file)
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)')
  return db
}

describe('a cache file’s identity', () => {
  it('is the same file when opened again in place', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mostrador-id-')), 'c.sqlite')
    const db = withMeta(file)
    expect(changedIdentity(db, file)).toBe(false)
    db.close()
    const again = withMeta(file)
    expect(changedIdentity(again, file)).toBe(false)
    again.close()
  })

  // ext4 hands the freed inode straight to the next file, so a folder deleted and restored from a
  // backup usually keeps each file's device and inode: only its birth tells it apart.
  it('is another file once deleted and restored from a copy, even on the inode it had', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-id-'))
    const file = join(dir, 'c.sqlite')
    const backup = join(mkdtempSync(join(tmpdir(), 'mostrador-bk-')), 'c.sqlite')
    const db = withMeta(file)
    changedIdentity(db, file)
    db.close()
    copyFileSync(file, backup)
    const before = statSync(file).ino
    rmSync(file)
    copyFileSync(backup, file)
    const restored = withMeta(file)
    expect(changedIdentity(restored, file)).toBe(true)
    expect(changedIdentity(restored, file)).toBe(false)
    restored.close()
    // Says whether this run met the reuse the test is about (it does on ext4 and tmpfs).
    console.info(`inode ${statSync(file).ino === before ? 'reused' : 'not reused'} by the restored file`)
  })
})
