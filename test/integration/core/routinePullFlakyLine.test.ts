import { describe, expect, it } from 'vitest'
import { agencyStockQuery, idsQuery } from '@core/api/catalogueChanges'
import { serviceExtensions } from '@core/api/serviceExtensions'
import { isGraphql } from '../../support/interceptingProxy'
import { db, h, proxy, restartStation, usePullStation } from './pullStation'

// Issue 32, on a line that drops: a routine pull reads a few hundred kB where a full one reads the whole catalogue,
// and one answer the line spoiled must not turn it into a full one.

usePullStation()

const stockRowCount = (agency: number) => db(h).prepare('SELECT count(*) FROM lot_stocks WHERE agency_id = ?').pluck().get(agency)

type Spoiled = { status: number; body: unknown }

/** One pull, `spoil` answering in the service's place where it says: whether the pull read the whole catalogue. */
async function pullReadsAll(spoil: (body: string) => Spoiled | null = () => null): Promise<boolean> {
  let whole = false
  const answer = (body: string) => {
    if (/bundle_details \{/.test(body)) whole = true
    return spoil(body)
  }
  proxy.intercept = (req) => (isGraphql(req) ? { byBody: answer } : null)
  try {
    await h.call('catalogue.pull')
  } finally {
    proxy.intercept = () => null
  }
  return whole
}

/** The first answer to a query that `is` names, as `answer`; the others as the service gives them. */
function once(is: (body: string) => boolean, answer: Spoiled): (body: string) => Spoiled | null {
  let spoiled = false
  return (body) => (!spoiled && is(body) ? ((spoiled = true), answer) : null)
}

describe('a routine pull on a line that drops', () => {
  // The routine pull asks, once a session, which extensions the service has, and goes full when they differ from
  // those its snapshot was read with: a lost answer counted as "not there", and the full pull it caused kept that.
  it('after the app starts again, whose question about an extension the line lost, reads what changed, and so does the next', async () => {
    await restartStation()
    const loseTags = once((body) => body.includes(serviceExtensions.bundleTags), { status: 502, body: { error: 'Bad Gateway' } })
    expect(await pullReadsAll(loseTags)).toBe(false)
    expect(await pullReadsAll()).toBe(false)
  }, 60_000)

  it('whose list of ids came back empty once asks for it again, and reads what changed', async () => {
    const before = (await h.call('catalogue.status')).counts
    expect(await pullReadsAll(once((body) => body.includes(idsQuery('items')), { status: 200, body: { data: { items: [] } } }))).toBe(false)
    expect((await h.call('catalogue.status')).counts).toEqual(before)
  }, 60_000)

  it("whose read of the station's stock came back empty once asks for it again, and keeps its figures", async () => {
    const own = (await h.call('profile.whoami')).agency!.id
    const emptyStock = { status: 200, body: { data: { lot_stocks: [] } } }
    expect(await pullReadsAll(once((body) => body.includes(agencyStockQuery(own)), emptyStock))).toBe(false)
    expect(stockRowCount(own)).toBeGreaterThan(0)
  }, 60_000)

  it('whose list of ids the line cut short keeps the rows it did not list, and drops only those the service lost', async () => {
    const held = db(h).prepare<[], number>('SELECT id FROM bundles ORDER BY id').pluck().all()
    const listed = held.slice(0, Math.ceil(held.length * 0.7))
    // A page of ids that ends early: what the service held past it never came, and the list looks whole.
    const cutShort = (body: string) => {
      const { query, variables } = JSON.parse(body) as { query: string; variables: { after: number } }
      if (query !== idsQuery('bundles')) return null
      return { status: 200, body: { data: { bundles: variables.after === 0 ? listed.map((id) => ({ id })) : [] } } }
    }
    expect(await pullReadsAll(cutShort)).toBe(false)
    expect(db(h).prepare('SELECT id FROM bundles ORDER BY id').pluck().all()).toEqual(held)
  }, 60_000)
})
