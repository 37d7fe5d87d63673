import { beforeAll, describe, expect, it } from 'vitest'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { serviceBookingsWith } from '../support/serviceBookings'
import { isBookingCreate } from '../support/bookingCreates'

// `outbox.retry` (the Sync centre's Retry, and `mostrador outbox retry <seq>`, which takes any seq the
// list shows) requeues an entry whatever its state (outboxEntryCommands.ts requeueEntry -> outboxStore.requeue).
// An entry whose answer was lost ('unknown', listed as waiting) became 'queued' and was sent again without the
// read-back: the booking landed twice. It is now made due and read back first.
const session = useProxiedSession()
let plan: { item: number; destination: number }

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
}, 60_000)

describe('a retry asked for an entry whose answer was lost', () => {
  it('does not send it again blindly', async () => {
    const h = session.h
    const b = (
      await h.call('bookings.create', {
        agencyToId: plan.destination,
        plannedDelivery: '2027-08-01',
        reference: 'REINTENTO',
        lines: [{ itemId: plan.item, bookedQuantity: '1' }],
      })
    ).booking
    const marker = h.core.services.bookings.local().outbox.markerOf(b.localId)!
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { drop: true, afterForward: true } : null),
      () => h.call('sync.push').catch(() => undefined),
    )
    const entry = (await h.call('outbox.list')).find((e) => e.localId === b.localId)!
    expect(entry.state).toBe('unknown')
    await h.call('outbox.retry', { seq: entry.seq })
    await h.call('sync.push')
    expect(await serviceBookingsWith(h, marker)).toBe(1)
    expect((await h.call('bookings.get', { id: b.localId })).state).toBe('synced')
    // Confirmed, it is no longer there to send again.
    await expect(h.call('outbox.retry', { seq: entry.seq })).rejects.toMatchObject({ code: 'not_found' })
    expect(await serviceBookingsWith(h, marker)).toBe(1)
  }, 60_000)
})
