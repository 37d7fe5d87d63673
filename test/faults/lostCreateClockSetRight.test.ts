import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput, LocalBooking } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { memoDropped, memoDroppedAnswerLost } from '../support/bookingCreates'
import { useProxiedSession } from '../support/proxiedSession'

// A lost create on a service that drops the memo is looked for among look-alikes. Those were once bounded by "created
// since" a time made from this computer's clock when the booking was typed: a computer whose clock was wrong while
// offline and set right by the time the line came back (NTP) missed the look-alike and sent the create a second time.
const day = 24 * 60 * 60 * 1000
let skewMs = 0
const session = useProxiedSession({ now: () => new Date(Date.now() + skewMs) })
let plan: { item: number; destination: number }

const same = (d: string): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: d,
  reference: null,
  lines: [{ itemId: plan.item, bookedQuantity: '1' }],
})
async function shipmentsOfTheDay(d: string): Promise<number> {
  const res = await session.h.call('graphql.query', {
    query: 'query($to: bigint!, $day: date!) { shipments(where: {agency_to_id: {_eq: $to}, planned_delivery: {_eq: $day}}) { id } }',
    variables: { to: plan.destination, day: d },
  })
  return (res.data as { shipments: unknown[] }).shipments.length
}

beforeAll(async () => {
  plan = await bookableItem(session.h)
  await session.h.call('catalogue.pull')
}, 60_000)

describe('a lost create on a service that drops the memo', () => {
  it('typed while the computer was two days fast, read back after its clock was set right: held, not sent twice', async () => {
    const { h, proxy } = session
    // The service is learnt to drop the memo.
    const first = (await h.call('bookings.create', same('2027-03-01'))).booking
    await proxy.during(memoDropped, () => h.call('sync.push'))
    expect((await h.call('bookings.get', { id: first.localId })).state).toBe('synced')
    expect(h.core.services.bookings.local().markerEcho.state()).toBe('dropped')

    // Offline with a clock two days fast: the booking is typed; the answer to its create is lost.
    skewMs = 2 * day
    const b: LocalBooking = (await h.call('bookings.create', same('2027-03-02'))).booking
    await proxy.during(memoDroppedAnswerLost, () => h.call('sync.push').catch(() => undefined))
    expect(await shipmentsOfTheDay('2027-03-02')).toBe(1)
    // The clock is set right; the next push reads the service before anything is sent again.
    skewMs = 0
    await h.call('sync.push').catch(() => undefined)
    expect(await shipmentsOfTheDay('2027-03-02')).toBe(1)
    expect((await h.call('outbox.list')).find((e) => e.localId === b.localId)?.state).toBe('held')
  }, 60_000)
})
