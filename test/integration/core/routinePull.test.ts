import { describe, expect, it } from 'vitest'
import type { Sqlite } from '@base/sqlite'
import { idsQuery } from '@core/api/catalogueChanges'
import { stockReadAt } from '@core/cache/catalogueMarks'
import { catalogueTables } from '@core/cache/migrations'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness } from '../../support/coreHarness'
import { isGraphql } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'
import { rest } from '../sandbox/sandboxClient'
import { db, deleteItemOnService, h, proxy, sandbox, user, usePullStation } from './pullStation'

// Issue 32, item 2: a routine pull reads what changed since the last one and
// brings exactly that into the cache; a full pull is the judge of "exactly".

const seen: string[] = []

/**
 * Every catalogue table's rows, in one order, so two caches compare row by row. A bundle read by its
 * REST show (an edit, a routine pull) keeps more of its record than the full pull's list gives (forms,
 * image objects) and writes quantities as "2.0": compared by the full pull's fields and by value.
 */
function dump(cache: Sqlite): Record<(typeof catalogueTables)[number], unknown[]> {
  const out = {} as Record<(typeof catalogueTables)[number], unknown[]>
  for (const table of catalogueTables) out[table] = cache.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all()
  out.bundle_components = out.bundle_components.map((r) => (r as unknown[]).map((v, at) => (at === 3 ? Number(v) : v)))
  out.bundle_records = out.bundle_records.map((r) => {
    const [id, json] = r as [number, string]
    const record = JSON.parse(json) as Record<string, unknown>
    const image = (v: unknown) => (v as { url?: string | null } | null)?.url ?? null
    const keys = Object.keys(record)
      .filter((k) => k !== 'forms')
      .sort()
    return [id, Object.fromEntries(keys.map((k) => [k, k.startsWith('image') ? image(record[k]) : record[k]]))]
  })
  return out
}

usePullStation()

