import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { observeStatements } from '@base/sqlite'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// The outbox's own room, through the contract against the sandbox over real HTTP and a real SQLite:
// what a list costs, what one save tells the screens, how long confirmed entries are kept, and the
// unsent quantities the stock warning reads.
const facts = bookingFacts[101]
const sandboxDir = tempDir()
const DAY = 24 * 60 * 60 * 1000
let sandbox: RunningSandbox
let h: CoreHarness
let clock = Date.parse('2026-11-24T10:00:00Z')
let statements: string[] = []
let counting = false

const booking = (reference: string, qty = '1'): BookingInput => ({
  agencyToId: facts.sameCategoryAgency,
  plannedDelivery: '2026-12-01',
  reference,
  lines: [{ itemId: facts.stockedItem.id, bookedQuantity: qty }],
})

const local = () => h.core.services.bookings.local()

/** The SQL statements a request runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  statements = []
  counting = true
  try {
    await fn()
  } finally {
    counting = false
  }
  return statements
}

beforeAll(async () => {
  // Set before the entity's cache opens: the seam counts what that connection runs.
  observeStatements((sql) => counting && statements.push(sql))
  sandbox = await startSandbox({ dataDir: sandboxDir })
  h = await coreHarness(tempDir(), { requestTimeoutMs: 5000, now: () => new Date(clock) })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  observeStatements(undefined)
  await h.close()
  await sandbox.close()
})

describe('the outbox room', () => {
  it('lists bookings in the same number of statements for 10 as for 500, and a save reads back only its own booking', async () => {
    for (let i = 0; i < 10; i++) await h.call('bookings.create', booking(`list-${i}`))
    const ten = await statementsOf(() => h.call('bookings.list'))
    const saveBeside10 = await statementsOf(() => h.call('bookings.create', booking('list-10')))
    for (let i = 11; i < 500; i++) await h.call('bookings.create', booking(`list-${i}`))
    const fiveHundred = await statementsOf(() => h.call('bookings.list'))
    // What a save answers with (its booking, its entries, the counts) costs the same beside 499 as beside 10.
    const saveBeside499 = await statementsOf(() => h.call('bookings.create', booking('list-500')))
    expect(saveBeside499.length).toBe(saveBeside10.length)
    await h.call('bookings.delete', { id: (await h.call('bookings.list')).find((b) => b.reference === 'list-500')!.localId })
    expect((await h.call('bookings.list')).length).toBe(500)
    expect(fiveHundred.length).toBe(ten.length)
    // The profile's cached answer, the bookings, their open entries, the items and the lots named: on
    // main this was 1 + 2N for the bookings plus two per line for the names.
    expect(ten.length).toBeLessThanOrEqual(5)
    // Clear the way for the next tests: never sent, so simply removed.
    for (const b of await h.call('bookings.list')) await h.call('bookings.delete', { id: b.localId })
    expect(await h.call('outbox.list')).toEqual([])
  })

  it('tells the screens once per saved booking, and twice for the push that sends it (started, ended)', async () => {
    const before = h.seen('sync.changed').length
    const beforeDeltas = h.seen('bookings.changed').length
    const { booking: saved, changes } = await h.call('bookings.create', booking('events-1'))
    const reading = expect.any(Number)
    expect(h.seen('sync.changed').slice(before)).toEqual([
      { waiting: 1, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: reading },
    ])
    // The answer carries what the save changed, so a store applies it without reading the lists again.
    expect(changes.bookings).toEqual([saved])
    expect(changes.removed).toEqual([])
    expect(changes.entries).toEqual([expect.objectContaining({ localId: saved.localId, op: 'create', state: 'queued', attempts: 0 })])
    expect(changes.sync).toEqual(h.seen('sync.changed').at(-1))
    // Other windows hear the same change, once.
    expect(h.seen('bookings.changed').slice(beforeDeltas)).toEqual([changes])
    const beforePush = h.seen('sync.changed').length
    const pushed = await h.call('sync.push')
    expect(h.seen('sync.changed').slice(beforePush)).toEqual([
      { waiting: 1, failed: 0, conflicts: 0, pushing: true, signInNeeded: false, version: reading },
      { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: reading },
    ])
    // Each reading is numbered after the last: a window told the push's confirmation keeps it over the save's late answer.
    const versions = h
      .seen('sync.changed')
      .slice(before)
      .map((s) => (s as { version: number }).version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(new Set(versions).size).toBe(versions.length)
    expect(pushed.changes.sync.version).toBeGreaterThan(changes.sync.version)
    // The push answers (and announces) the booking it confirmed: synced, with its service number, nothing open.
    expect(pushed.changes.bookings).toEqual([
      expect.objectContaining({ localId: saved.localId, state: 'synced', pending: 0, serviceId: expect.any(Number) }),
    ])
    expect(pushed.changes.entries).toEqual([])
    expect(h.seen('bookings.changed').at(-1)).toEqual(pushed.changes)
    expect(await h.call('bookings.get', { id: saved.localId })).toMatchObject({ state: 'synced', pending: 0 })
  })

  it('asks the scheduler’s question (the earliest due time) in one statement, whatever waits', async () => {
    expect(h.core.services.bookings.nextDueAt()).toBeNull()
    await h.call('bookings.create', booking('due-1'))
    expect(h.core.services.bookings.nextDueAt()).toBe('')
    const asked = await statementsOf(async () => h.core.services.bookings.nextDueAt())
    // The pictures' queue asks its own (it names the outbox only to see a picture's booking has nothing waiting).
    const onPictures = asked.filter((sql) => /\bbooking_pictures\b/.test(sql))
    const onOutbox = asked.filter((sql) => /\boutbox\b/.test(sql) && !onPictures.includes(sql))
    expect(onOutbox).toHaveLength(1)
    expect(onPictures).toHaveLength(1)
    // One seek in the partial index of waiting entries, not a scan of the outbox; the pictures' likewise.
    const planOf = (sql: string) =>
      (local().store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail)
    expect(planOf(onOutbox[0]!).join('; ')).toMatch(/USING INDEX outbox_due/)
    expect(planOf(onPictures[0]!).join('; ')).toMatch(/USING INDEX booking_pictures_due/)
    await h.call('sync.push')
    expect(h.core.services.bookings.nextDueAt()).toBeNull()
  })

  it('keeps confirmed entries for the history for seven days, then forgets them; waiting ones are never pruned', async () => {
    const { booking: sent } = await h.call('bookings.create', booking('history-1'))
    await h.call('sync.push')
    expect(h.core.services.bookings.sent().map((e) => e.localId)).toContain(sent.localId)
    // Waiting offline for longer than the retention: not confirmed, so kept whatever its age.
    const port = new URL(sandbox.url).port
    await sandbox.close()
    const { booking: waiting } = await h.call('bookings.create', booking('history-2'))
    clock += 6 * DAY
    await h.call('sync.push')
    expect(h.core.services.bookings.sent().map((e) => e.localId)).toContain(sent.localId)
    clock += 2 * DAY
    await h.call('sync.push')
    expect(h.core.services.bookings.sent().map((e) => e.localId)).not.toContain(sent.localId)
    expect((await h.call('outbox.list')).map((e) => e.localId)).toEqual([waiting.localId])
    expect(await h.call('bookings.get', { id: sent.localId })).toMatchObject({ state: 'synced', pending: 0 })
    sandbox = await startSandbox({ dataDir: sandboxDir, port: Number(port) })
    await h.call('sync.push')
    expect(await h.call('outbox.list')).toEqual([])
  })

  it('keeps what this computer booked and the service has not confirmed per item, through edits, deletes and the push', async () => {
    const agency = (await h.call('profile.whoami')).agency!.id
    const unsent = () => local().outbox.unsentBooked(agency, [facts.stockedItem.id]).get(facts.stockedItem.id) ?? 0
    expect(unsent()).toBe(0)
    const { booking: a } = await h.call('bookings.create', booking('unsent-a', '2.5'))
    const { booking: b } = await h.call('bookings.create', booking('unsent-b', '1'))
    expect(unsent()).toBe(3.5)
    await h.call('bookings.update', { id: a.localId, changes: { lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '0.1' }] } })
    expect(unsent()).toBeCloseTo(1.1, 9)
    await h.call('bookings.delete', { id: b.localId })
    expect(unsent()).toBeCloseTo(0.1, 9)
    // A draft is not booked yet.
    await h.call('bookings.create', { ...booking('unsent-draft', '7'), draft: true })
    expect(unsent()).toBeCloseTo(0.1, 9)
    await h.call('sync.push')
    expect(unsent()).toBe(0)
  })

  it('ends a push with what it changed in the same number of statements for 10 bookings as for 500', async () => {
    // The delta a push announces at its end names every booking it settled; it was 2 statements per
    // booking (and one more for its entries). Counted around the service's delta as the push calls it.
    const service = h.core.services.bookings
    const build = service.deltaOf.bind(service)
    let finalDelta: string[] = []
    const spy = vi.spyOn(service, 'deltaOf').mockImplementation((ids, sync) => {
      statements = []
      counting = true
      try {
        return build(ids, sync)
      } finally {
        counting = false
        finalDelta = statements
      }
    })
    try {
      const pushOf = async (count: number, prefix: string) => {
        for (let i = 0; i < count; i++) await h.call('bookings.create', booking(`${prefix}-${i}`))
        const pushed = await h.call('sync.push')
        return { pushed, statements: finalDelta }
      }
      const ten = await pushOf(10, 'delta-10')
      expect(ten.pushed.changes.bookings.map((b) => b.reference).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `delta-10-${i}`).sort(),
      )
      // Past the item's stock most are refused: refused or sent, each was settled and is named.
      const fiveHundred = await pushOf(500, 'delta-500')
      expect(fiveHundred.pushed.changes.bookings).toHaveLength(500)
      expect(fiveHundred.pushed.changes.bookings.every((b) => b.state === 'synced' || b.state === 'failed')).toBe(true)
      expect(fiveHundred.statements.length).toBe(ten.statements.length)
      // The profile's cached answer, the bookings, their open entries, the entries, the items and lots
      // named (before: 33 for 10, 1,503 for 500).
      expect(ten.statements.length).toBeGreaterThan(0)
      expect(ten.statements.length).toBeLessThanOrEqual(6)
    } finally {
      spy.mockRestore()
    }
  })
})
