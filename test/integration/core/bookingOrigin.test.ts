import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingLabel, localReference } from '@shared/bookingIdentity'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { rest } from '../sandbox/sandboxClient'

// Where a booking was made decides how it is named: one typed here keeps the local reference the save
// toast showed beside its number; one made elsewhere (here: posted straight to the sandbox's own HTTP,
// as another computer or the service's web pages would) arrives by a refresh and is named by its number
// alone, never by the local id this cache gave it.
let sandbox: RunningSandbox
let h: CoreHarness
const user = () => sandbox.users[0]!

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir(), { requestTimeoutMs: 5000 })
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('a booking made elsewhere', () => {
  it('arrives by a refresh named by its number alone; ours keeps its local reference beside the number', async () => {
    const { item, destination } = await bookableItem(h)
    const planned = (await h.call('counter.setup')).today
    const posted = await rest<{ id: number | string }>(sandbox, user(), 'POST', '/pos/bookings.json', {
      shipment: {
        agency_to_id: destination,
        planned_delivery: planned,
        reference: 'made on the web',
        needs_transport: true,
        movements_attributes: { '0': { item_id: item, booked_quantity: '1' } },
      },
    })
    expect(posted.status).toBe(201)
    const theirId = Number(posted.body.id)

    const { booking: mine } = await h.call('bookings.create', {
      agencyToId: destination,
      plannedDelivery: planned,
      reference: 'made here',
      lines: [{ itemId: item, bookedQuantity: '1' }],
    })
    expect(mine.origin).toBe('here')
    expect(bookingLabel(mine)).toBe(localReference(mine.localId))
    await h.call('sync.push')
    await h.call('counter.refresh')

    const listed = await h.call('bookings.list')
    const theirs = listed.find((b) => b.serviceId === theirId)!
    expect(theirs).toMatchObject({ origin: 'service', reference: 'made on the web', state: 'synced' })
    expect(bookingLabel(theirs)).toBe(String(theirId))
    const ours = listed.find((b) => b.localId === mine.localId)!
    expect(ours).toMatchObject({ origin: 'here', state: 'synced', serviceId: expect.any(Number) })
    expect(bookingLabel(ours)).toBe(`${ours.serviceId} · ${localReference(mine.localId)}`)

    // Shipped from here, it is still theirs: the sync centre names its entry by the number alone too.
    const { changes } = await h.call('bookings.ship', { id: theirs.localId })
    expect(changes.entries).toEqual([expect.objectContaining({ localId: theirs.localId, op: 'ship', origin: 'service' })])
    expect(bookingLabel(changes.entries[0]!)).toBe(String(theirId))
    await h.call('sync.push')
    await h.call('counter.refresh')
    expect(await h.call('bookings.get', { id: theirs.localId })).toMatchObject({ origin: 'service', shipped: true, state: 'synced' })
  })
})
