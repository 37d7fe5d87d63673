import { beforeAll, describe, expect, it } from 'vitest'
import { STOCK_ON_DEMAND_AFTER_MS, STOCK_ON_DEMAND_WAIT_MS } from '@core/services/stockOnDemand'
import { useProxiedSession } from '../../support/proxiedSession'

// Issue 32, item 2: a routine pull reads the stock of the station's agencies, "the rest on demand". The others' figures
// come with the daily full pull; a screen that asks for items' stock once they are older than a routine pull gets
// the service's figures of those items now, in one read, and the kept ones, with their age, when the service does
// not answer.

let shiftMs = 0
const session = useProxiedSession({ now: () => new Date(Date.now() + shiftMs), serviceFile: true })
/** Active items with stock at an agency other than the user's (a dispatch card's), and that agency. */
let items: number[]
let elsewhere: number

const stockQueries = (body: string) => /lot_stocks\s*\(/.test(body)

/** `work` with the GraphQL stock queries counted (answered by the service, or as `answer` says). */
async function countingStockQueries<T>(work: () => Promise<T>, answer: 'stall' | null = null): Promise<{ result: T; asked: number }> {
  let asked = 0
  const result = await session.proxy.during(() => ({ byBody: (body) => (stockQueries(body) ? (asked++, answer) : null) }), work)
  return { result, asked }
}

/** Each item's figure at the other agency, as the core answers `counter.stock` for them all. */
async function stockElsewhere(answer: 'stall' | null = null) {
  const { result, asked } = await countingStockQueries(() => session.h.call('counter.stock', { itemIds: items }), answer)
  expect(result.map((s) => s.itemId)).toEqual(items)
  return { asked, figures: result.map((s) => s.agencies.find((a) => a.agencyId === elsewhere)!), all: result }
}

/** As if the figures were read longer ago than a routine pull. */
async function later<T>(work: () => Promise<T>): Promise<T> {
  shiftMs = STOCK_ON_DEMAND_AFTER_MS + 60_000
  try {
    return await work()
  } finally {
    shiftMs = 0
  }
}

beforeAll(async () => {
  const own = (await session.h.call('profile.whoami')).agency!.id
  elsewhere = session.service
    .prepare<[number], { agency: number }>(
      'SELECT agency_id AS agency FROM lot_stocks WHERE agency_id <> ? AND available >= 2 ORDER BY id LIMIT 1',
    )
    .get(own)!.agency
  items = session.service
    .prepare<[number], { item: number }>(
      `SELECT DISTINCT l.item_id AS item FROM lot_stocks s JOIN lots l ON l.id = s.lot_id JOIN items i ON i.id = l.item_id
       WHERE s.agency_id = ? AND s.available >= 2 AND i.active = 1 ORDER BY l.item_id LIMIT 3`,
    )
    .all(elsewhere)
    .map((r) => r.item)
  expect(items).toHaveLength(3)
  await session.h.call('catalogue.pull', { full: true })
}, 60_000)

describe("items' stock at other agencies", () => {
  it('comes from the cache, without asking the service, while every figure is newer than a routine pull', async () => {
    const { asked, figures } = await stockElsewhere()
    expect(asked).toBe(0)
    for (const figure of figures) expect(figure.available).toBeGreaterThan(0)
  })

  it("is read from the service for a card's items together once the figures are older than a routine pull", async () => {
    const kept = (await stockElsewhere()).figures
    // Another counter took 2 of each item from the other agency since; this station has not pulled since.
    const take = session.service.prepare(
      'UPDATE lot_stocks SET available = available - 2 WHERE id = (SELECT s.id FROM lot_stocks s JOIN lots l ON l.id = s.lot_id WHERE s.agency_id = ? AND l.item_id = ? AND s.available >= 2 LIMIT 1)',
    )
    for (const item of items) take.run(elsewhere, item)
    const { asked, figures } = await later(() => stockElsewhere())
    // One page of the items' lot rows, and the empty one after it that says there are no more (a role may be sent
    // fewer than asked): the same two requests for three items as for one.
    expect(asked).toBe(2)
    expect(figures.map((f) => f.available)).toEqual(kept.map((f) => f.available - 2))
    for (const [i, figure] of figures.entries()) {
      // Read just now, by this computer's clock as the screens tell ages.
      expect(Math.abs(Date.parse(figure.readAt!) - (Date.now() + STOCK_ON_DEMAND_AFTER_MS + 60_000))).toBeLessThan(5000)
      expect(figure.agencyName).toBe(kept[i]!.agencyName)
    }
  })

  it('comes as kept, with its age, when the service does not answer in time', async () => {
    const kept = (await stockElsewhere()).all
    const started = Date.now()
    const { asked, all } = await later(() => stockElsewhere('stall'))
    expect(asked).toBe(1)
    expect(Date.now() - started).toBeLessThan(STOCK_ON_DEMAND_WAIT_MS + 2000)
    expect(all).toEqual(kept)
  })

  it("asked for agencies (a card's two ends), names one with none of an item as of its own read, and reads it again when old", async () => {
    // An item the other agency had none of at the full pull; since then it received 5 of one lot (its own reception).
    const { item, lot } = session.service
      .prepare<[number], { item: number; lot: number }>(
        `SELECT l.item_id AS item, l.id AS lot FROM lots l JOIN items i ON i.id = l.item_id WHERE i.active = 1
         AND NOT EXISTS (SELECT 1 FROM lot_stocks s JOIN lots m ON m.id = s.lot_id WHERE m.item_id = l.item_id AND s.agency_id = ?)
         ORDER BY l.id LIMIT 1`,
      )
      .get(elsewhere)!
    const entity = session.service.prepare<[number], number>('SELECT entity_id FROM agencies WHERE id = ?').pluck().get(elsewhere)!
    const ask = () => session.h.call('counter.stock', { itemIds: [item], agencyIds: [elsewhere] })
    const fresh = await ask()
    expect(fresh[0]!.agencies.find((a) => a.agencyId === elsewhere)).toMatchObject({ available: 0, readAt: expect.any(String) })
    session.service
      .prepare('INSERT INTO lot_stocks (entity_id, lot_id, agency_id, available) VALUES (?, ?, ?, 5)')
      .run(entity, lot, elsewhere)

    const { result, asked } = await later(() => countingStockQueries(ask))
    expect(asked).toBeGreaterThan(0)
    expect(result[0]!.agencies.find((a) => a.agencyId === elsewhere)?.available).toBe(5)
  })
})
