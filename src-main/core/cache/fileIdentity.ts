import { statSync } from 'node:fs'
import type { Sqlite } from '@base/sqlite'

/**
 * Whether a database is still the file it was when last opened. A folder restored from a backup, or
 * copied to another computer, gives each file a new identity on its disk (device and inode, the file
 * index on Windows, and its birth: a file system may hand a deleted file's inode straight to the
 * restored one); a file that changed identity may hold entries the original already sent. A move to
 * another disk looks the same, and costs only a read back.
 */
const key = 'file.identity'

/** True when the file is not the one that last opened it (and now records it as itself). */
export function changedIdentity(db: Sqlite, file: string): boolean {
  const { dev, ino, birthtimeNs } = statSync(file, { bigint: true })
  // A file system that keeps no birth reports 0, which changes nothing.
  const now = `${dev}:${ino}:${birthtimeNs}`
  const row = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)
  if (row?.value === now) return false
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, now)
  // A file first opened by this version (or a new one) has nothing to compare with.
  return row !== undefined
}
