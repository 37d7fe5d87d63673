import { describe, expect, it } from 'vitest'
import type { LocalBooking } from '@shared/bookings'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useProxiedSession } from '../support/proxiedSession'

// The dispatch screen offers the note on every shipment in transit (DeliverDialog.vue `canDeliverShort`),
// and the deliver entry keeps it. Counted whole, the entry goes through deliver.json where the server takes it
// (deliverSend.ts throughDeliverPath), a GET that carries no memo: the clerk's note never reached the service,
// and the entry was marked done.
const session = useProxiedSession()
const facts = bookingFacts[101]

async function refreshed(serviceId: number): Promise<LocalBooking> {
  await session.h.call('counter.refresh')
  const found = (await session.h.call('bookings.list')).find((b) => b.serviceId === serviceId)
  if (!found) throw new Error(`booking ${serviceId} is not in the cache after a refresh`)
  return found
}

describe('a shipment in transit delivered whole with a note', () => {
  it("carries the clerk's note to the service", async () => {
    await session.sandbox.reset()
    const local = await refreshed(facts.bookings.inTransitIncoming)
    expect(local.shipped).toBe(true)
    const whole = local.lines.map((l) => ({ itemId: l.itemId, lotId: l.lotId, quantity: l.bookedQuantity }))
    await session.h.call('bookings.deliver', { id: local.localId, delivered: whole, note: 'Una caja llegó mojada' })
    const report = await session.h.call('sync.push')
    expect(report).toMatchObject({ sent: 1, failed: 0 })
    const res = await session.h.call('graphql.query', {
      query: 'query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { delivered memo } }',
      variables: { id: local.serviceId },
    })
    const s = (res.data as { shipments: { delivered: boolean; memo: string | null }[] }).shipments[0]!
    expect(s.delivered).toBe(true)
    expect(s.memo ?? '').toContain('Una caja llegó mojada')
  })
})
