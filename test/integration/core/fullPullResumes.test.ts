import { describe, expect, it } from 'vitest'
import { isGraphql } from '../../support/interceptingProxy'
import { db, h, proxy, service, usePullStation } from './pullStation'

// Issue 32, on a line that keeps dropping: each try of a full pull started from nothing (its staged rows dropped), so
// a line that always dropped before the end never completed one, and a new station never got its catalogue.

usePullStation()

/** The GraphQL pages of `table` a query body asks for, with the id it asks them after. */
function pageAfter(body: string, table: string): number | null {
  const { query, variables } = JSON.parse(body) as { query: string; variables?: { after?: number } }
  return new RegExp(`\\{ ${table}\\(where: \\{id: \\{_gt: \\$after`).test(query) ? (variables?.after ?? null) : null
}

/** The largest id of the entity's rows on the service. */
const largestId = (table: string, entityId: number) =>
  service.prepare(`SELECT MAX(id) FROM ${table} WHERE entity_id = ?`).pluck().get(entityId) as number
const cachedCount = (table: string) => db(h).prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number

/** The `after` of each page of `table` the recorded bodies asked for. */
const afters = (asked: string[], table: string) => asked.map((b) => pageAfter(b, table)).filter((a) => a !== null)
const fullAt = () => db(h).prepare("SELECT value FROM meta WHERE key = 'catalogue_full_at'").pluck().get() as string

/** A full pull the line cuts when the bundles' pages are asked for: items, lots and stock were read. */
async function cutAtBundles(): Promise<void> {
  const bundlesDrop = (body: string) => (pageAfter(body, 'bundles') !== null ? { status: 502, body: { error: 'Bad Gateway' } } : null)
  await proxy.during(
    (req) => (isGraphql(req) ? { byBody: bundlesDrop } : null),
    () => expect(h.call('catalogue.pull', { full: true })).rejects.toThrow(),
  )
}

/** Runs `pull`, returning the GraphQL bodies it sent. */
async function recorded(pull: () => Promise<unknown>): Promise<string[]> {
  const asked: string[] = []
  const record = (body: string) => {
    asked.push(body)
    return null
  }
  await proxy.during((req) => (isGraphql(req) ? { byBody: record } : null), pull)
  return asked
}

describe('a full pull the line cut', () => {
  it('is gone on with by the next background pull: what it read is not asked for again, and the catalogue comes whole', async () => {
    const entityId = (await h.call('profile.whoami')).currentEntity!.id
    // What the station's first full pull brought, whole.
    const tables = ['items', 'lots', 'lot_stocks', 'bundles', 'bundle_components']
    const whole = tables.map(cachedCount)
    await cutAtBundles()

    // The day's full pull comes due.
    const dayBefore = new Date(Date.now() - 25 * 3_600_000).toISOString()
    db(h).prepare("UPDATE meta SET value = ? WHERE key = 'catalogue_full_at'").run(dayBefore)
    const asked = await recorded(() => h.call('catalogue.pull'))
    // Each table already read is asked only for what comes after its last row: nothing.
    for (const table of ['items', 'lots', 'lot_stocks']) expect(afters(asked, table), table).toEqual([largestId(table, entityId)])
    expect(afters(asked, 'bundles')[0]).toBe(0)
    // The snapshot went in whole.
    expect(fullAt()).not.toBe(dayBefore)
    expect(tables.map(cachedCount)).toEqual(whole)
  }, 60_000)

  it('is no part of «Actualizar todo»: the clerk who asks for everything gets everything read now', async () => {
    const entityId = (await h.call('profile.whoami')).currentEntity!.id
    await cutAtBundles()
    const asked = await recorded(() => h.call('catalogue.pull', { full: true }))
    expect(afters(asked, 'items')).toEqual([0, largestId('items', entityId)])
  }, 60_000)
})
