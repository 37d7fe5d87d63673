import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput, LocalBooking, OutboxEntry } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { useProxiedSession } from '../support/proxiedSession'
import { isBookingCreate, memoDropped, memoDroppedAnswerLost } from '../support/bookingCreates'

// A service that does not keep the memo a create sends: a lost create can no longer be found by its
// marker. A look-alike is then neither taken nor ignored: the create is held for the clerk, who
// compares it with the look-alikes and chooses; nothing is guessed, nothing is sent twice unasked.
const session = useProxiedSession()
let plan: { item: number; destination: number }
let day = 10

/** The same booking each time within a test; each test its own day, so earlier tests' bookings are not look-alikes. */
const same = (): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: `2027-02-${String(day).padStart(2, '0')}`,
  reference: null,
  lines: [{ itemId: plan.item, bookedQuantity: '1' }],
})
const create = async () => (await session.h.call('bookings.create', same())).booking
const entryOf = async (b: LocalBooking): Promise<OutboxEntry> => (await session.h.call('outbox.list')).find((e) => e.localId === b.localId)!
const get = (b: LocalBooking) => session.h.call('bookings.get', { id: b.localId })

async function shipmentsOfTheDay(): Promise<number[]> {
  const res = await session.h.call('graphql.query', {
    query: 'query($to: bigint!, $day: date!) { shipments(where: {agency_to_id: {_eq: $to}, planned_delivery: {_eq: $day}}) { id } }',
    variables: { to: plan.destination, day: same().plannedDelivery },
  })
  return (res.data as { shipments: { id: number }[] }).shipments.map((s) => s.id)
}

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
})

describe('a service that drops the memo', () => {
  it('is learnt from the first create it answers', async () => {
    day = 10
    const x = await create()
    await session.proxy.during(memoDropped, () => session.h.call('sync.push'))
    expect(await get(x)).toMatchObject({ state: 'synced' })
    expect(session.h.core.services.bookings.local().markerEcho.state()).toBe('dropped')
  })

  it('holds two identical lost creates for the clerk, who gives each its own booking; one is never given twice', async () => {
    day = 11
    const [a, b] = [await create(), await create()]
    await session.proxy.during(memoDroppedAnswerLost, () => session.h.call('sync.push'))
    await session.h.call('sync.push')
    const onService = await shipmentsOfTheDay()
    expect(onService).toHaveLength(2)
    const [heldA, heldB] = [await entryOf(a), await entryOf(b)]
    for (const held of [heldA, heldB]) {
      expect(held.state).toBe('held')
      expect(held.lastError?.code).toBe('needs_decision')
      expect(held.candidates!.map((c) => c.serviceId).sort()).toEqual([...onService].sort())
      expect(held.candidates![0]!.lines[0]).toMatchObject({ itemId: plan.item, bookedQuantity: '1', itemCode: expect.any(String) })
    }
    expect(await get(a)).toMatchObject({ state: 'conflict' })
    expect((await session.h.call('sync.status')).conflicts).toBe(2)

    await session.h.call('outbox.claimCandidate', { seq: heldA.seq, serviceId: onService[0]! })
    expect(await get(a)).toMatchObject({ state: 'synced', serviceId: onService[0] })
    // The one given to A is no longer offered for B, and cannot be given to it.
    expect((await entryOf(b)).candidates!.map((c) => c.serviceId)).toEqual([onService[1]])
    await expect(session.h.call('outbox.claimCandidate', { seq: heldB.seq, serviceId: onService[0]! })).rejects.toMatchObject({
      code: 'conflict',
    })
    await session.h.call('outbox.claimCandidate', { seq: heldB.seq, serviceId: onService[1]! })
    expect(await get(b)).toMatchObject({ state: 'synced', serviceId: onService[1] })
    // Nothing was sent again: the service still has the two.
    await session.h.call('sync.push')
    expect(await shipmentsOfTheDay()).toHaveLength(2)
  })

  it('sends a held create again only when the clerk says none of the look-alikes is it', async () => {
    day = 12
    const [a, b] = [await create(), await create()]
    let creates = 0
    // The first create is refused (nothing done); the second lands and its answer is lost.
    await session.proxy.during(
      (req) => {
        if (!isBookingCreate(req)) return null
        return ++creates === 1 ? { status: 503, body: { error: 'down' } } : memoDroppedAnswerLost(req)
      },
      () => session.h.call('sync.push'),
    )
    await session.h.call('sync.push')
    const onService = await shipmentsOfTheDay()
    expect(onService).toHaveLength(1)
    // Either could be the one that landed: both are held beside it.
    const [heldA, heldB] = [await entryOf(a), await entryOf(b)]
    expect([heldA.state, heldB.state]).toEqual(['held', 'held'])
    await session.h.call('outbox.claimCandidate', { seq: heldA.seq, serviceId: onService[0]! })
    await session.h.call('outbox.retry', { seq: heldB.seq })
    await session.proxy.during(memoDropped, () => session.h.call('sync.push'))
    expect(await get(b)).toMatchObject({ state: 'synced' })
    expect(await shipmentsOfTheDay()).toHaveLength(2)
  })
})
