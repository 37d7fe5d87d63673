import { describe, expect, it } from 'vitest'
import type { LocalBooking } from '@shared/bookings'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useProxiedSession } from '../../support/proxiedSession'
import { sandboxExtensions } from '../../support/sandboxMode'

// Shipments in transit delivered as the real service delivers them (PUT /inventories/transits/{id}.json,
// a delivered quantity per line, the service booking the shortfall), and bookings voided by the DELETE
// the documentation shows; each through a lost answer too. Run against both sandboxes: with extensions
// off deliver.json refuses a shipment in transit, as the documentation says the real one does.
const session = useProxiedSession()
const facts = bookingFacts[101]

interface ServiceShipment {
  id: number
  delivered: boolean
  voided: boolean
  memo: string | null
  shipped: boolean
  agency_from_id: number
  agency_to_id: number
  movements: { item_id: number; lot_id: number | null; booked_quantity: number; delivered_quantity: number | null }[]
}
const fields =
  'id delivered voided memo shipped agency_from_id agency_to_id movements { item_id lot_id booked_quantity delivered_quantity }'

async function gql<D>(query: string, variables: Record<string, unknown>): Promise<D> {
  return (await session.h.call('graphql.query', { query, variables })).data as D
}

async function onService(id: number): Promise<ServiceShipment | undefined> {
  const data = await gql<{ shipments: ServiceShipment[] }>(`query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { ${fields} } }`, {
    id,
  })
  return data.shipments[0]
}

/** Open bookings on the service from `from` to the demo agency made after `after` (the follow-ups). */
async function openSince(from: number, after: number): Promise<ServiceShipment[]> {
  const data = await gql<{ shipments: ServiceShipment[] }>(
    `query($from: bigint!, $to: bigint!, $after: bigint!) { shipments(where: {agency_from_id: {_eq: $from}, agency_to_id: {_eq: $to}, id: {_gt: $after}, shipped: {_eq: false}}) { ${fields} } }`,
    { from, to: facts.agency, after },
  )
  return data.shipments
}

async function refreshed(serviceId: number): Promise<LocalBooking> {
  await session.h.call('counter.refresh')
  const found = (await session.h.call('bookings.list')).find((b) => b.serviceId === serviceId)
  if (!found) throw new Error(`booking ${serviceId} is not in the cache after a refresh`)
  return found
}

/** Every line as counted: the first one short by one unit, the others whole. */
function countedShort(b: LocalBooking) {
  return b.lines.map((l, i) => ({
    itemId: l.itemId,
    lotId: l.lotId,
    quantity: i === 0 ? String(Number(l.bookedQuantity) - 1) : l.bookedQuantity,
  }))
}

const isTransitPut = (req: { method?: string; url?: string }) =>
  req.method === 'PUT' && /^\/inventories\/transits\/\d+\.json/.test(req.url ?? '')
const isDeliverGet = (req: { method?: string; url?: string }) =>
  req.method === 'GET' && /^\/pos\/bookings\/\d+\/deliver\.json/.test(req.url ?? '')
const isVoid = (req: { method?: string; url?: string }) =>
  req.method === 'DELETE' && /^\/inventories\/bookings\/\d+\.json/.test(req.url ?? '')

/** Runs `work` counting the requests that match. */
async function counting<T>(match: (req: { method?: string; url?: string }) => boolean, work: () => Promise<T>): Promise<[T, number]> {
  let n = 0
  const result = await session.proxy.during((req) => {
    if (match(req)) n++
    return null
  }, work)
  return [result, n]
}

