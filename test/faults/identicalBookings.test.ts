import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { serviceBookingsWith } from '../support/serviceBookings'
import { isBookingCreate } from '../support/bookingCreates'

// Identical bookings are common at a counter (the same customer's order typed twice, a regular's
// daily order). A create is identified by its own marker, never by likeness: each lands once.
const session = useProxiedSession()
let plan: { item: number; destination: number }

const same = (): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: '2026-12-15',
  reference: null,
  lines: [{ itemId: plan.item, bookedQuantity: '1' }],
})

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
})

const outbox = () => session.h.core.services.bookings.local().outbox
const markerOf = (localId: string) => outbox().markerOf(localId, 'create')!

describe('two identical bookings, the first create refused with a 503, the second committed with its answer lost', () => {
  it('each lands once on the service, both are shown synced with their own shipment, and later syncs pass', async () => {
    const a = (await session.h.call('bookings.create', same())).booking
    const b = (await session.h.call('bookings.create', same())).booking
    let creates = 0
    await session.proxy.during(
      (req) => {
        if (!isBookingCreate(req)) return null
        creates++
        return creates === 1 ? { status: 503, body: { error: 'Service unavailable' } } : { drop: true, afterForward: true }
      },
      () => session.h.call('sync.push'),
    )
    expect(creates).toBe(2)
    await session.h.call('sync.push')
    const report = await session.h.call('sync.push')
    expect(report).toMatchObject({ failed: 0, conflicts: 0, waiting: 0 })
    const [aNow, bNow] = [await session.h.call('bookings.get', { id: a.localId }), await session.h.call('bookings.get', { id: b.localId })]
    expect(aNow.state).toBe('synced')
    expect(bNow.state).toBe('synced')
    expect(aNow.serviceId).not.toBe(bNow.serviceId)
    expect(await serviceBookingsWith(session.h, markerOf(a.localId))).toBe(1)
    expect(await serviceBookingsWith(session.h, markerOf(b.localId))).toBe(1)
  })
})

describe('five identical bookings whose create answers are all lost', () => {
  it('each lands exactly once', async () => {
    const made = []
    for (let i = 0; i < 5; i++) made.push((await session.h.call('bookings.create', same())).booking)
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    await session.h.call('sync.push')
    const ids = new Set<number | null>()
    for (const m of made) {
      const now = await session.h.call('bookings.get', { id: m.localId })
      expect(now.state).toBe('synced')
      ids.add(now.serviceId)
      expect(await serviceBookingsWith(session.h, markerOf(m.localId))).toBe(1)
    }
    expect(ids.size).toBe(5)
  })
})

describe('a create whose answer was lost, read by a refresh of the counter before the push found it', () => {
  it('is found by its marker, becomes that booking (shown once), and a later sync passes', async () => {
    const a = (await session.h.call('bookings.create', same())).booking
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    // The counter's refresh reads the agency's bookings, this one among them, before the push reads it back.
    await session.h.call('counter.refresh')
    const report = await session.h.call('sync.push')
    expect(report).toMatchObject({ failed: 0, conflicts: 0, waiting: 0 })
    const now = await session.h.call('bookings.get', { id: a.localId })
    expect(now).toMatchObject({ state: 'synced', serviceId: expect.any(Number) })
    expect((await session.h.call('bookings.list')).filter((b) => b.serviceId === now.serviceId)).toHaveLength(1)
    expect(await serviceBookingsWith(session.h, markerOf(a.localId))).toBe(1)
  })
})
