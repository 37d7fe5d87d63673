import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { OutboxEntry } from '@shared/bookings'
import type { DoctorReport } from '@shared/support'
import { bookableItemOf } from '../support/bookableItem'
import { cli } from '../support/cliRun'
import { referencesOnService } from '../integration/sandbox/serviceReferences'
import { checkCacheIntegrity } from '@core/support/doctor'
import { entityCacheFile } from '../support/entityCacheFile'
import { tempDir, tempDirInTest } from '../support/tempDir'

// Issue 28, item 4: a disk that lost or mangled a cache file after a power cut. Each case starts from a
// counter with 5 bookings saved offline (never sent), damages a file the way a disk does, and then uses
// the CLI as a shop would: the unsent bookings must come back (or be said lost), the damaged file is kept
// aside, the counter keeps working, doctor says what happened, and each booking lands on the service once.
let sandbox: RunningSandbox
let item = 0
let destination = 0

beforeAll(async () => {
  sandbox = await startSandbox()
  ;({ item, destination } = await bookableItemOf(sandbox, tempDir()))
})
afterAll(() => sandbox.close())

const asUser = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })
const run = (dir: string, ...args: string[]) => cli(['--server', sandbox.url, ...args], asUser(), dir)

/** A counter that synced once (it knows its entity and catalogue) and then saved `count` bookings it never sent. */
async function counterWithUnsent(prefix: string, count = 5): Promise<{ dir: string; account: string; entity: string }> {
  const dir = tempDirInTest()
  expect((await run(dir, 'sync')).code).toBe(0)
  for (let n = 0; n < count; n++) {
    const made = await run(dir, 'bookings', 'create', '--to', String(destination), '--line', `${item}:1`, '--reference', `${prefix}-${n}`)
    expect(made.code, made.stderr).toBe(0)
  }
  const { account, entity } = entityCacheFile(dir)
  // The CLI closed its databases: nothing is left in a -wal file, the main file is the whole cache.
  expect(existsSync(`${entity}-wal`)).toBe(false)
  return { dir, account, entity }
}

const onService = (prefix: string) => referencesOnService(sandbox, prefix)

/** Writes garbage over part of a file, as a torn or misdirected write leaves it. */
function scribble(file: string, at: number, length: number): void {
  const fd = openSync(file, 'r+')
  try {
    writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, at)
  } finally {
    closeSync(fd)
  }
}

/** The page where a table's b-tree starts, read before the damage (pages are numbered from 1). */
function rootPageOf(file: string, table: string): { at: number; size: number } {
  const db = new Database(file, { readonly: true })
  try {
    const root = (db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number }).rootpage
    const size = db.pragma('page_size', { simple: true }) as number
    return { at: (root - 1) * size, size }
  } finally {
    db.close()
  }
}

/** Doctor twice (JSON, then text); `told` is what the first run said on stderr. */
async function doctor(dir: string): Promise<{ code: number; report: DoctorReport; text: string; told: string }> {
  const json = await run(dir, '--json', 'doctor')
  const text = await run(dir, 'doctor')
  expect(text.code).toBe(json.code)
  return { code: json.code, report: JSON.parse(json.stdout) as DoctorReport, text: text.stdout, told: json.stderr }
}

const setAside = (account: string) => (existsSync(join(account, 'set-aside')) ? readdirSync(join(account, 'set-aside')) : [])

/**
 * The shop's next steps after the damage: the unsent bookings are listed again (as awaiting a read-back
 * of the service, never resent blindly), the clerk was told how many came back, a new booking is saved,
 * and one sync puts each booking on the service exactly once.
 */
async function recoversAndSendsOnce(dir: string, prefix: string, told: RegExp): Promise<void> {
  const listed = await run(dir, '--json', 'outbox', 'list')
  expect(listed.code, listed.stdout + listed.stderr).toBe(0)
  expect(listed.stderr).toMatch(told)
  const entries = JSON.parse(listed.stdout) as OutboxEntry[]
  expect(entries).toHaveLength(5)
  expect(new Set(entries.map((e) => e.state))).toEqual(new Set(['unknown']))
  // Told once: the next command says nothing more about it.
  expect((await run(dir, 'outbox', 'list')).stderr).not.toMatch(told)

  const more = await run(dir, 'bookings', 'create', '--to', String(destination), '--line', `${item}:1`, '--reference', `${prefix}-new`)
  expect(more.code, more.stderr).toBe(0)
  const synced = await run(dir, 'sync')
  expect(synced.code, synced.stdout + synced.stderr).toBe(0)
  expect(await onService(prefix)).toEqual(
    [0, 1, 2, 3, 4]
      .map((n) => `${prefix}-${n}`)
      .concat(`${prefix}-new`)
      .sort(),
  )
  expect((await run(dir, 'outbox', 'list')).stdout).toMatch(/Nothing waiting/)
}

