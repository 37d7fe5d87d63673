import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { LocalBooking } from '@shared/bookings'
import { readDocument } from '@core/cache/cacheDatabase'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

// What a warehouse worker has counted of a booking being picked, kept in the entity's cache:
// read back after a restart of the core, per entity, and dropped once the booking is shipped.
let sandbox: RunningSandbox
let h: CoreHarness
let dataDir: string
let first: number
let second: number
let toShip: LocalBooking[]
const user = () => sandbox.users[0]!

beforeAll(async () => {
  sandbox = await startSandbox()
  dataDir = join(tempDir(), 'data')
  h = await coreHarness(dataDir, { requestTimeoutMs: 3000 })
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user().email, token: user().token })
  const who = await h.call('profile.whoami')
  first = who.currentEntity!.id
  second = who.memberships.find((m) => !m.current && m.active)!.entity.id
  const { setup } = await h.call('counter.refresh')
  toShip = (await h.call('bookings.list')).filter((b) => b.agencyFromId === setup.agency?.id && !b.shipped && !b.delivered)
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('dispatch counts', () => {
  it('are kept whole per booking, survive a restart of the core, and an empty count forgets the booking', async () => {
    expect(toShip.length).toBeGreaterThanOrEqual(2)
    const [a, b] = toShip as [LocalBooking, LocalBooking]
    expect(await h.call('dispatch.ticks')).toEqual({ entityId: first, ticks: {} })
    await h.call('dispatch.keepTicks', { entityId: first, localId: a.localId, ticks: { '3:5': '2', '4:-': '2.5' } })
    await h.call('dispatch.keepTicks', { entityId: first, localId: b.localId, ticks: { '3:5': '1' } })
    // Whole: the second write of a booking replaces the first; a zero is no count.
    await h.call('dispatch.keepTicks', { entityId: first, localId: b.localId, ticks: { '3:5': '0', '9:-': '0.25' } })

    // A restart: a new core on the same data folder and keychain.
    const secrets = h.secrets
    await h.close()
    h = await coreHarness(dataDir, { requestTimeoutMs: 3000, secrets })
    expect(await h.call('dispatch.ticks')).toEqual({
      entityId: first,
      ticks: { [a.localId]: { '3:5': '2', '4:-': '2.5' }, [b.localId]: { '9:-': '0.25' } },
    })

    await h.call('dispatch.keepTicks', { entityId: first, localId: b.localId, ticks: {} })
    expect((await h.call('dispatch.ticks')).ticks).toEqual({ [a.localId]: { '3:5': '2', '4:-': '2.5' } })
    // A count is a quantity: a sign (or a word, or 1e3) is refused at the border.
    expect(
      await h.call('dispatch.keepTicks', { entityId: first, localId: a.localId, ticks: { '3:5': '-1' } }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'bad_input' })
  })

  it('belong to the entity they were counted in: another entity reads none and refuses a late write', async () => {
    const a = toShip[0]!
    await h.call('entity.switch', { entityId: second })
    try {
      expect(await h.call('dispatch.ticks')).toEqual({ entityId: second, ticks: {} })
      expect(
        await h.call('dispatch.keepTicks', { entityId: first, localId: a.localId, ticks: { '3:5': '1' } }).catch((e: unknown) => e),
      ).toMatchObject({ code: 'conflict' })
    } finally {
      await h.call('entity.switch', { entityId: first })
    }
    expect((await h.call('dispatch.ticks')).ticks[a.localId]).toEqual({ '3:5': '2', '4:-': '2.5' })
  })

  it('are dropped once the booking is shipped, from whichever screen, before the dispatch screen reads them again', async () => {
    const a = toShip[0]!
    await h.call('bookings.ship', { id: a.localId })
    // What the cache keeps, not what a read returns (a read prunes too).
    expect(readDocument(h.core.services.bookings.local().store.db, 'dispatch_ticks')).toBeNull()
    expect(await h.call('dispatch.ticks')).toEqual({ entityId: first, ticks: {} })
  })
})

describe('the count of a shipment in transit towards this agency', () => {
  it('stays through a refresh and a restart until it is delivered: its delivery takes that count', async () => {
    const { setup } = await h.call('counter.refresh')
    const incoming = (await h.call('bookings.list')).find((b) => b.agencyToId === setup.agency?.id && b.shipped && !b.delivered)!
    const key = `${incoming.lines[0]!.itemId}:${incoming.lines[0]!.lotId ?? '-'}`
    await h.call('dispatch.keepTicks', { entityId: first, localId: incoming.localId, ticks: { [key]: '1' } })
    await h.call('counter.refresh')
    const secrets = h.secrets
    await h.close()
    h = await coreHarness(dataDir, { requestTimeoutMs: 3000, secrets })
    await h.call('profile.whoami')
    expect((await h.call('dispatch.ticks')).ticks[incoming.localId]).toEqual({ [key]: '1' })

    await h.call('bookings.deliver', { id: incoming.localId })
    expect((await h.call('dispatch.ticks')).ticks[incoming.localId]).toBeUndefined()
  })
})
