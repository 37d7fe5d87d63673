import { beforeAll, describe, expect, it } from 'vitest'
import { MARKED_SHIPMENTS_QUERY } from '@core/api/reconcileGraphql'
import { bookableItem } from '../support/bookableItem'
import { isGraphql } from '../support/interceptingProxy'
import { useProxiedSession } from '../support/proxiedSession'
import { serviceBookingsWith } from '../support/serviceBookings'
import { isBookingCreate } from '../support/bookingCreates'

// A create whose answer was lost is read back by its marker before anything is sent again. A read the service
// refused (a GraphQL 400, as a front server or a schema change may answer) was taken as the create's own refusal:
// the entry turned 'failed', and the clerk's Retry (or an edit, which rewrites an unsent create) sent it a second
// time. The entry stays one whose outcome is unknown until a read decides.
const session = useProxiedSession()
let plan: { item: number; destination: number }

const markerRead = MARKED_SHIPMENTS_QUERY.slice(0, 40)

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
})

describe('a lost create whose read-back the service refuses', () => {
  it('stays waiting to be read back, and a retry sends it once', async () => {
    const h = session.h
    const { booking } = await h.call('bookings.create', {
      agencyToId: plan.destination,
      plannedDelivery: '2027-10-01',
      reference: 'LECTURA-RECHAZADA',
      lines: [{ itemId: plan.item, bookedQuantity: '1' }],
    })
    const marker = h.core.services.bookings.local().outbox.markerOf(booking.localId)!
    await session.proxy.during(
      (req) => (isBookingCreate(req) ? { drop: true, afterForward: true } : null),
      () => h.call('sync.push').catch(() => undefined),
    )
    const entry = () => h.call('outbox.list').then((list) => list.find((e) => e.localId === booking.localId)!)
    expect((await entry()).state).toBe('unknown')

    await session.proxy.during(
      (req) =>
        isGraphql(req)
          ? { byBody: (body) => (body.includes(markerRead) ? { status: 400, body: { errors: [{ message: 'field not found' }] } } : null) }
          : null,
      () => h.call('sync.push'),
    )
    expect((await entry()).state).toBe('unknown')

    await h.call('outbox.retry', { seq: (await entry()).seq })
    await h.call('sync.push')
    expect(await serviceBookingsWith(h, marker)).toBe(1)
    expect((await h.call('bookings.get', { id: booking.localId })).state).toBe('synced')
  })
})
