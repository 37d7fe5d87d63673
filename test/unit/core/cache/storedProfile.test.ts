import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { WhoAmI } from '@shared/domain'
import { openMigrated, writeDocument } from '@core/cache/cacheDatabase'
import { accountMigrations } from '@core/cache/migrations'
import { readStoredWhoAmI, whoAmIKey } from '@core/cache/storedProfile'
import { tempDirInTest } from '../../../support/tempDir'

const AT = new Date('2026-11-27T15:00:00.000Z')
const who = (entityId: number): WhoAmI => ({
  profile: { id: 3, email: 'ana@example.com', name: 'Ana', language: 'es', timeZone: 'America/Guatemala' },
  memberships: [{ id: 1, current: true, active: true, entity: { id: entityId, name: `Entity ${entityId}` } }],
  currentEntity: { id: entityId, name: `Entity ${entityId}` },
  agency: { id: 7, name: 'Central' },
  agencyError: null,
  fromCache: false,
})

// The current entity is read from the kept profile several times a commit, so what it read is kept while the
// stored copy is the same: these say that a new copy (a switch here, or another process on the same folder) is
// read as itself, a damaged one as none, and the shared copy cannot be changed by one of its readers.
describe('the profile kept for offline starts', () => {
  it('reads each new copy as itself, and a damaged one (even cut short) as no copy', () => {
    const db = openMigrated(join(tempDirInTest('mostrador-profile-'), 'account.sqlite'), accountMigrations)
    expect(readStoredWhoAmI(db)).toBeNull()
    writeDocument(db, whoAmIKey, who(1), AT)
    expect(readStoredWhoAmI(db)?.currentEntity?.id).toBe(1)
    writeDocument(db, whoAmIKey, who(2), AT)
    expect(readStoredWhoAmI(db)?.currentEntity?.id).toBe(2)
    const damage = db.prepare('UPDATE documents SET value = ? WHERE key = ?')
    damage.run('{"profile":"damaged"}', whoAmIKey)
    expect(readStoredWhoAmI(db)).toBeNull()
    damage.run('{"profile":', whoAmIKey)
    expect(readStoredWhoAmI(db)).toBeNull()
    writeDocument(db, whoAmIKey, who(1), AT)
    expect(readStoredWhoAmI(db)?.currentEntity?.id).toBe(1)
    db.close()
  })

  it('gives every reader the same copy, which none of them can change', () => {
    const db = openMigrated(join(tempDirInTest('mostrador-profile-'), 'account.sqlite'), accountMigrations)
    writeDocument(db, whoAmIKey, who(1), AT)
    const first = readStoredWhoAmI(db)!
    expect(() => {
      ;(first.currentEntity as { id: number }).id = 2
    }).toThrow(TypeError)
    expect(readStoredWhoAmI(db)?.currentEntity?.id).toBe(1)
    db.close()
  })
})
