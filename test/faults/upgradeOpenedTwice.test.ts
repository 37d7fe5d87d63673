import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '@base/sqlite'
import { openMigrated } from '@core/cache/cacheDatabase'
import { openChecked } from '@core/cache/openChecked'
import { entityMigrations } from '@core/cache/migrations'
import { tempDir } from '../support/tempDir'

// Two Mostrador processes start at once on one cache (the app and a scheduled `mostrador sync`, the app and the browser
// host): after an update that adds schema steps, or on a new company's first start. Each read the schema's version
// before taking the file's write lock; the one that waited ran again, from the version it had read, the steps the
// other had just committed. A step that goes through twice (a search table dropped and made again) then set the
// version back, and every later start, in any process, failed on the next step: the cache and the bookings not yet
// sent in it could no longer be opened.
const dir = tempDir()
const betterSqlite = join(__dirname, '..', '..', 'node_modules', 'better-sqlite3')

/**
 * Another process bringing `file` from schema `from` to the newest: resolves once it holds the write lock (it keeps it
 * half a second, then commits), with its commit to wait for.
 */
async function otherProcessMigrating(file: string, from: number): Promise<{ done: Promise<void> }> {
  const held = new Int32Array(new SharedArrayBuffer(8))
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    const db = new (require(workerData.betterSqlite))(workerData.file)
    db.pragma('journal_mode = WAL')
    db.exec('BEGIN IMMEDIATE')
    Atomics.store(workerData.held, 0, 1)
    Atomics.wait(workerData.held, 1, 0, 500)
    for (let v = workerData.from; v < workerData.migrations.length; v++) db.exec(workerData.migrations[v])
    db.pragma('user_version = ' + workerData.migrations.length)
    db.exec('COMMIT')
    db.close()
    parentPort.postMessage('done')
    `,
    { eval: true, workerData: { file, betterSqlite, from, held, migrations: [...entityMigrations] } },
  )
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', () => resolve())
    worker.on('error', reject)
  })
  while (Atomics.load(held, 0) === 0) await new Promise((r) => setTimeout(r, 2))
  return { done }
}

/** The file as an earlier version of the app left it: schema `version`. */
function cacheAt(file: string, version: number): void {
  const db = openSqlite(file)
  for (let v = 0; v < version; v++) db.exec(entityMigrations[v]!)
  db.pragma(`user_version = ${version}`)
  db.close()
}

const versionOf = (file: string): number => {
  const db = openSqlite(file, { readonly: true })
  try {
    return db.pragma('user_version', { simple: true }) as number
  } finally {
    db.close()
  }
}

describe('two processes opening one cache at once', () => {
  it.each([
    { from: 10, when: 'after an update' },
    { from: 0, when: 'on a new cache' },
  ])('$when: the one that waited takes no step again, and the cache opens afterwards at the newest schema', async ({ from }) => {
    const file = join(dir, `from-${from}.sqlite`)
    cacheAt(file, from)
    const other = await otherProcessMigrating(file, from)
    openMigrated(file, entityMigrations).close()
    await other.done
    expect(versionOf(file)).toBe(entityMigrations.length)
    // A later start, alone.
    openMigrated(file, entityMigrations).close()
  })

  it('a cache an earlier version left so (its version under steps it holds) is set aside, and a fresh one takes its place', () => {
    const file = join(dir, 'left.sqlite')
    cacheAt(file, entityMigrations.length)
    const db = openSqlite(file)
    db.pragma('user_version = 11')
    db.close()
    const opened = openChecked(file, entityMigrations, new Date('2026-12-01T12:00:00Z'))
    opened.db.close()
    // Its unsent bookings are read back from the file set aside, as from any damaged cache (openEntityCache.ts).
    expect(opened.setAside?.found.damage).toBe('half_updated')
    expect(versionOf(file)).toBe(entityMigrations.length)
  })
})