describe('a damaged entity cache with 5 unsent bookings', () => {
  it('emptied to 0 bytes: doctor says so and exits 1; the bookings come back, the empty file is kept aside', async () => {
    const { dir, account, entity } = await counterWithUnsent('Z0')
    truncateSync(entity, 0)

    const before = await doctor(dir)
    expect(before.code).toBe(1)
    expect(before.text).toMatch(/^✖ .*entity-\d+\.sqlite.*empty \(0 bytes\)/m)
    expect(before.text).not.toMatch(/Cache intact/)

    await recoversAndSendsOnce(dir, 'Z0', /5 unsent bookings recovered, 0 could not be/)
    const kept = setAside(account)
    expect(kept).toEqual([expect.stringMatching(/^entity-\d+\.\d{8}-\d{6}\.sqlite$/)])
    expect(statSync(join(account, 'set-aside', kept[0]!)).size).toBe(0)

    const after = await doctor(dir)
    expect(after.code).toBe(1)
    expect(after.text).toMatch(/^✖ .*set aside.*entity-\d+\.\d{8}-\d{6}\.sqlite/m)

    // The support bundle carries the file kept aside only when asked.
    const entries = async (...flags: string[]) => {
      const zip = join(dir, `bundle-${flags.length}.zip`)
      expect((await run(dir, 'support-bundle', zip, ...flags)).code).toBe(0)
      return Object.keys(unzipSync(readFileSync(zip)))
    }
    expect((await entries()).filter((e) => e.startsWith('set-aside/'))).toEqual([])
    expect(await entries('--include-set-aside')).toContainEqual(
      expect.stringMatching(/^set-aside\/accounts\/\w+\/set-aside\/entity-\d+\.\d{8}-\d{6}\.sqlite$/),
    )
  })

  it('cut short (a half-written file): doctor says truncated; the bookings come back', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZT')
    truncateSync(entity, Math.floor(statSync(entity).size / 2))

    const before = await doctor(dir)
    expect(before.code).toBe(1)
    expect(before.text).toMatch(/^✖ .*entity-\d+\.sqlite.*truncated/m)

    await recoversAndSendsOnce(dir, 'ZT', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toHaveLength(1)
  })

  it('a bad header: doctor says so; the bookings come back', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZH')
    scribble(entity, 0, 16)

    const before = await doctor(dir)
    expect(before.code).toBe(1)
    expect(before.text).toMatch(/^✖ .*entity-\d+\.sqlite.*not a database/m)

    await recoversAndSendsOnce(dir, 'ZH', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toHaveLength(1)
  })

  it("the outbox's own page scribbled over (quick_check fails): doctor says damaged; the bookings come back", async () => {
    const { dir, account, entity } = await counterWithUnsent('ZQ')
    const page = rootPageOf(entity, 'outbox')
    scribble(entity, page.at, page.size)

    const before = await doctor(dir)
    expect(before.code).toBe(1)
    expect(before.text).toMatch(/^✖ .*entity-\d+\.sqlite.*(damaged|malformed)/m)

    await recoversAndSendsOnce(dir, 'ZQ', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toHaveLength(1)
  })

  it('a cache left by an older version (no journal) with a damaged page beside the outbox: the bookings are read from the damaged file itself', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZO')
    for (const f of readdirSync(account).filter((f) => f.includes('.unsent.'))) rmSync(join(account, f))
    const page = rootPageOf(entity, 'unsent_booked')
    scribble(entity, page.at, page.size)

    await recoversAndSendsOnce(dir, 'ZO', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toHaveLength(1)
  })

  it('a damaged catalogue page (not checked whole at every open): the read that meets it fails, the next command sets the cache aside', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZC')
    const page = rootPageOf(entity, 'bundles')
    scribble(entity, page.at, page.size)

    const felt = await run(dir, 'bundles', 'list')
    expect(felt.code).toBe(1)
    expect(felt.stderr).toMatch(/malformed/)
    await recoversAndSendsOnce(dir, 'ZC', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toHaveLength(1)
  })
})

describe('a damaged entity cache with nothing unsent', () => {
  it('is set aside and rebuilt: the catalogue is pulled again, the clerk is told nothing was waiting, doctor names the file kept', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZN', 0)
    scribble(entity, 0, 16)

    const synced = await run(dir, 'sync')
    expect(synced.code, synced.stdout + synced.stderr).toBe(0)
    expect(synced.stderr).toMatch(/local data was damaged and started afresh; no bookings were waiting to be sent/)
    expect(synced.stdout).toMatch(/Catalogue as of .*: \d+ bundles, [1-9]\d* items/)
    expect(setAside(account)).toHaveLength(1)
    expect((await doctor(dir)).text).toMatch(/^✖ .*set aside.*entity-\d+\.\d{8}-\d{6}\.sqlite/m)
  })
})

