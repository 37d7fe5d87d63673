import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookableItem } from '../support/bookableItem'
import { bundleChild, startChild, type ChildEnd } from '../support/childProcess'
import { coreHarness } from '../support/coreHarness'
import type { FleetPlan } from '../support/fleetCounterChild'
import { tempDir } from '../support/tempDir'
import { gqlData, graphqlToken } from '../integration/sandbox/sandboxClient'

// A shop's fleet: three counters (each its own data folder and process, one service) enter bookings
// offline, many of them identical, and sync at once through lost answers and refusals, with the
// service's clock 20 minutes behind theirs; one counter is killed with SIGKILL while it sends and is
// started again. Every booking is on the service exactly once.
const COUNTERS = 3
const IDENTICAL = 6
const DISTINCT = 4
let sandbox: RunningSandbox
let childScript = ''
const plans: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox()
  const user = sandbox.users[0]!
  const h = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
  let item: number
  let destination: number
  try {
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    ;({ item, destination } = await bookableItem(h))
  } finally {
    await h.close()
  }
  for (let c = 0; c < COUNTERS; c++) {
    const plan: FleetPlan = {
      dataDir: tempDir(),
      serverUrl: sandbox.url,
      email: user.email,
      token: user.token,
      destination,
      item,
      plannedDelivery: '2027-05-03',
      identical: IDENTICAL,
      distinct: Array.from({ length: DISTINCT }, (_, n) => `FLEET-${c}-${n}`),
    }
    const file = join(tempDir(), `counter-${c}.json`)
    writeFileSync(file, JSON.stringify(plan))
    plans.push(file)
  }
  childScript = await bundleChild('fleetCounterChild.ts')
  const minutes = 60_000
  const res = await fetch(`${sandbox.url}/__sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs: -20 * minutes }),
  })
  expect(res.status).toBe(200)
}, 120_000)
afterAll(() => sandbox.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('three counters syncing at once through lost answers, one killed', () => {
  it('put every booking on the service exactly once', async () => {
    // Each answer may be lost after the service did the work, or refused before it did any.
    sandbox.setFaults({ dropShare: 0.25, errorShare: 0.1, latencyMinMs: 5, latencyMaxMs: 30 })
    const runs = plans.map((plan) => startChild(childScript, [plan]))
    // The first counter dies while its requests are on the wire, and is started again.
    const killed = runs[0]!
    if (await killed.reached('pushing')) {
      await sleep(150)
      killed.kill()
    }
    const first = await killed.ended
    const again = startChild(childScript, [plans[0]!])
    const ends: ChildEnd[] = await Promise.all([again.ended, ...runs.slice(1).map((r) => r.ended)])
    sandbox.setFaults({ dropShare: 0, errorShare: 0, latencyMinMs: 0, latencyMaxMs: 0 })

    const markers: string[] = []
    for (const end of ends) {
      const done = end.phases.at(-1)
      expect(done?.phase, `a counter did not finish: ${JSON.stringify(end.phases.slice(-2))} ${end.stderr}`).toBe('done')
      expect(done!.synced).toBe(IDENTICAL + DISTINCT)
      markers.push(...(done!.markers as string[]))
    }
    expect(first.signal === 'SIGKILL' || first.phases.at(-1)?.phase === 'done').toBe(true)
    expect(new Set(markers).size).toBe(COUNTERS * (IDENTICAL + DISTINCT))

    const user = sandbox.users[0]!
    const { shipments } = await gqlData<{ shipments: { memo: string | null }[] }>(
      sandbox,
      await graphqlToken(sandbox, user),
      'query($day: date!) { shipments(where: {planned_delivery: {_eq: $day}}) { memo } }',
      { day: '2027-05-03' },
    )
    const onService = shipments.map((s) => s.memo)
    expect(onService).toHaveLength(markers.length)
    expect([...onService].sort()).toEqual([...markers].sort())
  }, 180_000)
})
