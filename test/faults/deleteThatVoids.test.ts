import { beforeAll, describe, expect, it } from 'vitest'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'

// Issue 29: the documentation says a plain DELETE of a booking *voids* it on the real service (it stays,
// voided); the SDK's ?destroy=true removes it. A delete whose answer was lost is read back before
// anything is sent again: a booking the service shows voided is deleted, as one it no longer shows is.
// Before, a voided booking read as "not deleted yet": the DELETE went again and was refused for ever.
const session = useProxiedSession()
let plan: { item: number; destination: number }

const isDelete = (req: { method?: string; url?: string }) => req.method === 'DELETE' && /^\/pos\/bookings\/\d+\.json/.test(req.url ?? '')

beforeAll(async () => {
  plan = await bookableItem(session.h)
})

describe('a delete that the service carries out by voiding the booking', () => {
  it('is done when its lost answer is read back as voided, and is never sent again', async () => {
    const { booking } = await session.h.call('bookings.create', {
      agencyToId: plan.destination,
      plannedDelivery: '2027-03-01',
      reference: 'anulada al eliminar',
      lines: [{ itemId: plan.item, bookedQuantity: '1' }],
    })
    await session.h.call('sync.push')
    const serviceId = (await session.h.call('bookings.get', { id: booking.localId })).serviceId!
    await session.h.call('bookings.delete', { id: booking.localId })

    // The service voids it (as the documentation's DELETE does) and the answer never arrives.
    const user = session.sandbox.users[0]!
    let voiding: Promise<Response> | undefined
    await session.proxy.during(
      (req) => {
        if (!isDelete(req)) return null
        voiding = fetch(`${session.sandbox.url}/inventories/bookings/${serviceId}.json`, {
          method: 'DELETE',
          headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
        })
        return { status: 502, body: { error: 'Bad Gateway' } }
      },
      () => session.h.call('sync.push'),
    )
    expect((await voiding)?.status).toBe(204)

    let sentAgain = 0
    const report = await session.proxy.during(
      (req) => (isDelete(req) && ++sentAgain ? null : null),
      () => session.h.call('sync.push'),
    )
    expect([report.sent, report.failed, report.conflicts, sentAgain]).toEqual([1, 0, 0, 0])
    expect((await session.h.call('outbox.list')).filter((e) => e.localId === booking.localId)).toEqual([])
    expect((await session.h.call('bookings.list')).some((b) => b.localId === booking.localId)).toBe(false)
  })
})