describe('the unsent journal beside the cache', () => {
  it('a cache file gone while its journal holds work: the bookings come back, nothing to set aside', async () => {
    const { dir, account, entity } = await counterWithUnsent('ZM')
    rmSync(entity)
    await recoversAndSendsOnce(dir, 'ZM', /5 unsent bookings recovered, 0 could not be/)
    expect(setAside(account)).toEqual([])
  })

  it('a confirmation the journal never recorded (lost in the power cut) is read back by its marker, not sent again', async () => {
    const { dir, entity } = await counterWithUnsent('ZJ', 2)
    const journal = entity.replace(/\.sqlite$/, '.unsent.sqlite')
    const before = readFileSync(journal)
    expect((await run(dir, 'sync')).code).toBe(0)
    expect(await onService('ZJ')).toEqual(['ZJ-0', 'ZJ-1'])
    // The journal as it was before the push, and the cache emptied: both bookings look unsent.
    writeFileSync(journal, before)
    truncateSync(entity, 0)
    const listed = await run(dir, '--json', 'outbox', 'list')
    expect(listed.stderr).toMatch(/2 unsent bookings recovered, 0 could not be/)
    expect((JSON.parse(listed.stdout) as OutboxEntry[]).map((e) => e.state)).toEqual(['unknown', 'unknown'])
    expect((await run(dir, 'sync')).code).toBe(0)
    expect(await onService('ZJ')).toEqual(['ZJ-0', 'ZJ-1'])
    expect((await run(dir, 'outbox', 'list')).stdout).toMatch(/Nothing waiting/)
  })
})

describe('a damaged account.sqlite', () => {
  it('is set aside and started afresh: the counter works, the unsent bookings of the entity are kept and sent once', async () => {
    const { dir, account } = await counterWithUnsent('ZA')
    const file = join(account, 'account.sqlite')
    truncateSync(file, Math.floor(statSync(file).size / 2))
    scribble(file, 0, 16)

    // Doctor's own look, before anything opens it.
    const look = checkCacheIntegrity(dir)
    expect(look.level).toBe('error')
    expect(look.message.en).toMatch(/account\.sqlite: not a database/)

    // The CLI opens the account as it starts (doctor too): it is set aside there, and doctor names what it kept.
    const before = await doctor(dir)
    expect(before.code).toBe(1)
    expect(before.text).toMatch(/^✖ .*set aside.*account\.\d{8}-\d{6}\.sqlite/m)
    expect(before.told).toMatch(/The account data on this computer was damaged: it was set aside/)

    const synced = await run(dir, 'sync')
    expect(synced.code, synced.stdout + synced.stderr).toBe(0)
    expect(setAside(account)).toEqual([expect.stringMatching(/^account\.\d{8}-\d{6}\.sqlite$/)])
    expect(await onService('ZA')).toEqual([0, 1, 2, 3, 4].map((n) => `ZA-${n}`))
  })
})

/** Makes a folder and everything in it unwritable, for root too (an immutable attribute), until `undo`. */
function readOnly(dir: string): () => void {
  const all = (d: string): string[] => [
    d,
    ...readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(d, e.name)) : [join(d, e.name)])),
  ]
  const paths = all(dir)
  for (const p of paths) chmodSync(p, statSync(p).isDirectory() ? 0o555 : 0o444)
  const root = process.getuid?.() === 0
  if (root) execFileSync('chattr', ['-R', '+i', dir])
  return () => {
    if (root) execFileSync('chattr', ['-R', '-i', dir])
    for (const p of paths) chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644)
  }
}

describe('doctor on a read-only data folder', () => {
  it('does not crash: it says the folder is not writable, still reads the caches, and exits 1', async () => {
    const { dir } = await counterWithUnsent('ZR', 2)
    const undo = readOnly(dir)
    try {
      const { code, report, text } = await doctor(dir)
      expect(code).toBe(1)
      expect(text).toMatch(/^✖ Data folder not writable/m)
      expect(report.checks.find((c) => c.id === 'outbox')!.message.en).toMatch(/2 waiting/)
      expect(report.checks.find((c) => c.id === 'cacheIntegrity')!.level).not.toBe('error')
    } finally {
      undo()
    }
  })
})
