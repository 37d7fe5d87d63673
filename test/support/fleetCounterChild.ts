import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { coreHarness } from './coreHarness'

/**
 * One counter of the fleet test: its own data folder, the service shared with the others. It enters
 * its bookings (`identical` of them alike in every field, plus one per distinct reference) while it
 * has not sent anything, then syncs until its outbox is empty. Run again after a SIGKILL, it enters
 * only what is missing and carries on. It reports its phases on stdout, one JSON line each; the last,
 * `done`, lists the markers of its bookings.
 *
 * Usage: node <bundle of this file> PLAN.json
 */
export const fleetPlan = z.object({
  dataDir: z.string(),
  serverUrl: z.string(),
  email: z.string(),
  token: z.string(),
  destination: z.number().int(),
  item: z.number().int(),
  plannedDelivery: z.string(),
  identical: z.number().int(),
  distinct: z.array(z.string()),
})
export type FleetPlan = z.infer<typeof fleetPlan>

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)

async function main(): Promise<void> {
  const plan = fleetPlan.parse(JSON.parse(readFileSync(process.argv[2]!, 'utf8')))
  const h = await coreHarness(plan.dataDir, { requestTimeoutMs: 5000 })
  // A counter connects once to learn its entity; on a line that loses answers that may take a few tries.
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await h.call('session.status')).state !== 'signed_in')
        await h.call('session.signIn', { serverUrl: plan.serverUrl, email: plan.email, token: plan.token })
      await h.call('profile.whoami')
      break
    } catch (err) {
      if (attempt === 30) throw err
    }
  }
  const have = (await h.call('bookings.list')).filter((b) => b.origin === 'here')
  const line = [{ itemId: plan.item, bookedQuantity: '1' }]
  const booking = (reference: string | null) => ({
    agencyToId: plan.destination,
    plannedDelivery: plan.plannedDelivery,
    reference,
    lines: line,
  })
  say({ phase: 'creating' })
  for (let n = have.filter((b) => b.reference === null).length; n < plan.identical; n++) await h.call('bookings.create', booking(null))
  const references = new Set(have.map((b) => b.reference))
  for (const r of plan.distinct.filter((r) => !references.has(r))) await h.call('bookings.create', booking(r))
  say({ phase: 'pushing' })
  // Answers are lost and requests refused on purpose: a few dozen pushes are plenty.
  for (let round = 1; ; round++) {
    const report = await h.call('sync.push').catch((err: unknown) => ({ error: String(err), waiting: 1, failed: 0, conflicts: 0 }))
    if (report.waiting === 0 && !report.failed && !report.conflicts) break
    if (report.failed || report.conflicts || round === 60) {
      say({ phase: 'stuck', report, entries: (await h.call('outbox.list')).slice(0, 5) })
      process.exitCode = 1
      await h.close()
      return
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const outbox = h.core.services.bookings.local().outbox
  const mine = (await h.call('bookings.list')).filter((b) => b.origin === 'here')
  say({ phase: 'done', markers: mine.map((b) => outbox.markerOf(b.localId)), synced: mine.filter((b) => b.state === 'synced').length })
  await h.close()
}

main().catch((err: unknown) => {
  say({ phase: 'error', error: String(err) })
  process.exitCode = 1
})
