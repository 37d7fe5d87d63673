import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSqlite } from '@base/sqlite'
import { SandboxStore } from '@sandbox/store/sandboxStore'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function storeFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-store-'))
  dirs.push(dir)
  return join(dir, 'sandbox.sqlite')
}
const userName = (s: SandboxStore) => s.db.prepare('SELECT name FROM users WHERE id = 5001').pluck().get()

describe('SandboxStore', () => {
  it('keeps data and the JWT secret on reopening', () => {
    const file = storeFile()
    const first = SandboxStore.open(file)
    first.db.prepare("UPDATE users SET name = 'Kept' WHERE id = 5001").run()
    const secret = Buffer.from(first.jwtSecret()).toString('hex')
    first.close()
    const second = SandboxStore.open(file)
    expect(userName(second)).toBe('Kept')
    expect(Buffer.from(second.jwtSecret()).toString('hex')).toBe(secret)
    expect(second.seedParams).toEqual({ seed: 1, scale: 'small' })
    second.close()
  })

  it('keeps the JWT secret across a reset, and gives each new store its own', () => {
    const a = SandboxStore.open(':memory:')
    const b = SandboxStore.open(':memory:')
    const secret = Buffer.from(a.jwtSecret()).toString('hex')
    expect(secret).toHaveLength(64)
    a.reset()
    expect(Buffer.from(a.jwtSecret()).toString('hex')).toBe(secret)
    expect(Buffer.from(b.jwtSecret()).toString('hex')).not.toBe(secret)
    a.close()
    b.close()
  })

  it('re-seeds when asked explicitly for another seed or scale, and keeps the stored one otherwise', () => {
    const file = storeFile()
    SandboxStore.open(file, { seed: 5 }).close()
    const reopened = SandboxStore.open(file)
    expect(reopened.seedParams).toEqual({ seed: 5, scale: 'small' })
    reopened.db.prepare("UPDATE users SET name = 'Kept' WHERE id = 5001").run()
    reopened.close()
    const same = SandboxStore.open(file, { seed: 5 })
    expect(userName(same)).toBe('Kept')
    same.close()
    const other = SandboxStore.open(file, { seed: 6 })
    expect(userName(other)).toBe('Ana López')
    expect(other.seedParams.seed).toBe(6)
    other.close()
  })

  it('re-seeds a store written by another schema version, or one whose seeding never finished', () => {
    const file = storeFile()
    const first = SandboxStore.open(file)
    first.db.prepare("UPDATE users SET name = 'Old' WHERE id = 5001").run()
    first.close()
    const raw = openSqlite(file)
    raw.prepare("UPDATE sandbox_meta SET value = '0' WHERE key = 'schema_version'").run()
    raw.prepare('CREATE TABLE leftover_from_old_version (x INTEGER)').run()
    raw.close()
    const second = SandboxStore.open(file)
    expect(userName(second)).toBe('Ana López')
    expect(second.db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'leftover_from_old_version'").pluck().get()).toBe(0)
    second.close()

    const raw2 = openSqlite(file)
    raw2.prepare("UPDATE users SET name = 'Half' WHERE id = 5001").run()
    raw2.prepare("DELETE FROM sandbox_meta WHERE key = 'seeded'").run()
    raw2.close()
    const third = SandboxStore.open(file)
    expect(userName(third)).toBe('Ana López')
    third.close()
  })
})
