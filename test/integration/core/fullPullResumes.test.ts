import { describe, expect, it } from 'vitest'
import { isGraphql } from '../../support/interceptingProxy'
import { rest } from '../sandbox/sandboxClient'
import { db, deleteItemOnService, h, proxy, sandbox, service, user, usePullStation } from './pullStation'

// Issue 32, on a line that keeps dropping: each try of a full pull started from nothing (its staged rows dropped), so
// a line that always dropped before the end never completed one, and a new station never got its catalogue.

usePullStation()

/** The GraphQL pages of `table` a query body asks for, with the id it asks them after (not a read of its ids alone). */
function pageAfter(body: string, table: string): number | null {
  const { query, variables } = JSON.parse(body) as { query: string; variables?: { after?: number } }
  if (query.endsWith('{ id } }')) return null
  return new RegExp(`\\{ ${table}\\(where: \\{id: \\{_gt: \\$after`).test(query) ? (variables?.after ?? null) : null
}

/** The largest id of the entity's rows on the service. */
const largestId = (table: string, entityId: number) =>
  service.prepare(`SELECT MAX(id) FROM ${table} WHERE entity_id = ?`).pluck().get(entityId) as number
const cachedCount = (table: string) => db(h).prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number

/** The `after` of each page of `table` the recorded bodies asked for. */
const afters = (asked: string[], table: string) => asked.map((b) => pageAfter(b, table)).filter((a) => a !== null)
const fullAt = () => db(h).prepare("SELECT value FROM meta WHERE key = 'catalogue_full_at'").pluck().get() as string

/**
 * A full pull the line cuts when the bundles' pages are asked for (`past`: only those after it): items, lots and stock
 * were read, and the bundles up to `past`.
 */
async function cutAtBundles(past = -1): Promise<void> {
  const bundlesDrop = (body: string) => ((pageAfter(body, 'bundles') ?? -1) > past ? { status: 502, body: { error: 'Bad Gateway' } } : null)
  await proxy.during(
    (req) => (isGraphql(req) ? { byBody: bundlesDrop } : null),
    () => expect(h.call('catalogue.pull', { full: true })).rejects.toThrow(),
  )
}

/** The day's full pull comes due: the last was 25 hours ago. */
function dayDue(): string {
  const dayBefore = new Date(Date.now() - 25 * 3_600_000).toISOString()
  db(h).prepare("UPDATE meta SET value = ? WHERE key = 'catalogue_full_at'").run(dayBefore)
  return dayBefore
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

    const dayBefore = dayDue()
    const asked = await recorded(() => h.call('catalogue.pull'))
    // Each table already read is asked only for what comes after its last row: nothing.
    for (const table of ['items', 'lots', 'lot_stocks']) expect(afters(asked, table), table).toEqual([largestId(table, entityId)])
    expect(afters(asked, 'bundles')[0]).toBe(0)
    // The snapshot went in whole.
    expect(fullAt()).not.toBe(dayBefore)
    expect(tables.map(cachedCount)).toEqual(whole)
  }, 60_000)

  it('goes on after the bundles it staged, and reads again those changed on the service since', async () => {
    const entityId = (await h.call('profile.whoami')).currentEntity!.id
    const tables = ['bundles', 'bundle_components', 'bundle_tags', 'bundle_records']
    const whole = tables.map(cachedCount)
    // Cut after the first page of bundles: every bundle of this seed was staged.
    await cutAtBundles(0)
    dayDue()
    // Another counter renames a staged bundle before the next try.
    const [bundle] = (await h.call('catalogue.search', { query: '', limit: 1 })).rows
    const renamed = await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${bundle!.id}.json`, {
      bundle: { name: 'Renombrado entre dos intentos' },
    })
    expect(renamed.status).toBe(200)

    const asked = await recorded(() => h.call('catalogue.pull'))
    expect(afters(asked, 'bundles')).toEqual([largestId('bundles', entityId)])
    expect(tables.map(cachedCount)).toEqual(whole)
    expect((await h.call('catalogue.search', { query: 'Renombrado entre dos intentos', limit: 5 })).rows.map((r) => r.id)).toEqual([
      bundle!.id,
    ])
    // The bundles kept from the first try keep their REST columns.
    expect(cachedCount('bundles WHERE ean13 IS NOT NULL')).toBeGreaterThan(0)
    expect((await h.call('catalogue.status')).capabilities?.bundleColumns).toBe(true)
  }, 60_000)

  it('leaves out what the service deleted between two tries: an item with its lots and stock, and a bundle', async () => {
    const entityId = (await h.call('profile.whoami')).currentEntity!.id
    // Cut after the first page of bundles: every bundle of this seed was staged, and every item, lot and stock row.
    await cutAtBundles(0)
    dayDue()
    // Before the next try, the service loses an item (with its lots) and a bundle, as its web pages would delete them.
    const goneItem = deleteItemOnService(entityId)
    const goneBundle = service
      .prepare<[number], number>(
        'SELECT id FROM bundles WHERE entity_id = ? AND id NOT IN (SELECT bundle_id FROM movements WHERE bundle_id IS NOT NULL) LIMIT 1',
      )
      .pluck()
      .get(entityId)!
    expect((await rest(sandbox, user(), 'DELETE', `/inventories/bundles/${goneBundle}.json`)).status).toBe(204)

    await h.call('catalogue.pull')
    expect(fullAt()).not.toBeNull()
    expect(cachedCount(`items WHERE id = ${goneItem}`), 'the item').toBe(0)
    expect(cachedCount(`lots WHERE item_id = ${goneItem}`), 'its lots').toBe(0)
    expect(cachedCount(`stock WHERE item_id = ${goneItem}`), 'its stock').toBe(0)
    expect(cachedCount(`bundles WHERE id = ${goneBundle}`), 'the bundle').toBe(0)
    expect(cachedCount(`bundle_components WHERE bundle_id = ${goneBundle}`), 'its components').toBe(0)
    // What a clerk would notice: neither is found by a search any more.
    const found = await h.call('catalogue.search', { query: '', limit: 500 })
    expect(found.rows.map((r) => r.id)).not.toContain(goneBundle)
  }, 60_000)

  it('keeps what it staged when the ids say most of it is gone: a read cut short is no deletion', async () => {
    const whole = cachedCount('items')
    await cutAtBundles(0)
    dayDue()
    // The service answers the items' ids, and any asked for by id, with none (a role cut short, a page lost).
    const noItemIds = (body: string) => {
      const { query } = JSON.parse(body) as { query: string }
      return /\{ items\(where: \{id: \{_(gt|in)/.test(query) && query.endsWith('{ id } }')
        ? { status: 200, body: { data: { items: [] } } }
        : null
    }
    await proxy.during(
      (req) => (isGraphql(req) ? { byBody: noItemIds } : null),
      () => h.call('catalogue.pull'),
    )
    expect(cachedCount('items')).toBe(whole)
  }, 60_000)

  it('is no part of «Actualizar todo»: the clerk who asks for everything gets everything read now', async () => {
    const entityId = (await h.call('profile.whoami')).currentEntity!.id
    await cutAtBundles()
    const asked = await recorded(() => h.call('catalogue.pull', { full: true }))
    expect(afters(asked, 'items')).toEqual([0, largestId('items', entityId)])
  }, 60_000)
})
