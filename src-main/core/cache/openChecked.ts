import { existsSync } from 'node:fs'
import { openMigrated } from './cacheDatabase'
import { damageInside, damageOfError, damageOnDisk, type DamageFound } from './fileDamage'
import { setAside } from './setAside'
import type { Sqlite } from '@base/sqlite'

export interface CheckedOpen {
  db: Sqlite
  /** The file was damaged: where it is kept now, and what was wrong. A fresh file took its place. */
  setAside: { path: string; found: DamageFound } | null
  /** No file was there: this one was made now. */
  created: boolean
}

/**
 * Opens one of our databases after looking at it: a file emptied, cut short, with a bad header, or
 * failing SQLite's quick check is never used nor replaced in place. It is set aside whole, named with
 * the date (setAside.ts), and a fresh file is made; the caller recovers what it can from the one kept.
 * A file that merely cannot be opened here (a read-only folder, a lock) is not damage: that error is
 * thrown as it came. `checkTables`: the quick check of those tables only (the whole file otherwise).
 */
export function openChecked(file: string, migrations: readonly string[], now: Date, checkTables?: readonly string[]): CheckedOpen {
  const created = !existsSync(file)
  let found = damageOnDisk(file)
  if (!found) {
    let db: Sqlite | null = null
    try {
      db = openMigrated(file, migrations)
      found = damageInside(db, checkTables)
    } catch (err) {
      db?.close()
      db = null
      found = damageOfError(err)
      if (!found) throw err
    }
    if (!found && db) return { db, setAside: null, created }
    db?.close()
  }
  const path = setAside(file, now)
  return { db: openMigrated(file, migrations), setAside: { path, found: found! }, created }
}
