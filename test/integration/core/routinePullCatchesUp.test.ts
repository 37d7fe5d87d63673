import { describe, expect, it } from 'vitest'
import { agencyStockQuery } from '@core/api/catalogueChanges'
import { stockReadAt } from '@core/cache/catalogueMarks'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness } from '../../support/coreHarness'
import { isGraphql } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'
import { rest } from '../sandbox/sandboxClient'
import { db, h, proxy, sandbox, service, user, usePullStation } from './pullStation'

// What a routine pull leaves in the cache, judged by what a full pull of another station holds; and how old it says it is.

/** A list under data.<root> in a GraphQL answer, without the rows `drop` names. */
const without = (root: string, drop: (row: Record<string, unknown>) => boolean) => (answer: unknown) => {
  const data = (answer as { data?: Record<string, unknown> } | null)?.data
  const list = data?.[root]
  if (Array.isArray(list)) data![root] = list.filter((r) => !drop(r as Record<string, unknown>))
  return answer
}

async function judgeStock(itemId: number, agencyId: number): Promise<number | undefined> {
  const judge = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
  try {
    await judge.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
    await judge.call('profile.whoami')
    await judge.call('catalogue.pull', { full: true })
    return db(judge)
      .prepare<[number, number], number>('SELECT available FROM stock WHERE item_id = ? AND agency_id = ?')
      .pluck()
      .get(itemId, agencyId)
  } finally {
    await judge.close()
  }
}

usePullStation()

