import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { LocalBooking, OutboxEntry } from '@shared/bookings'
import { bookableItemOf } from '../../support/bookableItem'
import { cli } from '../../support/cliRun'
import { referencesOnService } from '../sandbox/serviceReferences'
import { tempDir, tempDirInTest } from '../../support/tempDir'

// Issue 28, item 4: a counter whose disk is failing hands its unsent bookings to another computer
// (`outbox export FILE` there, `outbox import FILE` here). Some of them may already be on the service
// (sent, answer lost): the importing computer reads each back by its marker before sending, so every
// booking lands exactly once.
let sandbox: RunningSandbox
let item = 0
let destination = 0

beforeAll(async () => {
  sandbox = await startSandbox()
  ;({ item, destination } = await bookableItemOf(sandbox, tempDir()))
})
afterAll(() => sandbox.close())

const as = (n: number) => ({ MOSTRADOR_EMAIL: sandbox.users[n]!.email, MOSTRADOR_TOKEN: sandbox.users[n]!.token })
const run = (dir: string, ...args: string[]) => cli(['--server', sandbox.url, ...args], as(0), dir)
const create = (dir: string, reference: string) =>
  run(dir, 'bookings', 'create', '--to', String(destination), '--line', `${item}:1`, '--reference', reference)

const onService = (prefix: string) => referencesOnService(sandbox, prefix)

/** A counter with three unsent bookings: two already on the service (their answers lost), one never sent; and its export. */
async function failingCounter(prefix: string): Promise<string> {
  const a = tempDirInTest()
  expect((await run(a, 'sync')).code).toBe(0)
  expect((await create(a, `${prefix}-0`)).code).toBe(0)
  expect((await create(a, `${prefix}-1`)).code).toBe(0)
  sandbox.setFaults({ dropShare: 1 })
  try {
    await run(a, 'sync')
  } finally {
    sandbox.setFaults({ dropShare: 0 })
  }
  expect(await onService(prefix)).toEqual([`${prefix}-0`, `${prefix}-1`])
  expect((await create(a, `${prefix}-2`)).code).toBe(0)
  const states = (JSON.parse((await run(a, '--json', 'outbox', 'list')).stdout) as OutboxEntry[]).map((e) => e.state).sort()
  expect(states).toEqual(['queued', 'unknown', 'unknown'])

  const file = join(a, 'unsent.json')
  const exported = await run(a, 'outbox', 'export', file)
  expect(exported.code, exported.stderr).toBe(0)
  expect(exported.stdout).toMatch(/Wrote 3 unsent entries of 3 booking\(s\)/)
  return file
}

describe('mostrador outbox export / import', () => {
  it('carries the unsent bookings to another computer, where each is read back by its marker and lands on the service once', async () => {
    const file = await failingCounter('TX')
    const written = JSON.parse(readFileSync(file, 'utf8')) as { version: number; entityId: number; entries: unknown[] }
    expect(written).toMatchObject({ format: 'mostrador-outbox', version: 1, serverUrl: sandbox.url, email: sandbox.users[0]!.email })
    expect(written.entries).toEqual(
      ['TX-0', 'TX-1', 'TX-2'].map((reference) =>
        expect.objectContaining({
          op: 'create',
          marker: expect.stringMatching(/^mostrador:/),
          booking: expect.objectContaining({ reference }),
        }),
      ),
    )

    // The other computer: signed in to the same account, its entity and catalogue known.
    const b = tempDirInTest()
    expect((await run(b, 'sync')).code).toBe(0)
    const imported = await run(b, 'outbox', 'import', file)
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/Imported 3 entries of 3 booking\(s\); 0 already here/)
    const entries = JSON.parse((await run(b, '--json', 'outbox', 'list')).stdout) as OutboxEntry[]
    expect(entries.map((e) => e.state)).toEqual(['unknown', 'unknown', 'unknown'])
    // The clerk sees them as the other counter typed them, waiting.
    const booked = JSON.parse((await run(b, '--json', 'bookings', 'list')).stdout) as LocalBooking[]
    expect(booked.map((x) => [x.reference, x.state, x.agencyToId, x.lines.length]).sort()).toEqual(
      ['TX-0', 'TX-1', 'TX-2'].map((reference) => [reference, 'pending', destination, 1]),
    )

    // Importing twice adds nothing.
    const again = await run(b, 'outbox', 'import', file)
    expect(again.stdout).toMatch(/Imported 0 entries of 0 booking\(s\); 3 already here/)
    expect(JSON.parse((await run(b, '--json', 'outbox', 'list')).stdout)).toHaveLength(3)

    const synced = await run(b, 'sync')
    expect(synced.code, synced.stdout + synced.stderr).toBe(0)
    expect(await onService('TX')).toEqual(['TX-0', 'TX-1', 'TX-2'])
    expect((await run(b, 'outbox', 'list')).stdout).toMatch(/Nothing waiting/)
    // And once more after the import was already sent: still nothing new.
    expect((await run(b, 'outbox', 'import', file)).stdout).toMatch(/Imported 0 entries/)
    expect((await run(b, 'outbox', 'list')).stdout).toMatch(/Nothing waiting/)
  })

  it('refuses a file of another company, another account, or one that is not an outbox file, and imports nothing', async () => {
    const file = await failingCounter('TR')
    const b = tempDirInTest()
    expect((await run(b, 'sync')).code).toBe(0)

    const elsewhere = join(b, 'elsewhere.json')
    writeFileSync(elsewhere, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), entityId: 999999 }))
    const otherCompany = await run(b, 'outbox', 'import', elsewhere)
    expect(otherCompany.code).toBe(1)
    expect(otherCompany.stderr).toMatch(/belongs to another server, account or company: nothing was imported/)

    const c = tempDirInTest()
    expect((await cli(['--server', sandbox.url, 'sync'], as(1), c)).code).toBe(0)
    const otherAccount = await cli(['--server', sandbox.url, 'outbox', 'import', file], as(1), c)
    expect(otherAccount.code).toBe(1)
    expect(otherAccount.stderr).toMatch(/belongs to another server, account or company/)

    const garbled = join(b, 'garbled.json')
    writeFileSync(garbled, JSON.stringify({ format: 'mostrador-outbox', version: 1, entries: [{ marker: 'x' }] }))
    const bad = await run(b, 'outbox', 'import', garbled)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/The data given is not valid/)

    expect((await run(b, 'outbox', 'list')).stdout).toMatch(/Nothing waiting/)
  })
})
