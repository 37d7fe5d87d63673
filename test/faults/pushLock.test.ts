import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@shared/bookings'
import type { AppError } from '@shared/errors'
import { startSandbox, type DemoUser, type RunningSandbox } from '@sandbox'
import { openSqlite } from '@base/sqlite'
import { tryLock } from '@core/processLock'
import { pushLockFile } from '@core/sync/pushLock'
import { bundleChild, startChild, type ChildRun } from '../support/childProcess'
import { cli } from '../support/cliRun'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { planOneUnitBookings } from '../support/oneUnitBookings'
import { entityCacheFile } from '../support/entityCacheFile'
import { tempDirInTest } from '../support/tempDir'
import { gqlData, graphqlToken } from '../integration/sandbox/sandboxClient'

// Issue 28, item 3: one pusher per data folder, for real. The app, the browser
// host and the CLI may run at once on one computer; two pushers on one data
// folder would send the same booking twice.

let sandbox: RunningSandbox
let user: DemoUser
let lockChild = ''
let pushingChild = ''

beforeAll(async () => {
  sandbox = await startSandbox()
  user = sandbox.users[0]!
  ;[lockChild, pushingChild] = await Promise.all([bundleChild('processLockChild.ts'), bundleChild('pushingChild.ts')])
})
afterAll(() => sandbox.close())

async function signedIn(dataDir: string): Promise<CoreHarness> {
  const h = await coreHarness(dataDir)
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  return h
}

/** Books one-unit bookings referenced `${prefix}-n`, queued and not sent: book(n) enters the n-th. */
async function booker(h: CoreHarness, prefix: string, count: number): Promise<(n: number) => Promise<unknown>> {
  const { destination, items } = await planOneUnitBookings(h, count)
  expect(items).toHaveLength(count)
  return (n) =>
    h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: '2026-12-01',
      reference: `${prefix}-${n}`,
      lines: [{ itemId: items[n]!, bookedQuantity: '1' }],
    })
}

/** A data folder with `count` one-unit bookings queued and not sent, referenced `${prefix}-n`. */
async function queuedBookings(prefix: string, count: number): Promise<string> {
  const dataDir = tempDirInTest()
  const h = await signedIn(dataDir)
  try {
    const book = await booker(h, prefix, count)
    for (let n = 0; n < count; n++) await book(n)
  } finally {
    await h.close()
  }
  return dataDir
}

/** One sync now of a data folder by a fresh process's core; `before` sees its outbox first. */
async function syncOnce(dataDir: string, before?: (entries: OutboxEntry[]) => void): Promise<unknown> {
  const h = await signedIn(dataDir)
  try {
    before?.(await h.call('outbox.list'))
    return await h.call('sync.push')
  } finally {
    await h.close()
  }
}

/** The references of the bookings on the service that start with the prefix, one per booking there. */
async function onService(prefix: string): Promise<string[]> {
  const { shipments } = await gqlData<{ shipments: { reference: string }[] }>(
    sandbox,
    await graphqlToken(sandbox, user),
    'query($p: String!) { shipments(where: {reference: {_ilike: $p}}) { reference } }',
    { p: `${prefix}-%` },
  )
  return shipments.map((s) => s.reference).sort()
}

/** Waits until the pusher working in the data folder has a booking on the wire (its outbox says 'sending'). */
async function onTheWire(dataDir: string, withinMs = 20_000): Promise<boolean> {
  const db = openSqlite(entityCacheFile(dataDir).entity, { readonly: true })
  try {
    const sending = db.prepare<[], number>("SELECT count(*) FROM outbox WHERE state = 'sending'").pluck()
    for (const until = Date.now() + withinMs; Date.now() < until; await new Promise((r) => setTimeout(r, 20)))
      if (sending.get()! > 0) return true
    return false
  } finally {
    db.close()
  }
}

