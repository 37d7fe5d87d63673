import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { coreHarness } from '../support/coreHarness'
import { useProxiedSession } from '../support/proxiedSession'
import { serviceBookingsWith } from '../support/serviceBookings'
import { tempDir } from '../support/tempDir'
import { isBookingCreate } from '../support/bookingCreates'

// Shop computers drift by minutes to hours. Whatever the difference between the computer's clock and
// the service's, a create whose answer was lost is found by its marker and never sent twice; the
// difference is measured from the service's answers and told.
const session = useProxiedSession()
let plan: { item: number; destination: number }

const minute = 60 * 1000

async function setServiceClock(offsetMs: number): Promise<void> {
  const res = await fetch(`${session.sandbox.url}/__sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  plan = await bookableItem(session.h)
})
afterAll(() => setServiceClock(0))

const skews: [string, number][] = [
  ['11 minutes behind', -11 * minute],
  ['11 minutes ahead', 11 * minute],
  ['20 minutes behind', -20 * minute],
  ['3 hours behind', -3 * 60 * minute],
  ['3 hours ahead', 3 * 60 * minute],
  ['a day ahead', 24 * 60 * minute],
]

describe.each(skews)('with the service clock %s of the computer', (_name, offsetMs) => {
  it('three creates whose answers were lost land once each, and the offset is measured', async () => {
    await setServiceClock(offsetMs)
    const made = []
    for (let i = 0; i < 3; i++) {
      const input: BookingInput = {
        agencyToId: plan.destination,
        plannedDelivery: '2027-01-15',
        reference: null,
        lines: [{ itemId: plan.item, bookedQuantity: '1' }],
      }
      made.push((await session.h.call('bookings.create', input)).booking)
    }
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    await session.h.call('sync.push')
    const outbox = session.h.core.services.bookings.local().outbox
    for (const b of made) {
      expect(await session.h.call('bookings.get', { id: b.localId })).toMatchObject({ state: 'synced' })
      expect(await serviceBookingsWith(session.h, outbox.markerOf(b.localId)!)).toBe(1)
    }
    const { clockOffsetMs } = await session.h.call('connection.status')
    expect(Math.abs(clockOffsetMs! - offsetMs)).toBeLessThan(5000)
  })
})

// The stock's age is the clerk's reason to trust a figure: a clock set right after a pull must not make the pull
// look newer than it is, by either clock. Here the service's clock moves and the computer's does not: seen from
// the client, the same as a computer 11 minutes fast at the pull and set right since.
describe('a pull stamped while the computer was 11 minutes fast', () => {
  const offsetNear = async (offsetMs: number) => {
    for (let tries = 0; tries < 10; tries++) {
      const { clockOffsetMs } = await session.h.call('connection.status')
      if (clockOffsetMs !== null && Math.abs(clockOffsetMs - offsetMs) < 5000) return
      await session.h.call('profile.whoami')
    }
    throw new Error(`the offset did not come near ${offsetMs} ms`)
  }

  it('says the stock is 11 minutes older once the clocks agree again', async () => {
    await setServiceClock(-11 * minute)
    await offsetNear(-11 * minute)
    await session.h.call('catalogue.pull', { full: true })
    await setServiceClock(0)
    await offsetNear(0)
    const age = (at: string | null) => Date.now() - Date.parse(at!)
    const status = await session.h.call('catalogue.status')
    expect(age(status.pulledAt)).toBeGreaterThan(10 * minute)
    // The kept figures, as a screen gets them when the service cannot answer it (past 10 minutes it is asked again).
    const stock = await session.proxy.during(
      () => ({ byBody: (body) => (/lot_stocks\s*\(/.test(body) ? { status: 503, body: { error: 'maintenance' } } : null) }),
      async () => (await session.h.call('counter.stock', { itemIds: [plan.item] }))[0]!.agencies,
    )
    expect(stock.length).toBeGreaterThan(0)
    for (const row of stock) expect(age(row.readAt)).toBeGreaterThan(10 * minute)
  }, 120_000)
})

describe('a pull stamped before the computer was set back an hour', () => {
  it('is of no known age: the catalogue says its stock is old', async () => {
    let shiftMs = 0
    const h = await coreHarness(tempDir(), { now: () => new Date(Date.now() + shiftMs) })
    try {
      const user = session.sandbox.users[0]!
      await h.call('session.signIn', { serverUrl: session.sandbox.url, email: user.email, token: user.token })
      await h.call('profile.whoami')
      expect((await h.call('catalogue.pull')).stale).toBe(false)
      shiftMs = -60 * minute
      expect((await h.call('catalogue.status')).stale).toBe(true)
    } finally {
      await h.close()
    }
  }, 120_000)
})
