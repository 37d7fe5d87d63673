import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleChild, startChild as startScript } from '../../support/childProcess'
import { coreHarness } from '../../support/coreHarness'
import type { CrashPlan } from '../../support/outboxCrashChild'
import { planOneUnitBookings } from '../../support/oneUnitBookings'
import { tempDir } from '../../support/tempDir'
import { gqlData, graphqlToken } from '../sandbox/sandboxClient'

// The outbox survives a kill at any instant: a separate process creates 500
// bookings and syncs them; it is killed with SIGKILL again and again, while
// it creates and while requests are on the wire, and restarted each time on
// the same data folder. Afterwards the service holds exactly those 500.
const COUNT = 500
const KILLS = 8
let sandbox: RunningSandbox
let planFile = ''
let plan: CrashPlan
let childScript = ''

const startChild = () => startScript(childScript, [planFile])
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  sandbox = await startSandbox()
  // A little latency keeps several requests on the wire at any instant, so kills land mid-request.
  sandbox.setFaults({ latencyMinMs: 5, latencyMaxMs: 25 })
  const user = sandbox.users[0]!
  const h = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
  try {
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    const { destination, items } = await planOneUnitBookings(h, COUNT)
    expect(items, 'the seed has stock for 500 one-unit bookings').toHaveLength(COUNT)
    plan = { dataDir: tempDir(), serverUrl: sandbox.url, email: user.email, token: user.token, destination, prefix: 'CRASH', items }
  } finally {
    await h.close()
  }
  planFile = join(tempDir(), 'plan.json')
  writeFileSync(planFile, JSON.stringify(plan))
  childScript = await bundleChild('outboxCrashChild.ts')
})
afterAll(() => sandbox.close())

describe('an outbox killed at any instant', () => {
  it(`a process syncing ${COUNT} bookings, killed with SIGKILL ${KILLS} times and restarted, leaves exactly ${COUNT} on the service`, async () => {
    const kills: string[] = []
    for (let i = 0; i < KILLS; i++) {
      // Half the kills aim at the creating, half at the pushing; the delay after the phase starts is random.
      const aim = i % 2 === 0 ? 'creating' : 'pushing'
      // Short enough that the pushing outlasts most runs, so the kills land with requests on the wire.
      const delay = Math.floor(Math.random() * (aim === 'creating' ? 300 : 500))
      const run = startChild()
      if (await run.reached(aim)) {
        await sleep(delay)
        run.kill()
      }
      const end = await run.ended
      const last = end.phases.at(-1)
      kills.push(`${aim}+${delay}ms: ${end.signal ?? `exit ${end.code}`} after ${JSON.stringify(last)}`)
      if (end.signal !== 'SIGKILL') expect(end.code, `run ${i} ended by itself: ${kills.join('; ')} ${end.stderr}`).toBe(0)
    }
    const final = startChild()
    const end = await final.ended
    expect(end.code, `the last run finishes: ${JSON.stringify(end.phases)} ${end.stderr}`).toBe(0)
    expect(end.phases.at(-1)).toEqual({ phase: 'done', local: COUNT })
    expect(kills.filter((k) => k.includes('SIGKILL')).length, `kills that landed: ${kills.join('; ')}`).toBeGreaterThanOrEqual(KILLS / 2)

    sandbox.setFaults({ latencyMinMs: 0, latencyMaxMs: 0 })
    const user = sandbox.users[0]!
    const { shipments } = await gqlData<{ shipments: { reference: string }[] }>(
      sandbox,
      await graphqlToken(sandbox, user),
      'query($p: String!) { shipments(where: {reference: {_ilike: $p}}) { reference } }',
      { p: `${plan.prefix}-%` },
    )
    const references = shipments.map((s) => s.reference)
    const expected = plan.items.map((_, n) => `${plan.prefix}-${n}`)
    expect(references.length, `bookings on the service after: ${kills.join('; ')}`).toBe(COUNT)
    expect(new Set(references).size, 'no duplicates').toBe(COUNT)
    expect([...references].sort()).toEqual([...expected].sort())
  }, 120_000)
})
