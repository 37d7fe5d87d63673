import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { serviceBookingsWith } from '../support/serviceBookings'

// Shop computers drift by minutes to hours. Whatever the difference between the computer's clock and
// the service's, a create whose answer was lost is found by its marker and never sent twice; the
// difference is measured from the service's answers and told.
const session = useProxiedSession()
let plan: { item: number; destination: number }

const minute = 60 * 1000
const isBookingCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && /bookings\.json/.test(req.url ?? '')

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
