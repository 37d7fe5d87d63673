import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs `read` on a copy of a database file and its write-ahead log in a temporary folder, removed after:
 * for reading a file that must stay as it is (a damaged one kept aside) or that sits in a folder SQLite
 * may not write its shared-memory file in (a read-only data folder).
 */
export function withScratchCopy<T>(file: string, read: (copy: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-copy-'))
  try {
    const copy = join(dir, 'copy.sqlite')
    copyFileSync(file, copy)
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
    return read(copy)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
