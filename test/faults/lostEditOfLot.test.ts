import { beforeAll, describe, expect, it } from 'vitest'
import { useProxiedSession } from '../support/proxiedSession'

// An edit whose outcome is unknown is read back and compared field by field (bookingReconcile.ts,
// 'update'). Lines were compared by item and quantity only: an edit that changes a line's lot (same item,
// same quantity) and never reached the service was taken as applied, marked done, and lost.
const session = useProxiedSession()
let origin = 0
let destination = 0
let item = 0
let lots: number[] = []

const isBookingEdit = (req: { method?: string; url?: string }) => req.method === 'PUT' && /\/pos\/bookings\/\d+\.json/.test(req.url ?? '')

beforeAll(async () => {
  const h = session.h
  origin = (await h.call('profile.whoami')).agency!.id
  const res = await h.call('graphql.query', {
    query:
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 5}}, order_by: [{id: asc}]) { lot { id item_id } } agencies { id } }',
    variables: { a: origin },
  })
  const data = res.data as { lot_stocks: { lot: { id: number; item_id: number } }[]; agencies: { id: number }[] }
  const byItem = new Map<number, number[]>()
  for (const s of data.lot_stocks) byItem.set(s.lot.item_id, [...(byItem.get(s.lot.item_id) ?? []), s.lot.id])
  const found = [...byItem].find(([, l]) => new Set(l).size >= 2)
  if (!found) throw new Error('no item with two lots in stock here')
  item = found[0]
  lots = [...new Set(found[1])]
  destination = data.agencies.find((a) => a.id !== origin)!.id
  await h.call('catalogue.pull')
}, 60_000)

describe('an edit of a line lot whose request never reached the service', () => {
  it('is not taken as applied by the read-back', async () => {
    const h = session.h
    const b = (
      await h.call('bookings.create', {
        agencyToId: destination,
        plannedDelivery: '2027-06-11',
        reference: 'CAMBIO-LOTE',
        lines: [{ itemId: item, bookedQuantity: '1', lotId: lots[0]! }],
      })
    ).booking
    await h.call('sync.push')
    const created = await h.call('bookings.get', { id: b.localId })
    expect(created.state).toBe('synced')

    await h.call('bookings.update', { id: b.localId, changes: { lines: [{ itemId: item, bookedQuantity: '1', lotId: lots[1]! }] } })
    // The edit's request is cut by a front server before the service sees it: outcome unknown.
    await session.proxy.during(
      (req) => (isBookingEdit(req) ? { status: 502, text: '<html><title>Bad gateway</title></html>', contentType: 'text/html' } : null),
      () => h.call('sync.push'),
    )
    const entry = (await h.call('outbox.list')).find((e) => e.localId === b.localId)
    expect(entry?.state).toBe('unknown')
    await h.call('sync.push')

    const res = await h.call('graphql.query', {
      query: 'query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { movements { item_id lot_id booked_quantity } } }',
      variables: { id: created.serviceId },
    })
    const onService = (res.data as { shipments: { movements: { lot_id: number }[] }[] }).shipments[0]!.movements.map((m) => m.lot_id)
    expect(onService).toEqual([lots[1]])
    expect((await h.call('bookings.get', { id: b.localId })).state).toBe('synced')
  }, 60_000)
})
