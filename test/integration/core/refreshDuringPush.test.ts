import { describe, expect, it } from 'vitest'
import { bookableItem } from '../../support/bookableItem'
import { useProxiedSession } from '../../support/proxiedSession'
import { isGraphql } from '../../support/interceptingProxy'

// The line comes back: the scheduler sends the outbox while the clerk refreshes the bookings.
// The refresh's read of the service was taken before the push created the booking, and its
// answer arrives after: the booking just confirmed is not in it, and must not vanish.
const session = useProxiedSession()

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('a refresh whose read is older than a push', () => {
  it('keeps the booking the push confirmed meanwhile, synced with its number, and a later refresh lists it from the service', async () => {
    const { h, proxy } = session
    await h.call('counter.refresh')
    const { item, destination } = await bookableItem(h)
    const { booking } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: (await h.call('counter.setup')).today,
      reference: 'confirmed during a refresh',
      lines: [{ itemId: item, bookedQuantity: '1' }],
    })

    const read = deferred()
    const release = deferred()
    await proxy.during(
      (req) => (isGraphql(req) ? { afterForward: true, hold: () => (read.resolve(), release.promise) } : null),
      async () => {
        const refresh = h.call('counter.refresh')
        // The service has answered the refresh's read (without the booking); the answer is on its way.
        await read.promise
        expect(await h.call('sync.push')).toMatchObject({ sent: 1, waiting: 0 })
        release.resolve()
        await refresh
      },
    )

    const kept = await h.call('bookings.get', { id: booking.localId })
    expect(kept).toMatchObject({ state: 'synced', reference: 'confirmed during a refresh', serviceId: expect.any(Number) })
    expect((await h.call('bookings.list')).map((b) => b.localId)).toContain(booking.localId)

    await h.call('counter.refresh')
    expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'synced', serviceId: kept.serviceId })
  })
})
