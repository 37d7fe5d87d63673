import { beforeAll, describe, expect, it } from 'vitest'
import { STOCK_ON_DEMAND_AFTER_MS, STOCK_ON_DEMAND_WAIT_MS } from '@core/services/stockOnDemand'
import { useProxiedSession } from '../../support/proxiedSession'

// Issue 32, item 2: a routine pull reads the stock of the station's agencies, "the rest on demand". The others' figures
// come with the daily full pull; a screen that asks for an item's stock once they are older than a routine pull gets
// the service's figures of that item now, and the kept ones, with their age, when the service does not answer.

let shiftMs = 0
const session = useProxiedSession({ now: () => new Date(Date.now() + shiftMs), serviceFile: true })
/** An active item with stock at an agency other than the user's, and that agency. */
let item: number
let elsewhere: number

const stockQueries = (body: string) => /lot_stocks\s*\(/.test(body)

/** `work` with the GraphQL stock queries counted (answered by the service, or as `answer` says). */
async function countingStockQueries<T>(work: () => Promise<T>, answer: 'stall' | null = null): Promise<{ result: T; asked: number }> {
  let asked = 0
  const result = await session.proxy.during(() => ({ byBody: (body) => (stockQueries(body) ? (asked++, answer) : null) }), work)
  return { result, asked }
}

beforeAll(async () => {
  const own = (await session.h.call('profile.whoami')).agency!.id
  const row = session.service
    .prepare<[number], { item: number; agency: number }>(
      `SELECT l.item_id AS item, s.agency_id AS agency FROM lot_stocks s JOIN lots l ON l.id = s.lot_id JOIN items i ON i.id = l.item_id
       WHERE s.agency_id <> ? AND s.available > 0 AND i.active = 1 ORDER BY s.id LIMIT 1`,
    )
    .get(own)!
  item = row.item
  elsewhere = row.agency
  await session.h.call('catalogue.pull', { full: true })
}, 60_000)

describe("an item's stock at other agencies", () => {
  it('comes from the cache, without asking the service, while every figure is newer than a routine pull', async () => {
    const { result, asked } = await countingStockQueries(() => session.h.call('counter.stock', { itemId: item }))
    expect(asked).toBe(0)
    expect(result.find((s) => s.agencyId === elsewhere)?.available).toBeGreaterThan(0)
  })

  it('is read from the service when asked for once the figures are older than a routine pull', async () => {
    const kept = (await session.h.call('counter.stock', { itemId: item })).find((s) => s.agencyId === elsewhere)!
    // Another counter took 2 from the other agency since; this station has not pulled since.
    session.service
      .prepare(
        'UPDATE lot_stocks SET available = available - 2 WHERE agency_id = ? AND lot_id = (SELECT id FROM lots WHERE item_id = ? AND id IN (SELECT lot_id FROM lot_stocks WHERE agency_id = ? AND available >= 2) LIMIT 1)',
      )
      .run(elsewhere, item, elsewhere)
    shiftMs = STOCK_ON_DEMAND_AFTER_MS + 60_000
    try {
      const { result, asked } = await countingStockQueries(() => session.h.call('counter.stock', { itemId: item }))
      // A page of its lot rows, and the empty one after that says there are no more (a role may be sent fewer than asked).
      expect(asked).toBe(2)
      const now = result.find((s) => s.agencyId === elsewhere)!
      expect(now.available).toBe(kept.available - 2)
      // Read just now, by this computer's clock as the screens tell ages.
      expect(Math.abs(Date.parse(now.readAt!) - (Date.now() + shiftMs))).toBeLessThan(5000)
      expect(now.agencyName).toBe(kept.agencyName)
    } finally {
      shiftMs = 0
    }
  })

  it('comes as kept, with its age, when the service does not answer in time', async () => {
    const kept = await session.h.call('counter.stock', { itemId: item })
    shiftMs = STOCK_ON_DEMAND_AFTER_MS + 60_000
    try {
      const started = Date.now()
      const { result, asked } = await countingStockQueries(() => session.h.call('counter.stock', { itemId: item }), 'stall')
      expect(asked).toBe(1)
      expect(Date.now() - started).toBeLessThan(STOCK_ON_DEMAND_WAIT_MS + 2000)
      expect(result).toEqual(kept)
    } finally {
      shiftMs = 0
    }
  })
})
