import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
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
const root = join(__dirname, '..', '..', '..')
let sandbox: RunningSandbox
let planFile = ''
let plan: CrashPlan
let childScript = ''

/**
 * The child is TypeScript: bundled once with Vite (the toolchain the tests
 * run on) into plain CommonJS, its packages left to node_modules.
 */
async function bundleChild(): Promise<string> {
  const outDir = tempDir('mostrador-crash-child-')
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      ssr: join(root, 'test', 'support', 'outboxCrashChild.ts'),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: 'outboxCrashChild.cjs' } },
    },
  })
  return join(outDir, 'outboxCrashChild.cjs')
}

interface Phase {
  phase: string
  [k: string]: unknown
}

interface ChildRun {
  /** Resolves when the child reports the phase (true) or ends without reaching it (false). */
  reached(phase: string): Promise<boolean>
  kill(): void
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; phases: Phase[]; stderr: string }>
}

function startChild(): ChildRun {
  const child = spawn(process.execPath, [childScript, planFile], {
    cwd: root,
    env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const phases: Phase[] = []
  const waiters: { phase: string; resolve: (seen: boolean) => void }[] = []
  let buffered = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString()
    let nl: number
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, nl)) as Phase
      buffered = buffered.slice(nl + 1)
      phases.push(line)
      for (const w of waiters.filter((x) => x.phase === line.phase)) w.resolve(true)
    }
  })
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; phases: Phase[]; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => {
      for (const w of waiters) w.resolve(false)
      resolve({ code, signal, phases, stderr })
    })
  })
  return {
    reached: (phase) =>
      phases.some((p) => p.phase === phase) ? Promise.resolve(true) : new Promise((resolve) => waiters.push({ phase, resolve })),
    kill: () => child.kill('SIGKILL'),
    ended,
  }
}

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
  childScript = await bundleChild()
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
