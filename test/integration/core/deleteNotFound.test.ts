import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../../support/bookableItem'
import { useProxiedSession } from '../../support/proxiedSession'

// A delete answered 404 is done only when the service no longer shows the
// booking: the 404 may come from the route (a proxy, another path), not the record.
const session = useProxiedSession()
let input: (reference: string) => BookingInput

beforeAll(async () => {
  const { item, destination } = await bookableItem(session.h)
  input = (reference) => ({
    agencyToId: destination,
    plannedDelivery: '2026-12-01',
    reference,
    lines: [{ itemId: item, bookedQuantity: '1' }],
  })
})

const deletes = (after: boolean) => (req: { method?: string; url?: string }) =>
  req.method === 'DELETE' && /^\/pos\/bookings\/\d+\.json/.test(req.url ?? '')
    ? { status: 404, body: { error: 'Not Found' }, afterForward: after }
    : null

async function syncedBooking(reference: string): Promise<{ localId: string; serviceId: number }> {
  const { booking } = await session.h.call('bookings.create', input(reference))
  await session.h.call('sync.push')
  const synced = await session.h.call('bookings.get', { id: booking.localId })
  return { localId: booking.localId, serviceId: synced.serviceId! }
}

async function onService(serviceId: number): Promise<number> {
  const user = session.sandbox.users[0]!
  const res = await fetch(`${session.sandbox.url}/pos/bookings/${serviceId}.json`, {
    headers: { 'X-User-Email': user.email, 'X-User-Token': user.token },
  })
  return res.status
}

describe('a delete the service answers with "not found"', () => {
  it('is not taken as done while the service still shows the booking: the entry fails and says so', async () => {
    const { localId, serviceId } = await syncedBooking('R-404-still-there')
    await session.h.call('bookings.delete', { id: localId })
    expect(await session.proxy.during(deletes(false), () => session.h.call('sync.push'))).toMatchObject({ failed: 1 })
    const entry = (await session.h.call('outbox.list')).find((e) => e.localId === localId && e.op === 'delete')!
    expect(entry.state).toBe('failed')
    expect(entry.lastError).toMatchObject({ code: 'not_found', detail: expect.stringContaining('still shows it') })
    expect(await onService(serviceId)).toBe(200)
  })

  it('is done when a read confirms the booking is gone', async () => {
    const { localId, serviceId } = await syncedBooking('R-404-gone')
    await session.h.call('bookings.delete', { id: localId })
    expect((await session.proxy.during(deletes(true), () => session.h.call('sync.push'))).sent).toBe(1)
    expect((await session.h.call('outbox.list')).filter((e) => e.localId === localId && e.state !== 'done')).toEqual([])
    expect(await onService(serviceId)).toBe(404)
  })
})