describe('a routine pull catches up with the service', () => {
  it('an item committed late (id below the largest one seen) is brought by the next routine pull', async () => {
    const who = await h.call('profile.whoami')
    const entity = who.currentEntity!.id
    // An item with an id below the largest one: at the full pull it was not committed yet (another user's long transaction).
    const late = service
      .prepare<[number, number], number>(
        `SELECT id FROM items WHERE entity_id = ? AND id < (SELECT max(id) FROM items WHERE entity_id = ?) ORDER BY id DESC LIMIT 1`,
      )
      .pluck()
      .get(entity, entity)!
    expect(late).toBeGreaterThan(0)
    await proxy.during(
      (req) => (isGraphql(req) ? { reshape: without('items', (r) => r.id === late || r.id === String(late)), afterForward: true } : null),
      () => h.call('catalogue.pull', { full: true }),
    )
    expect(db(h).prepare('SELECT 1 FROM items WHERE id = ?').get(late)).toBeUndefined()
    // Now committed: the routine pull reads its id among the service's ids...
    await h.call('catalogue.pull')
    // ...and the cache should hold it (as a full pull does).
    expect(db(h).prepare('SELECT id FROM items WHERE id = ?').pluck().get(late)).toBe(late)
  }, 120_000)

  it("a lot created while a full pull ran (after its lots, before its stock) is counted in its item's stock after the next routine pull", async () => {
    const who = await h.call('profile.whoami')
    const own = who.agency!.id
    const entity = who.currentEntity!.id
    const { item } = await bookableItem(h)
    const lot = service.prepare<[], number>('SELECT max(id) + 1 FROM lots').pluck().get()!
    service.prepare("INSERT INTO lots (id, entity_id, item_id, name, expires) VALUES (?, ?, ?, 'L-TARDE', NULL)").run(lot, entity, item)
    service.prepare('INSERT INTO lot_stocks (entity_id, lot_id, agency_id, available) VALUES (?, ?, ?, 7)').run(entity, lot, own)
    // The full pull reads lots before the lot exists, and stock after.
    await proxy.during(
      (req) => (isGraphql(req) ? { reshape: without('lots', (r) => r.id === lot || r.id === String(lot)), afterForward: true } : null),
      () => h.call('catalogue.pull', { full: true }),
    )
    await h.call('catalogue.pull')
    expect(db(h).prepare('SELECT id FROM lots WHERE id = ?').pluck().get(lot)).toBe(lot)
    const cached = db(h)
      .prepare<[number, number], number>('SELECT available FROM stock WHERE item_id = ? AND agency_id = ?')
      .pluck()
      .get(item, own)
    expect(cached).toBe(await judgeStock(item, own))
  }, 120_000)

  it("an empty stock answer for the station's agency does not wipe its cached stock (as empty ids do not)", async () => {
    const own = (await h.call('profile.whoami')).agency!.id
    const count = () => db(h).prepare<[number], number>('SELECT count(*) FROM lot_stocks WHERE agency_id = ?').pluck().get(own)!
    await h.call('catalogue.pull')
    const before = count()
    expect(before).toBeGreaterThan(10)
    const query = agencyStockQuery(own)
    await proxy.during(
      (req) =>
        isGraphql(req) ? { byBody: (body) => (body.includes(query) ? { status: 200, body: { data: { lot_stocks: [] } } } : null) } : null,
      () => h.call('catalogue.pull'),
    )
    expect(count()).toBeGreaterThan(before / 2)
  }, 120_000)

  it("the station's stock is stamped no later than it was read", async () => {
    const own = (await h.call('profile.whoami')).agency!.id
    const [bundle] = (await h.call('catalogue.search', { query: '', limit: 1 })).rows
    expect(
      (await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${bundle!.id}.json`, { bundle: { name: 'Renombrada' } })).status,
    ).toBe(200)
    const query = agencyStockQuery(own)
    let stockAskedAt = 0
    await proxy.during(
      (req) => {
        if (isGraphql(req))
          return {
            byBody: (body) => {
              if (body.includes(query)) stockAskedAt = Date.now()
              return null
            },
          }
        // The changed bundle's REST read, slow on this line (it comes after the stock's read).
        if (req.method === 'GET' && req.url?.startsWith(`/inventories/bundles/${bundle!.id}`))
          return { hold: () => new Promise((r) => setTimeout(r, 3000)), afterForward: true }
        return null
      },
      () => h.call('catalogue.pull'),
    )
    expect(stockAskedAt).toBeGreaterThan(0)
    const stamped = Date.parse(stockReadAt(db(h)).get(own)!.at)
    expect(stamped - stockAskedAt).toBeLessThan(1000)
  }, 120_000)

  it('a full pull stamps the stock when it was read, not when the bundles read after it arrived', async () => {
    const own = (await h.call('profile.whoami')).agency!.id
    let stockAskedAt = 0
    await proxy.during(
      (req) => {
        if (isGraphql(req))
          return {
            byBody: (body) => {
              if (stockAskedAt === 0 && /\blot_stocks\b/.test(body)) stockAskedAt = Date.now()
              return null
            },
          }
        // The bundles' REST list, slow on this line: the pull waits for it after the stock.
        if (req.method === 'GET' && req.url?.startsWith('/inventories/bundles.json'))
          return { hold: () => new Promise((r) => setTimeout(r, 3000)), afterForward: true }
        return null
      },
      () => h.call('catalogue.pull', { full: true }),
    )
    expect(stockAskedAt).toBeGreaterThan(0)
    expect(Date.parse(stockReadAt(db(h)).get(own)!.at) - stockAskedAt).toBeLessThan(1000)
    expect(Date.parse((await h.call('catalogue.status')).pulledAt!) - stockAskedAt).toBeLessThan(1000)
  }, 120_000)

  it("a bundle stamped in the service's future (its clock once set wrong) does not hide the changes made after it", async () => {
    const entity = (await h.call('profile.whoami')).currentEntity!.id
    const [wrong, changed] = service
      .prepare<[number], number>('SELECT id FROM bundles WHERE entity_id = ? ORDER BY id LIMIT 2')
      .pluck()
      .all(entity)
    // A year ahead, as the service stores its times ("2026-11-28 09:40:00.000000").
    const ahead = new Date(Date.now() + 365 * 24 * 60 * 60_000).toISOString().replace('T', ' ').replace('Z', '000')
    service.prepare('UPDATE bundles SET updated_at = ? WHERE id = ?').run(ahead, wrong!)
    await h.call('catalogue.pull')
    await h.call('catalogue.pull', { full: true })
    expect(
      (await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${changed!}.json`, { bundle: { name: 'Cambiado después' } })).status,
    ).toBe(200)
    await h.call('catalogue.pull')
    expect(db(h).prepare<[number], string>('SELECT name FROM bundles WHERE id = ?').pluck().get(changed!)).toBe('Cambiado después')
  }, 120_000)
})
