import { describe, expect, it } from 'vitest'
import { toIsoTimestamp, toStoredTimestamp } from '@sandbox/timestamps'
import { rest } from '../sandbox/sandboxClient'
import { h, proxy, sandbox, service, user, usePullStation } from './pullStation'

// Issue 32, on a metered line: the routine pull asks again for the bundles stamped within a margin before the newest
// one seen (a transaction that commits late). While nothing newer changes that margin does not move, so a batch of
// bundles edited once was read again by every routine pull, all day, and one over the by-id threshold made every
// routine pull a full one.

usePullStation()

/** The requests of one pull: the bundles read by REST, and whether the pull read the whole catalogue. */
async function pullSeen(): Promise<{ shown: string[]; full: boolean }> {
  const seen: string[] = []
  proxy.intercept = (req) => (seen.push(`${req.method} ${req.url}`), null)
  try {
    await h.call('catalogue.pull')
  } finally {
    proxy.intercept = () => null
  }
  return {
    shown: seen.filter((r) => /^GET \/inventories\/bundles\/\d+\.json$/.test(r)),
    full: seen.includes('GET /inventories/bundles.json'),
  }
}

async function renameBundles(count: number, from: number): Promise<void> {
  const rows = (await h.call('catalogue.search', { query: '', limit: from + count })).rows.slice(from)
  expect(rows).toHaveLength(count)
  for (const [at, b] of rows.entries()) {
    const renamed = await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${b.id}.json`, { bundle: { name: `Tanda ${from + at}` } })
    expect(renamed.status).toBe(200)
  }
}

describe('bundles edited once on the service', () => {
  it('are read by the routine pull that follows, and not again by the next ones', async () => {
    await renameBundles(20, 0)
    const first = await pullSeen()
    expect(first.full).toBe(false)
    expect(first.shown.length).toBeGreaterThanOrEqual(20)
    for (const next of [await pullSeen(), await pullSeen()]) expect(next).toEqual({ shown: [], full: false })
  }, 120_000)

  it('cost one full pull when too many to read one by one, and no more', async () => {
    const cached = (await h.call('catalogue.status')).counts.bundles
    await renameBundles(Math.floor(Math.max(50, cached * 0.05)) + 5, 20)
    expect((await pullSeen()).full).toBe(true)
    for (const next of [await pullSeen(), await pullSeen()]) expect(next).toEqual({ shown: [], full: false })
  }, 120_000)
})

describe('a bundle whose save committed late', () => {
  it('stamped before the newest one read, is still read by the next routine pull', async () => {
    await renameBundles(1, 100)
    await pullSeen()
    const newest = service.prepare<[], string>('SELECT max(updated_at) FROM bundles').pluck().get()!
    const late = (await h.call('catalogue.search', { query: '', limit: 102 })).rows[101]!
    // Its transaction began five minutes before the newest save the last pull read, and committed after that pull.
    const stamped = toStoredTimestamp(new Date(Date.parse(toIsoTimestamp(newest)) - 5 * 60_000))
    service.prepare('UPDATE bundles SET name = ?, updated_at = ? WHERE id = ?').run('Llegó tarde', stamped, late.id)
    expect((await pullSeen()).shown).toEqual([`GET /inventories/bundles/${late.id}.json`])
    expect((await h.call('catalogue.search', { query: 'Llegó tarde', limit: 5 })).rows.map((r) => r.id)).toEqual([late.id])
  }, 120_000)
})