const references = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix}-${n}`).sort()

describe('the push lock between processes', () => {
  it('three processes racing for it hundreds of times never hold it at once', async () => {
    const dir = tempDirInTest()
    const lock = join(dir, 'pusher.lock')
    const log = join(dir, 'holders.log')
    writeFileSync(log, '')
    const ROUNDS = 150
    const racers = [0, 1, 2].map(() => startChild(lockChild, ['race', lock, log, String(ROUNDS)]))
    for (const r of racers) expect(await r.reached('ready')).toBe(true)
    for (const r of racers) r.tell('go')
    const ends = await Promise.all(racers.map((r) => r.ended))
    for (const end of ends) expect(end.code, `${JSON.stringify(end.phases)} ${end.stderr}`).toBe(0)

    // Replay the log: every "enter" must find the lock free, every "leave" must be its holder's.
    const lines = readFileSync(log, 'utf8').trim().split('\n')
    let holder: string | null = null
    let together = 0
    for (const line of lines) {
      const [what, pid] = line.split(' ') as ['enter' | 'leave', string]
      if (what === 'enter') {
        if (holder !== null) together++
        holder = pid
      } else if (holder === pid) holder = null
    }
    expect(lines).toHaveLength(3 * ROUNDS * 2)
    expect(together, 'times a process took the lock while another held it').toBe(0)
  })

  it('cannot be taken from a live holder, and is free as soon as its holder is killed', async () => {
    const lock = join(tempDirInTest(), 'pusher.lock')
    const holder = startChild(lockChild, ['hold', lock])
    expect(await holder.reached('held')).toBe(true)
    expect(tryLock(lock), 'taken from a live holder').toBeNull()
    holder.kill()
    expect((await holder.ended).signal).toBe('SIGKILL')
    const release = tryLock(lock)
    expect(release, 'a killed holder still blocks').not.toBeNull()
    release!()
  })

  it('a second taker in the same process is refused until the first lets go', () => {
    const lock = join(tempDirInTest(), 'pusher.lock')
    const first = tryLock(lock)
    expect(first).not.toBeNull()
    expect(tryLock(lock)).toBeNull()
    first!()
    const again = tryLock(lock)
    expect(again).not.toBeNull()
    again!()
  })
})

describe('pushers on one data folder', () => {
  it('two processes pushing the same folder through dropped answers send each booking once', async () => {
    // The clerk keeps booking while two processes on this computer sync: two bookings are entered,
    // then both are asked to sync at the same instant (a window and a scheduled CLI run), six times.
    // Slow, uneven answers keep one pusher's requests on the wire while the other would read them back.
    const ROUNDS = 6
    const COUNT = 2 * ROUNDS
    const prefix = 'TWOPUSH'
    const dataDir = tempDirInTest()
    const clerk = await signedIn(dataDir)
    try {
      const book = await booker(clerk, prefix, COUNT)
      const args = [dataDir, sandbox.url, user.email, user.token]
      // One after the other to sign in (the account's files are written then), together to push.
      const first = startChild(pushingChild, args)
      expect(await first.reached('ready')).toBe(true)
      const second = startChild(pushingChild, args)
      expect(await second.reached('ready')).toBe(true)
      const pushers = [first, second]
      sandbox.setFaults({ dropShare: 0.3, latencyMinMs: 5, latencyMaxMs: 300 })
      try {
        for (let round = 0; round < ROUNDS; round++) {
          await book(2 * round)
          await book(2 * round + 1)
          const at = Date.now() + 50
          for (const p of pushers) p.tell(`push ${round} ${at}`)
          for (const p of pushers) expect(await p.reached(`pushed-${round}`)).toBe(true)
        }
        for (const p of pushers) p.tell('drain')
        const ends = await Promise.all(pushers.map((p) => p.ended))
        for (const end of ends) expect(end.code, `${JSON.stringify(end.phases.at(-1))} ${end.stderr}`).toBe(0)
      } finally {
        sandbox.setFaults({ dropShare: 0, latencyMinMs: 0, latencyMaxMs: 0 })
      }
    } finally {
      await clerk.close()
    }
    expect(await onService(prefix)).toEqual(references(prefix, COUNT))
  })

  it('a pusher killed with SIGKILL in the middle of a push does not block the next sync', async () => {
    const COUNT = 6
    const prefix = 'KILLEDPUSH'
    const dataDir = await queuedBookings(prefix, COUNT)
    const pusher = startChild(pushingChild, [dataDir, sandbox.url, user.email, user.token])
    expect(await pusher.reached('ready')).toBe(true)
    // Slow answers: the kill lands while the push holds the lock with requests on the wire.
    sandbox.setFaults({ latencyMinMs: 400, latencyMaxMs: 600 })
    try {
      pusher.tell('drain')
      // Killed once its first requests are out (each answer takes 400 ms at least), however loaded the machine.
      expect(await onTheWire(dataDir)).toBe(true)
      pusher.kill()
      expect((await pusher.ended).signal).toBe('SIGKILL')
    } finally {
      sandbox.setFaults({ latencyMinMs: 0, latencyMaxMs: 0 })
    }
    const report = await syncOnce(dataDir, (entries) =>
      expect(entries.filter((e) => e.state === 'sending').length, 'entries the killed push had on the wire').toBeGreaterThan(0),
    )
    expect(report).toMatchObject({ waiting: 0, failed: 0, conflicts: 0 })
    expect(await onService(prefix)).toEqual(references(prefix, COUNT))
  })

  it('a lock file of an older version naming a live process of another program does not block a sync', async () => {
    const COUNT = 3
    const prefix = 'LEGACYLOCK'
    const dataDir = await queuedBookings(prefix, COUNT)
    // After a reboot the pid an older Mostrador wrote belongs to some other program that is running.
    const other: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    try {
      writeFileSync(join(dataDir, 'push.lock'), String(other.pid))
      expect(await syncOnce(dataDir)).toMatchObject({ sent: COUNT, waiting: 0, failed: 0, conflicts: 0 })
    } finally {
      other.kill('SIGKILL')
    }
    expect(await onService(prefix)).toEqual(references(prefix, COUNT))
  })
})

/** Another process holding the push lock of a data folder until told "release". */
async function otherPusher(dataDir: string): Promise<ChildRun> {
  const holder = startChild(lockChild, ['hold', pushLockFile(dataDir)])
  expect(await holder.reached('held')).toBe(true)
  return holder
}

async function release(other: ChildRun): Promise<void> {
  other.tell('release')
  expect(await other.reached('released')).toBe(true)
}

/** `count` bookings queued in a data folder whose push lock another process holds, and a core signed in there. */
async function whileAnotherPushes(
  prefix: string,
  count: number,
  test: (h: CoreHarness, other: ChildRun) => Promise<void>,
  options: Parameters<typeof coreHarness>[1] = {},
): Promise<void> {
  const dataDir = await queuedBookings(prefix, count)
  const other = await otherPusher(dataDir)
  const h = await coreHarness(dataDir, options)
  try {
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    await test(h, other)
  } finally {
    other.kill()
    await h.close()
  }
}

/** What a push would have changed of an entry: all as it was when queued. */
const untouched = { state: 'queued', lastError: null, attempts: 0 }
const entryStates = async (h: CoreHarness) =>
  (await h.call('outbox.list')).map((e) => ({ state: e.state, lastError: e.lastError, attempts: e.attempts }))

describe('while another process sends', () => {
  it("the clerk's sync now waits for the other's push to end, then sends", async () => {
    await whileAnotherPushes('WAITED', 3, async (h, other) => {
      const pushing = h.call('sync.push')
      await new Promise((r) => setTimeout(r, 1000))
      await release(other)
      expect(await pushing).toMatchObject({ sent: 3, waiting: 0, failed: 0, conflicts: 0 })
    })
    expect(await onService('WAITED')).toEqual(references('WAITED', 3))
  })

  it('a sync now that waited in vain says another window is sending and leaves every entry as it was', async () => {
    await whileAnotherPushes('LEFTALONE', 2, async (h, other) => {
      const asked = Date.now()
      const refusal = await h.call('sync.push').then(
        () => null,
        (err: unknown) => err as AppError,
      )
      expect(Date.now() - asked, 'it waited a while first').toBeGreaterThanOrEqual(2000)
      expect(refusal?.code).toBe('another_pusher')
      expect(refusal?.toPayload().message).toEqual({
        es: 'Otra ventana de Mostrador está enviando; esta esperará.',
        en: 'Another Mostrador window is sending; this one will wait.',
      })
      // Not failed, not in conflict, not even an attempt: the entries are the other process's to send.
      expect(await entryStates(h)).toEqual([untouched, untouched])
      expect((await h.call('bookings.list')).map((b) => b.state)).toEqual(['pending', 'pending'])
      await release(other)
      expect(await h.call('sync.push')).toMatchObject({ sent: 2, waiting: 0 })
    })
    expect(await onService('LEFTALONE')).toEqual(references('LEFTALONE', 2))
  })

  it('the background scheduler leaves the outbox to the other process and sends it once that one is done', async () => {
    await whileAnotherPushes(
      'SCHEDULED',
      2,
      async (h, other) => {
        // The scheduler asks every 3 s; one ask at least meets the other pusher.
        await new Promise((r) => setTimeout(r, 4000))
        expect(await entryStates(h)).toEqual([untouched, untouched])
        expect(await onService('SCHEDULED')).toEqual([])
        await release(other)
        await expect.poll(() => onService('SCHEDULED'), { timeout: 15_000, interval: 500 }).toEqual(references('SCHEDULED', 2))
      },
      { background: {} },
    )
  })

  it('the CLI sync says another window is sending, pulls the catalogue all the same and exits 0', async () => {
    const dataDir = tempDirInTest()
    const other = await otherPusher(dataDir)
    try {
      const res = await cli(['--server', sandbox.url, 'sync'], { MOSTRADOR_EMAIL: user.email, MOSTRADOR_TOKEN: user.token }, dataDir)
      expect(res.stderr).toContain('outbox: Another Mostrador window is sending; this one will wait.')
      expect(res.stdout).toMatch(/Catalogue as of/)
      expect(res.code).toBe(0)
    } finally {
      other.kill()
    }
  })
})
