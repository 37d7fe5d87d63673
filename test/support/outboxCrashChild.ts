import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { coreHarness } from './coreHarness'

/**
 * The process the crash test kills: it opens the data folder, creates the
 * bookings of its plan that are not there yet (by reference), then pushes
 * until the outbox is empty. Run again after a SIGKILL at any instant, it
 * must pick up where the last one stopped. It reports its phases on stdout,
 * one JSON line each, so the test can aim its kills.
 *
 * Usage: node <bundle of this file> PLAN.json (see crashPlan)
 */
export const crashPlan = z.object({
  dataDir: z.string(),
  serverUrl: z.string(),
  email: z.string(),
  token: z.string(),
  destination: z.number().int(),
  /** Reference prefix: booking n is `${prefix}-${n}`. */
  prefix: z.string(),
  /** The item of each booking, one unit each. */
  items: z.array(z.number().int()),
})
export type CrashPlan = z.infer<typeof crashPlan>

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)

async function main(): Promise<void> {
  const plan = crashPlan.parse(JSON.parse(readFileSync(process.argv[2]!, 'utf8')))
  const h = await coreHarness(plan.dataDir, { requestTimeoutMs: 5000 })
  await h.call('session.signIn', { serverUrl: plan.serverUrl, email: plan.email, token: plan.token })
  await h.call('profile.whoami')
  const have = new Set((await h.call('bookings.list')).map((b) => b.reference))
  const missing = plan.items.map((item, n) => ({ item, reference: `${plan.prefix}-${n}` })).filter((b) => !have.has(b.reference))
  say({ phase: 'creating', missing: missing.length })
  for (const b of missing) {
    await h.call('bookings.create', {
      agencyToId: plan.destination,
      plannedDelivery: '2026-12-01',
      reference: b.reference,
      lines: [{ itemId: b.item, bookedQuantity: '1' }],
    })
  }
  say({ phase: 'pushing' })
  // Each push sends every waiting entry once; on a clean line a few are plenty.
  for (let round = 1; ; round++) {
    const report = await h.call('sync.push')
    if (report.waiting === 0 && !report.failed && !report.conflicts) {
      say({ phase: 'done', local: (await h.call('bookings.list')).length })
      break
    }
    if (report.failed || report.conflicts || round === 10) {
      say({ phase: 'stuck', report, entries: (await h.call('outbox.list')).slice(0, 5) })
      process.exitCode = 1
      break
    }
  }
  await h.close()
}

main().catch((err: unknown) => {
  say({ phase: 'error', error: String(err) })
  process.exitCode = 1
})