describe('a shipment in transit delivered short', () => {
  it('goes through the transit delivery with a quantity per line; the shortfall booking shows at the next refresh', async () => {
    await session.sandbox.reset()
    const id = facts.bookings.inTransitIncoming
    const local = await refreshed(id)
    expect(local.shipped).toBe(true)
    const counted = countedShort(local)
    const before = await onService(id)
    const lastId = (await gql<{ shipments: { id: number }[] }>('{ shipments(order_by: [{id: desc}], limit: 1) { id } }', {})).shipments[0]!
      .id

    await session.h.call('bookings.deliver', { id: local.localId, delivered: counted, note: 'Faltó una unidad' })
    expect(await session.h.call('bookings.get', { id: local.localId })).toMatchObject({ delivered: true, state: 'pending' })
    const [report, puts] = await counting(isTransitPut, () => session.h.call('sync.push'))
    expect(report).toMatchObject({ sent: 1, failed: 0, conflicts: 0 })
    expect(puts).toBe(1)

    const after = await onService(id)
    expect(after).toMatchObject({ delivered: true })
    expect(after!.movements.map((m) => m.delivered_quantity)).toEqual(counted.map((c) => Number(c.quantity)))
    // The clerk's note travels in the transit body's memo, after what the memo held (a marker stays there).
    expect(after!.memo).toContain('Faltó una unidad')
    if (before!.memo) expect(after!.memo).toContain(before!.memo)

    // The service booked the missing unit again from the origin: the next refresh shows it here.
    const followUps = await openSince(local.agencyFromId, lastId)
    expect(followUps).toHaveLength(1)
    expect(followUps[0]!.movements).toEqual([
      expect.objectContaining({ item_id: local.lines[0]!.itemId, lot_id: local.lines[0]!.lotId, booked_quantity: 1 }),
    ])
    await session.h.call('counter.refresh')
    const followUp = (await session.h.call('bookings.list')).find((b) => b.serviceId === followUps[0]!.id)
    expect(followUp).toMatchObject({ origin: 'service', shipped: false, delivered: false, agencyToId: facts.agency })
    expect(followUp!.lines).toEqual([expect.objectContaining({ itemId: local.lines[0]!.itemId, bookedQuantity: '1' })])
    expect(await session.h.call('bookings.get', { id: local.localId })).toMatchObject({ delivered: true, state: 'synced' })
  })

  it('after a lost answer is read back (delivered, with the counted quantities) and never sent twice', async () => {
    await session.sandbox.reset()
    const id = facts.bookings.inTransitIncoming
    const local = await refreshed(id)
    const counted = countedShort(local)
    const lastId = (await gql<{ shipments: { id: number }[] }>('{ shipments(order_by: [{id: desc}], limit: 1) { id } }', {})).shipments[0]!
      .id
    await session.h.call('bookings.deliver', { id: local.localId, delivered: counted })

    let puts = 0
    await session.proxy.during(
      (req) => (isTransitPut(req) && ++puts ? { drop: true, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    expect(puts).toBe(1)
    expect((await session.h.call('outbox.list')).find((e) => e.localId === local.localId)).toMatchObject({
      op: 'deliver',
      state: 'unknown',
    })

    const [report, again] = await counting(isTransitPut, () => session.h.call('sync.push', undefined))
    expect(again).toBe(0)
    expect(report).toMatchObject({ sent: 1, failed: 0, conflicts: 0 })
    expect(await session.h.call('bookings.get', { id: local.localId })).toMatchObject({ delivered: true, state: 'synced' })
    expect(await openSince(local.agencyFromId, lastId)).toHaveLength(1)
  })
})

describe('a shipment in transit delivered whole', () => {
  it("tries the interface's deliver path once per server: refused, the transit delivery is remembered", async () => {
    await session.sandbox.reset()
    const first = await refreshed(facts.bookings.inTransitIncoming)
    const second = await refreshed(facts.bookings.inTransitFromSameCategory)
    await session.h.call('bookings.deliver', { id: first.localId })
    const [one, getsFirst] = await counting(isDeliverGet, () => session.h.call('sync.push'))
    await session.h.call('bookings.deliver', { id: second.localId })
    const [two, getsSecond] = await counting(isDeliverGet, () => session.h.call('sync.push'))
    expect([one.sent, one.failed, two.sent, two.failed]).toEqual([1, 0, 1, 0])
    // With extensions on the sandbox's deliver.json delivers in transit too: it stays the way for whole deliveries.
    expect([getsFirst, getsSecond]).toEqual(sandboxExtensions ? [1, 1] : [1, 0])
    for (const b of [first, second]) {
      const s = await onService(b.serviceId!)
      expect(s!.delivered).toBe(true)
      expect(s!.movements.every((m) => m.delivered_quantity === m.booked_quantity)).toBe(true)
    }
    expect(await openSince(first.agencyFromId, 0).then((l) => l.filter((s) => s.memo?.startsWith('Faltante')))).toEqual([])
  })
})

describe('a booking voided', () => {
  async function synced(reference: string): Promise<LocalBooking> {
    const item = facts.stockedItem
    const { booking } = await session.h.call('bookings.create', {
      agencyToId: facts.sameCategoryAgency,
      plannedDelivery: '2099-01-10',
      reference,
      lines: [{ itemId: item.id, bookedQuantity: '2', lotId: item.lotId }],
    })
    await session.h.call('sync.push')
    return session.h.call('bookings.get', { id: booking.localId })
  }

  // No reset here: a reset hands out the ids of bookings this computer still keeps again.
  it('is annulled on the service (kept, voided), queued like ship and deliver', async () => {
    const b = await synced('anular')
    const changed = await session.h.call('bookings.void', { id: b.localId })
    expect(changed.changes.removed).toContain(b.localId)
    const [report, deletes] = await counting(isVoid, () => session.h.call('sync.push'))
    expect(report).toMatchObject({ sent: 1, failed: 0 })
    expect(deletes).toBe(1)
    expect(await onService(b.serviceId!)).toMatchObject({ voided: true })
  })

  it('after a lost answer is read back as done, voided or destroyed, and never sent twice', async () => {
    const lost = await synced('anular, respuesta perdida')
    await session.h.call('bookings.void', { id: lost.localId })
    await session.proxy.during(
      (req) => (isVoid(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('sync.push'),
    )
    const [report, again] = await counting(isVoid, () => session.h.call('sync.push'))
    expect([report.sent, report.failed, report.conflicts, again]).toEqual([1, 0, 0, 0])
    expect(await onService(lost.serviceId!)).toMatchObject({ voided: true })

    // A service that destroys the booking instead: the read-back finds it gone, which is done too.
    const destroyed = await synced('anular, destruida')
    await session.h.call('bookings.void', { id: destroyed.localId })
    const user = session.sandbox.users[0]!
    let destroying: Promise<Response> | undefined
    await session.proxy.during(
      (req) => {
        if (!isVoid(req)) return null
        // The request never reaches the service as sent; the service destroys the booking and no answer tells.
        destroying = fetch(`${session.sandbox.url}/inventories/bookings/${destroyed.serviceId}.json?destroy=true`, {
          method: 'DELETE',
          headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
        })
        return { status: 502, body: { error: 'Bad Gateway' } }
      },
      () => session.h.call('sync.push'),
    )
    expect((await destroying)?.status).toBe(204)
    const settled = await session.h.call('sync.push')
    expect([settled.failed, settled.conflicts]).toEqual([0, 0])
    expect(await onService(destroyed.serviceId!)).toBeUndefined()
    expect((await session.h.call('outbox.list')).filter((e) => e.localId === destroyed.localId)).toEqual([])
  })
})
