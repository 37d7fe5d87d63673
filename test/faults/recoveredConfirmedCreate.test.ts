import { truncateSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { BookingInput } from '@shared/bookings'
import { bookableItem } from '../support/bookableItem'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { entityCacheFile } from '../support/entityCacheFile'
import { startInterceptingProxy, type InterceptingProxy } from '../support/interceptingProxy'
import { tempDir } from '../support/tempDir'
import { memoDropped } from '../support/bookingCreates'

// A booking whose create was confirmed and which still has a change waiting (a ship) is kept in the
// unsent journal with its confirmed create. After a power cut empties the cache, the recovery puts the
// confirmed create back as 'unknown'. On a service that drops the memo, the reconcile excludes the booking's
// own service id from the look-alikes (ownedHere: the restored row carries it), finds none, and sends the
// create a second time; the ship then went to the copy.
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness
const dataDir = tempDir()
let plan: { item: number; destination: number }

const input = (): BookingInput => ({
  agencyToId: plan.destination,
  plannedDelivery: '2027-05-21',
  reference: 'REC-CORTE',
  lines: [{ itemId: plan.item, bookedQuantity: '1' }],
})
async function shipmentsOfTheDay(): Promise<{ id: number; shipped: boolean }[]> {
  const res = await h.call('graphql.query', {
    query:
      'query($to: bigint!, $day: date!) { shipments(where: {agency_to_id: {_eq: $to}, planned_delivery: {_eq: $day}}) { id shipped } }',
    variables: { to: plan.destination, day: '2027-05-21' },
  })
  return (res.data as { shipments: { id: number; shipped: boolean }[] }).shipments
}

beforeAll(async () => {
  sandbox = await startSandbox({})
  proxy = await startInterceptingProxy(sandbox.url)
  h = await coreHarness(dataDir, { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
  plan = await bookableItem(h)
  await h.call('catalogue.pull')
}, 60_000)
afterAll(async () => {
  await h?.close()
  await proxy?.close()
  await sandbox?.close()
})

describe('a confirmed create recovered from the journal after the cache was emptied', () => {
  it('on a service that drops the memo, is not sent a second time, and the waiting ship goes to its booking', async () => {
    const b = (await h.call('bookings.create', input())).booking
    proxy.intercept = memoDropped
    await h.call('sync.push')
    const confirmed = await h.call('bookings.get', { id: b.localId })
    expect(confirmed.state).toBe('synced')
    expect(await shipmentsOfTheDay()).toEqual([{ id: confirmed.serviceId, shipped: false }])

    // Shipped offline: the ship waits, so the journal keeps the confirmed create beside it.
    await h.call('bookings.ship', { id: b.localId })
    await h.close()
    truncateSync(entityCacheFile(dataDir).entity, 0)

    h = await coreHarness(dataDir, { secrets: h.secrets, requestTimeoutMs: 3000 })
    await h.call('profile.whoami')
    expect((await h.call('outbox.list')).map((e) => `${e.op}:${e.state}`)).toEqual(['create:unknown', 'ship:unknown'])
    await h.call('sync.push')
    expect(await shipmentsOfTheDay()).toEqual([{ id: confirmed.serviceId, shipped: true }])
    expect((await h.call('bookings.get', { id: b.localId })).serviceId).toBe(confirmed.serviceId)
  }, 60_000)
})
