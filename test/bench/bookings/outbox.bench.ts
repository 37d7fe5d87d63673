import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import type { RequestOutput } from '@shared/contract'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { planOneUnitBookings, type OneUnitPlan } from '../../support/oneUnitBookings'
import { tempDir } from '../../support/tempDir'
import { startBenchSandbox, type BenchSandbox } from '../support/benchSandbox'
import { durations, percentile, report } from '../support/measure'

// The bookings outbox: how long the counter waits for a booking to be kept
// (cache + outbox in one transaction), and how fast a full outbox drains
// through a line that loses a tenth of the answers after the service
// committed. The sandbox runs as a separate process, so its work is not
// counted as the client's; faults and resets go through its control door.
const QUEUED = 1000
let sandbox: BenchSandbox | undefined
let url = ''
let user: { email: string; token: string }

async function control(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${url}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`)
}

/** A core on a fresh data folder, signed in, its entity known: a counter's app just opened. */
async function counter(): Promise<CoreHarness> {
  const h = await coreHarness(tempDir('mostrador-bench-core-'), { requestTimeoutMs: 10_000 }, { keepEvents: false })
  await h.call('session.signIn', { serverUrl: url, ...user })
  await h.call('profile.whoami')
  return h
}

const oneUnit = (plan: OneUnitPlan, n: number, prefix: string): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: '2026-12-01',
  reference: `${prefix}-${n}`,
  lines: [{ itemId: plan.items[n]!, bookedQuantity: '1' }],
})

/** The service's bookings with a reference prefix, read by another client straight from the service. */
async function onService(prefix: string): Promise<string[]> {
  const reader = await counter()
  try {
    const res = await reader.call('graphql.query', {
      query: 'query($p: String!) { shipments(where: {reference: {_ilike: $p}}) { reference } }',
      variables: { p: `${prefix}-%` },
    })
    return (res.data as { shipments: { reference: string }[] }).shipments.map((s) => s.reference)
  } finally {
    await reader.close()
  }
}

/** Queues `count` bookings on a fresh counter, then pushes until the outbox is empty (each push sends every waiting entry once). */
async function drain(prefix: string, count: number): Promise<{ seconds: number; rounds: number; report: unknown }> {
  const h = await counter()
  try {
    const plan = await planOneUnitBookings(h, count)
    expect(plan.items, `the seed has stock for ${count} one-unit bookings`).toHaveLength(count)
    for (let n = 0; n < count; n++) await h.call('bookings.create', oneUnit(plan, n, prefix))
    const start = performance.now()
    let rounds = 0
    let last: RequestOutput<'sync.push'>
    do {
      last = await h.call('sync.push')
      rounds++
    } while (last.waiting > 0 && rounds < 50)
    return { seconds: (performance.now() - start) / 1000, rounds, report: last }
  } finally {
    await h.close()
  }
}

/** The service's own pace: the same bookings as bare POSTs, four at a time, no cache, no outbox, no faults. */
async function barePosts(prefix: string, count: number): Promise<number> {
  const h = await counter()
  const plan = await planOneUnitBookings(h, count).finally(() => h.close())
  const headers = { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json', 'Content-Type': 'application/json' }
  const start = performance.now()
  let next = 0
  const worker = async () => {
    while (next < count) {
      const n = next++
      const b = oneUnit(plan, n, prefix)
      const line = b.lines[0]!
      const res = await fetch(`${url}/pos/bookings.json`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          shipment: {
            agency_to_id: b.agencyToId,
            planned_delivery: b.plannedDelivery,
            reference: b.reference,
            needs_transport: true,
            // The service's names: our BookingInput is camelCase since the rename, and a bare client speaks the wire's.
            movements_attributes: { '0': { item_id: line.itemId, booked_quantity: line.bookedQuantity } },
          },
        }),
      })
      if (res.status !== 201) throw new Error(`bare POST ${n}: ${res.status} ${await res.text()}`)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return (performance.now() - start) / 1000
}

beforeAll(async () => {
  sandbox = await startBenchSandbox('small')
  ;({ url, user } = sandbox)
})
afterAll(() => {
  sandbox?.stop()
})

/**
 * Times `count` commits with `waiting` bookings already in the outbox; each timed booking is deleted
 * again (untimed; never sent, so simply removed), so the outbox keeps its size.
 */
async function commits(h: CoreHarness, input: BookingInput, waiting: number, count: number): Promise<number[]> {
  for (let n = (await h.call('outbox.list')).length; n < waiting; n++) await h.call('bookings.create', input)
  const times: number[] = []
  for (let i = 0; i < count + 20; i++) {
    const start = performance.now()
    const { booking } = await h.call('bookings.create', input)
    const ms = performance.now() - start
    if (i >= 20) times.push(ms)
    await h.call('bookings.delete', { id: booking.localId })
  }
  return times
}

it('commit latency of a booking to cache + outbox, against a bare one-row insert transaction in the same SQLite', async () => {
  const h = await counter()
  try {
    // The counter has its catalogue: the stock check against it is part of every commit.
    await h.call('catalogue.pull')
    const plan = await planOneUnitBookings(h, 3)
    const input: BookingInput = {
      agencyToId: plan.destination,
      plannedDelivery: '2026-12-01',
      reference: 'bench',
      lines: plan.items.map((itemId) => ({ itemId, bookedQuantity: '1' })),
    }
    const shift = await commits(h, input, 100, 1000)
    const db = h.core.services.bookings.local().store.db
    db.exec('CREATE TABLE bench_baseline (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)')
    const insert = db.prepare('INSERT INTO bench_baseline (payload) VALUES (?)')
    const payload = JSON.stringify(input)
    const oneRow = db.transaction(() => insert.run(payload))
    const bare = await durations(() => oneRow(), 1000)
    const thousand = await commits(h, input, 1000, 500)
    const backlog = await commits(h, input, 5000, 500)

    const base = (p: number) => ({ name: 'one-row insert tx', value: percentile(bare, p) })
    report('Commit of a 3-line booking to cache + outbox (through the contract, WAL, synchronous=FULL)', [
      { name: 'p50 commit, 100 bookings waiting', value: percentile(shift, 50), unit: 'ms', baseline: base(50) },
      { name: 'p99 commit, 100 bookings waiting', value: percentile(shift, 99), unit: 'ms', baseline: base(99), goal: 'p99 ≤ 5 ms' },
      { name: 'p50 commit, 1,000 bookings waiting', value: percentile(thousand, 50), unit: 'ms', baseline: base(50) },
      { name: 'p99 commit, 1,000 bookings waiting', value: percentile(thousand, 99), unit: 'ms', baseline: base(99), goal: 'p99 ≤ 5 ms' },
      { name: 'p50 commit, 5,000 bookings waiting', value: percentile(backlog, 50), unit: 'ms', baseline: base(50) },
      {
        name: 'p99 commit, 5,000 bookings waiting',
        value: percentile(backlog, 99),
        unit: 'ms',
        baseline: base(99),
        goal: 'p99 ≤ 5 ms, flat from 100',
      },
    ])
    expect((await h.call('outbox.list')).length).toBe(5000)
  } finally {
    await h.close()
  }
})

it(`push of ${QUEUED.toLocaleString('en')} queued bookings through 10% dropped-after-commit answers: none doubled, none lost`, async () => {
  // The bare POSTs run before and after the pushes and their mean is the baseline: on a shared
  // machine the service's pace drifts during the run, and one side alone would skew the ratio.
  await control('POST', '/reset')
  const bareBefore = await barePosts('BARE', QUEUED)

  await control('POST', '/reset')
  const clean = await drain('CLEAN', QUEUED)

  await control('POST', '/reset')
  await control('PUT', '/faults', { dropShare: 0.1 })
  const faulty = await drain('DROP', QUEUED).finally(() => control('PUT', '/faults', { spec: 'none' }))
  const references = await onService('DROP')
  await control('POST', '/reset')
  const bare = (bareBefore + (await barePosts('BARE', QUEUED))) / 2
  const distinct = new Set(references)
  const duplicates = references.length - distinct.size
  const losses = Array.from({ length: QUEUED }, (_, n) => `DROP-${n}`).filter((r) => !distinct.has(r)).length

  report(`Push of ${QUEUED} queued one-line bookings (sandbox in its own process, loopback)`, [
    {
      name: 'bookings per second, 10% dropped after commit',
      value: QUEUED / faulty.seconds,
      unit: '/s',
      baseline: { name: 'bare POSTs ×4', value: QUEUED / bare },
    },
    {
      name: 'bookings per second, clean line',
      value: QUEUED / clean.seconds,
      unit: '/s',
      baseline: { name: 'bare POSTs ×4', value: QUEUED / bare },
    },
    { name: 'pushes to empty, 10% dropped', value: faulty.rounds, unit: '' },
    { name: 'duplicates on the service', value: duplicates, unit: '', goal: '0' },
    { name: 'losses on the service', value: losses, unit: '', goal: '0' },
  ])
  // Counts, not times: a duplicate or a loss is a bug whatever the machine.
  expect({ duplicates, losses, outcome: faulty.report }).toEqual({
    duplicates: 0,
    losses: 0,
    outcome: expect.objectContaining({ waiting: 0, failed: 0, conflicts: 0 }),
  })
})
