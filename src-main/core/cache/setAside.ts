import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { format } from 'date-fns'

/** The folder beside a cache where its damaged files are kept, whole, for support and for a later recovery. */
export const SET_ASIDE = 'set-aside'

// This computer's clock, not UTC: the clerk tells support "it happened at 22:20", and the name should agree.
const stamp = (at: Date) => format(at, 'yyyyMMdd-HHmmss')

/**
 * Moves a damaged database and its write-ahead log (which may hold its newest pages) into `set-aside/`,
 * named with the date: `entity-7.sqlite` becomes `set-aside/entity-7.20261128-065000.sqlite`. Nothing is
 * deleted; a second damage in the same second gets a suffix. Returns the new path of the database.
 */
export function setAside(file: string, at: Date): string {
  const target = setAsidePath(file, at)
  // The log first: a database moved without it would lose pages the log holds, if the move stopped between.
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix)
  renameSync(file, target)
  return target
}

/** Where a file set aside at `at` goes (a free name; the folder is made). */
export function setAsidePath(file: string, at: Date): string {
  const folder = join(dirname(file), SET_ASIDE)
  mkdirSync(folder, { recursive: true })
  const stem = basename(file).replace(/\.sqlite$/, '')
  let target = join(folder, `${stem}.${stamp(at)}.sqlite`)
  for (let n = 2; existsSync(target); n++) target = join(folder, `${stem}.${stamp(at)}-${n}.sqlite`)
  return target
}

/** Every file set aside under the data folder (databases and their logs), relative to it, with its size. */
export function setAsideFiles(dataDir: string): { file: string; path: string; bytes: number }[] {
  const found: { file: string; path: string; bytes: number }[] = []
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (!entry.isDirectory()) continue
      if (entry.name === SET_ASIDE) {
        for (const f of readdirSync(path, { withFileTypes: true }))
          if (f.isFile())
            found.push({ file: relative(dataDir, join(path, f.name)), path: join(path, f.name), bytes: statSync(join(path, f.name)).size })
      } else walk(path)
    }
  }
  walk(dataDir)
  return found.sort((a, b) => a.file.localeCompare(b.file))
}
