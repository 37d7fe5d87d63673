import { beforeAll, describe, expect, it } from 'vitest'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { isBookingCreate } from '../support/bookingCreates'

// The backoff of a failed entry is stamped with this computer's clock (bookingPusher.ts `later`).
// A clock two days fast when the send failed, set right afterwards (NTP), leaves the entry due two days
// from now: the background scheduler (pushScheduler.ts, `due > now`) sent nothing until then, while the
// status bar only said "waiting".
const day = 24 * 60 * 60 * 1000
let skewMs = 0
const session = useProxiedSession({ now: () => new Date(Date.now() + skewMs) })
let plan: { item: number; destination: number }

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
}, 60_000)

describe('an entry that failed while the clock was two days fast', () => {
  it('is due again within the backoff (at most a minute) once the clock is set right', async () => {
    const h = session.h
    skewMs = 2 * day
    const { booking } = await h.call('bookings.create', {
      agencyToId: plan.destination,
      plannedDelivery: '2027-07-01',
      reference: 'RELOJ-ADELANTADO',
      lines: [{ itemId: plan.item, bookedQuantity: '1' }],
    })
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { status: 503, body: { error: 'maintenance' } } : null),
      () => h.call('sync.push'),
    )
    skewMs = 0
    const due = h.core.services.bookings.nextDueAt()
    expect(due).not.toBeNull()
    // What the scheduler asks every few seconds: nothing is sent while `due > now`.
    expect(due! <= new Date(Date.now() + 60_000).toISOString()).toBe(true)
    // And the scheduler's push (backoff kept) sends it.
    await h.core.services.bookings.push()
    expect((await h.call('bookings.get', { id: booking.localId })).state).toBe('synced')
  }, 60_000)
})
