import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { openSqlite, type Sqlite } from '@base/sqlite'
import { HeldTransaction, noCounter } from '@core/cache/heldTransaction'
import { counterGate, CounterRequests } from '@core/sync/counterFirst'
import { tempDir } from '../../../support/tempDir'

// The full pull's batches, several to a commit while the counter asks for nothing; the counter's save (another
// connection to the file, as the main thread's is to the pull's) never waits for more than the batch being written.
const dir = tempDir('mostrador-held-')
let files = 0

function twoConnections(): { pull: Sqlite; counter: Sqlite } {
  const file = join(dir, `c${++files}.sqlite`)
  const pull = openSqlite(file)
  pull.exec('CREATE TABLE rows (n INTEGER PRIMARY KEY)')
  const counter = openSqlite(file)
  counter.pragma('busy_timeout = 0') // a save that would wait fails at once, so the test sees the wait
  return { pull, counter }
}

const rowsSeen = (db: Sqlite) => db.prepare<[], number>('SELECT count(*) FROM rows').pluck().get()!
const insert = (db: Sqlite, n: number) => () => void db.prepare('INSERT INTO rows VALUES (?)').run(n)
const save = (db: Sqlite) => db.transaction(() => db.exec('CREATE TABLE IF NOT EXISTS saves (n); INSERT INTO saves VALUES (1)')).immediate()

describe('a full pull’s batches held in one transaction', () => {
  it('takes several batches to a commit while nobody asks, and commits them within the time it holds the file', async () => {
    const { pull, counter } = twoConnections()
    const held = new HeldTransaction(pull, noCounter, 100)
    for (let n = 1; n <= 3; n++) held.run(insert(pull, n))
    expect(rowsSeen(counter)).toBe(0)
    await sleep(150)
    expect(rowsSeen(counter)).toBe(3)
    expect(() => save(counter)).not.toThrow()
  })

  it('commits as soon as the counter asks, and while the counter is at work gives the file back after every batch', async () => {
    const { pull, counter } = twoConnections()
    const requests = new CounterRequests()
    const held = new HeldTransaction(pull, counterGate(requests.shared), 10_000)
    held.run(insert(pull, 1))
    held.run(insert(pull, 2))
    expect(() => save(counter)).toThrow(/locked|busy/i)
    // The pull's thread is free (between two batches, or waiting for the service): the counter's ask commits.
    const end = requests.begin('counter.scan')
    await sleep(5)
    expect(() => save(counter)).not.toThrow()
    expect(rowsSeen(counter)).toBe(2)
    end()
    held.run(insert(pull, 3))
    expect(rowsSeen(counter)).toBe(3)
    expect(() => save(counter)).not.toThrow()
    // Quiet for a second: the batches are held again.
    await sleep(1_100)
    held.run(insert(pull, 4))
    expect(rowsSeen(counter)).toBe(3)
    held.commit()
    expect(rowsSeen(counter)).toBe(4)
  })

  it('a batch that fails takes back its own rows alone; the ones before it are kept for the next try', () => {
    const { pull, counter } = twoConnections()
    const held = new HeldTransaction(pull, noCounter, 10_000)
    held.run(insert(pull, 1))
    expect(() =>
      held.run(() => {
        insert(pull, 2)()
        insert(pull, 1)() // the same row again: refused
      }),
    ).toThrow(/UNIQUE/)
    held.keepWritten()
    expect(counter.prepare<[], number>('SELECT n FROM rows').pluck().all()).toEqual([1])
  })

  it('one batch a transaction on a connection others of its thread write through', () => {
    const { pull, counter } = twoConnections()
    const held = new HeldTransaction(pull, noCounter, 0)
    held.run(insert(pull, 1))
    expect(pull.inTransaction).toBe(false)
    expect(rowsSeen(counter)).toBe(1)
  })
})
