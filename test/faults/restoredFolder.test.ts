import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookableItem } from '../support/bookableItem'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { serviceBookingsWith } from '../support/serviceBookings'
import { tempDir } from '../support/tempDir'

// A data folder restored from a backup (or copied to another computer) holds entries the service may
// already have received from the original: they are read back by their markers before anything is sent.
let sandbox: RunningSandbox
let h: CoreHarness
const dataDir = tempDir()
const backup = join(tempDir(), 'backup')

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(dataDir)
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('a data folder restored from a backup taken while bookings waited', () => {
  it('sends none of them a second time', async () => {
    const { item, destination } = await bookableItem(h)
    const made = []
    for (let i = 0; i < 3; i++) {
      const input = {
        agencyToId: destination,
        plannedDelivery: '2027-04-01',
        reference: `R-${i}`,
        lines: [{ itemId: item, bookedQuantity: '1' }],
      }
      made.push((await h.call('bookings.create', input)).booking)
    }
    const markers = made.map((b) => h.core.services.bookings.local().outbox.markerOf(b.localId)!)
    // The backup: the folder as it was, bookings waiting, the app closed.
    await h.close()
    cpSync(dataDir, backup, { recursive: true })
    h = await coreHarness(dataDir, { secrets: h.secrets })
    await h.call('sync.push')
    for (const m of markers) expect(await serviceBookingsWith(h, m)).toBe(1)

    // The disk is restored from the backup: the three wait again here.
    await h.close()
    rmSync(dataDir, { recursive: true, force: true })
    cpSync(backup, dataDir, { recursive: true })
    h = await coreHarness(dataDir, { secrets: h.secrets })
    expect((await h.call('sync.status')).waiting).toBe(3)
    await h.call('sync.push')
    for (const m of markers) expect(await serviceBookingsWith(h, m)).toBe(1)
    for (const b of made) expect(await h.call('bookings.get', { id: b.localId })).toMatchObject({ state: 'synced' })
  })
})
