import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { memoDropped } from '../support/bookingCreates'

// Once a service was learnt to keep the memo's marker, it was never asked again: a service upgraded to drop it
// would have a lost create, not found by its marker, sent a second time. What it keeps is learnt again a day on.
const hour = 60 * 60 * 1000
let aheadMs = 0
const session = useProxiedSession({ now: () => new Date(Date.now() + aheadMs) })
let plan: { item: number; destination: number }

const booking = (day: string): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: day,
  reference: null,
  lines: [{ itemId: plan.item, bookedQuantity: '1' }],
})
const echo = () => session.h.core.services.bookings.local().markerEcho.state()

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
})

describe('a service that kept the marker and stops keeping it', () => {
  it('is learnt to drop it from the first create answered a day after it was learnt to keep it', async () => {
    await session.h.call('bookings.create', booking('2027-09-01'))
    await session.h.call('sync.push')
    expect(echo()).toBe('kept')

    // Within the day, a create's answer is not read again for it.
    await session.h.call('bookings.create', booking('2027-09-02'))
    await session.proxy.during(memoDropped, () => session.h.call('sync.push'))
    expect(echo()).toBe('kept')

    aheadMs = 25 * hour
    await session.h.call('bookings.create', booking('2027-09-03'))
    await session.proxy.during(memoDropped, () => session.h.call('sync.push'))
    expect(echo()).toBe('dropped')
  })
})