describe('a routine pull', () => {
  it('after one bundle, one stock row and one item change, brings exactly those, and not the whole catalogue', async () => {
    const who = await h.call('profile.whoami')
    const own = who.agency!.id
    // A bundle renamed on the service.
    const [bundle] = (await h.call('catalogue.search', { query: '', limit: 1 })).rows
    const renamed = await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${bundle!.id}.json`, {
      bundle: { name: 'Renombrado en otra caja' },
    })
    expect(renamed.status).toBe(200)
    // A booking made at another counter takes stock at this agency.
    const { item, destination } = await bookableItem(h)
    const planned = (await h.call('counter.setup')).today
    const booked = await rest(sandbox, user(), 'POST', '/pos/bookings.json', {
      shipment: {
        agency_to_id: destination,
        planned_delivery: planned,
        needs_transport: true,
        movements_attributes: { '0': { item_id: item, booked_quantity: '1' } },
      },
    })
    expect(booked.status).toBe(201)
    // An item (with its lots) removed on the service: one no bundle uses.
    const gone = deleteItemOnService(who.currentEntity!.id)
    expect(gone).toBeGreaterThan(0)
    const before = dump(db(h))

    seen.length = 0
    proxy.intercept = (req) => (seen.push(`${req.method} ${req.url}`), null)
    try {
      await h.call('catalogue.pull')
    } finally {
      proxy.intercept = () => null
    }
    const after = dump(db(h))

    // What a full pull on another computer holds now is the judge.
    const judge = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
    try {
      await judge.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
      await judge.call('profile.whoami')
      await judge.call('catalogue.pull')
      const truth = dump(db(judge))
      expect(after).toEqual(truth)
    } finally {
      await judge.close()
    }
    // And it changed only those rows: the bundle, the booked item's stock here, the item gone.
    expect(after.bundles).not.toEqual(before.bundles)
    expect(after.items.length).toBe(before.items.length - 1)
    const stockHere = (rows: unknown[]) => rows.filter((r) => (r as unknown[])[1] === own)
    expect(stockHere(after.stock)).not.toEqual(stockHere(before.stock))
    // Each agency's figures say when they were read: this station's now, the others' at the full pull.
    const pulledAt = (await h.call('catalogue.status')).pulledAt!
    const stock = (await h.call('counter.stock', { itemIds: [item] }))[0]!.agencies
    expect(stock.find((s) => s.agencyId === own)?.readAt).toBe(pulledAt)
    const others = stock.filter((s) => s.agencyId !== own)
    expect(others.length).toBeGreaterThan(0)
    for (const other of others) expect(other.readAt! < pulledAt).toBe(true)
    // Not the whole catalogue: no REST bundle list; a REST read of the changed bundle, and of those the
    // service stamped within the margin before the last one seen (routinePull.ts, CHANGE_MARGIN_MS).
    expect(seen).not.toContain('GET /inventories/bundles.json')
    const shown = seen.filter((r) => r.startsWith('GET /inventories/bundles/'))
    expect(shown).toContain(`GET /inventories/bundles/${bundle!.id}.json`)
    expect(shown.length).toBeLessThanOrEqual(3)
  }, 120_000)

  it('reads the stock of the agencies this station books for, beside its own', async () => {
    const { item, destination } = await bookableItem(h)
    const planned = (await h.call('counter.setup')).today
    await h.call('bookings.create', { agencyToId: destination, plannedDelivery: planned, lines: [{ itemId: item, bookedQuantity: '1' }] })
    expect(stockReadAt(db(h)).get(destination)?.at).not.toBe((await h.call('catalogue.status')).pulledAt)
    const { pulledAt } = await h.call('catalogue.pull')
    expect(stockReadAt(db(h)).get(destination)?.at).toBe(pulledAt)
  }, 60_000)

  it('reads the stock of the agencies chosen in Settings at every pull, and no longer once unchosen', async () => {
    const { pulledAt: before } = await h.call('catalogue.pull')
    const agencies = (await h.call('counter.setup')).agencies.map((a) => a.id)
    const other = agencies.find((id) => stockReadAt(db(h)).get(id)?.at !== before)!
    expect(other).toBeDefined()
    await h.call('preferences.set', { stockAgencies: [other] })
    try {
      const { pulledAt } = await h.call('catalogue.pull')
      expect(stockReadAt(db(h)).get(other)?.at).toBe(pulledAt)
    } finally {
      await h.call('preferences.set', { stockAgencies: [] })
    }
    const { pulledAt: after } = await h.call('catalogue.pull')
    expect(stockReadAt(db(h)).get(other)?.at).not.toBe(after)
  }, 60_000)

  it('reads everything again when asked to', async () => {
    seen.length = 0
    proxy.intercept = (req) => (seen.push(`${req.method} ${req.url}`), null)
    try {
      await h.call('catalogue.pull', { full: true })
    } finally {
      proxy.intercept = () => null
    }
    expect(seen).toContain('GET /inventories/bundles.json')
  }, 60_000)

  it('that meets an empty list of ids reads everything again instead of emptying the catalogue', async () => {
    const counts = (await h.call('catalogue.status')).counts
    seen.length = 0
    proxy.intercept = (req) => {
      seen.push(`${req.method} ${req.url}`)
      return isGraphql(req)
        ? { byBody: (body) => (body.includes(idsQuery('items')) ? { status: 200, body: { data: { items: [] } } } : null) }
        : null
    }
    try {
      await h.call('catalogue.pull')
    } finally {
      proxy.intercept = () => null
    }
    expect((await h.call('catalogue.status')).counts).toEqual(counts)
    expect(seen).toContain('GET /inventories/bundles.json')
  }, 60_000)

  it('whose answer is cut off leaves the previous snapshot whole', async () => {
    const renamed = (await h.call('catalogue.search', { query: '', limit: 2 })).rows[1]!
    expect(
      (await rest(sandbox, user(), 'PATCH', `/inventories/bundles/${renamed.id}.json`, { bundle: { name: 'Otra vez renombrado' } })).status,
    ).toBe(200)
    const before = dump(db(h))
    const pulledAt = (await h.call('catalogue.status')).pulledAt
    let graphqlCalls = 0
    // The line drops on the pull's last reads (the REST read of the changed bundle comes after the GraphQL ones).
    proxy.intercept = (req) =>
      req.method === 'GET' && req.url?.startsWith('/inventories/bundles/')
        ? { drop: true, afterForward: true }
        : isGraphql(req)
          ? (graphqlCalls++, null)
          : null
    try {
      await expect(h.call('catalogue.pull')).rejects.toMatchObject({ code: expect.stringMatching(/network|unknown_outcome|timeout/) })
    } finally {
      proxy.intercept = () => null
    }
    expect(graphqlCalls).toBeGreaterThan(0)
    expect(dump(db(h))).toEqual(before)
    expect((await h.call('catalogue.status')).pulledAt).toBe(pulledAt)
    // The next pull brings it.
    await h.call('catalogue.pull')
    expect((await h.call('bundles.get', { id: renamed.id })).name).toBe('Otra vez renombrado')
  }, 120_000)
})
