import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { openSqlite } from '@base/sqlite'
import { bookableItem } from '../support/bookableItem'
import { coreHarness, type CoreHarness } from '../support/coreHarness'
import { serviceBookingsWith } from '../support/serviceBookings'
import { tempDir } from '../support/tempDir'

// The outbox keeps each entry's refusal and payload as JSON text. A value that no longer reads (a newer
// version wrote it, or the disk damaged it) must neither stop the sync centre, the counter or a push, nor
// lose its entry: the entry stays, and its refusal is shown as one that could not be read.
let sandbox: RunningSandbox
let h: CoreHarness

beforeAll(async () => {
  sandbox = await startSandbox()
  h = await coreHarness(tempDir())
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

/** Writes straight into the cache's file, beside the core's own connection, as another program (or a bad disk) would. */
function writeIntoFile(sql: string, ...params: unknown[]): void {
  const db = openSqlite(h.core.services.bookings.local().store.db.name)
  try {
    expect(db.prepare(sql).run(...params).changes).toBe(1)
  } finally {
    db.close()
  }
}

describe('outbox values that no longer read', () => {
  it('keep their entries, shown with a refusal that could not be read, and the push goes on', async () => {
    const { item, destination } = await bookableItem(h)
    const make = async (reference: string) =>
      (
        await h.call('bookings.create', {
          agencyToId: destination,
          plannedDelivery: '2027-05-01',
          reference,
          lines: [{ itemId: item, bookedQuantity: '1' }],
        })
      ).booking
    const [damaged, newer, older, badPayload, sound] = [
      await make('damaged-error'),
      await make('newer-error'),
      await make('older-error'),
      await make('bad-payload'),
      await make('sound'),
    ]
    const failWith = (localId: string, lastError: string) =>
      writeIntoFile("UPDATE outbox SET state = 'failed', attempts = 1, last_error = ? WHERE local_id = ?", lastError, localId)
    failWith(damaged.localId, '{"code":"validation","mess')
    failWith(newer.localId, '{"code":"from_a_newer_version","message":{"es":"x","en":"x"},"detail":null,"field":null,"fields":{}}')
    // What an older version stored: a refusal without field, fields or detail still reads as it was.
    failWith(older.localId, '{"code":"validation","message":{"es":"Revise los datos.","en":"Check the data."}}')
    writeIntoFile('UPDATE outbox SET payload = ? WHERE local_id = ?', '{"agency_from_id": 1, "lin', badPayload.localId)

    const entries = await h.call('outbox.list')
    const of = (localId: string) => entries.find((e) => e.localId === localId)
    for (const b of [damaged, newer]) {
      expect(of(b.localId)).toMatchObject({ state: 'failed', lastError: { code: 'unreadable_stored_error', field: null } })
      expect(await h.call('bookings.get', { id: b.localId })).toMatchObject({
        pending: 1,
        problem: { code: 'unreadable_stored_error' },
      })
    }
    // The text that did not read is kept for support, under the details.
    expect(of(damaged.localId)?.lastError?.detail).toContain('{"code":"validation","mess')
    expect(of(older.localId)).toMatchObject({ state: 'failed', lastError: { code: 'validation', field: null, fields: {} } })

    // The push sends what reads. The entry whose payload does not read is not sent (nothing says what it
    // would send): it stops as failed, saying so, and stays with its booking for the clerk to decide.
    await h.call('sync.push')
    expect(await serviceBookingsWith(h, h.core.services.bookings.local().outbox.markerOf(sound.localId)!)).toBe(1)
    expect(await h.call('bookings.get', { id: sound.localId })).toMatchObject({ state: 'synced', pending: 0 })
    const after = await h.call('outbox.list')
    expect(after.map((e) => e.localId).sort()).toEqual([damaged.localId, newer.localId, older.localId, badPayload.localId].sort())
    expect(await h.call('bookings.get', { id: badPayload.localId })).toMatchObject({
      pending: 1,
      problem: { code: 'unreadable_stored_change' },
    })
    expect(after.find((e) => e.localId === badPayload.localId)).toMatchObject({ state: 'failed', attempts: 1 })
    expect(await h.call('sync.status')).toMatchObject({ failed: 4, waiting: 0 })
    // A second push leaves it as it is: it is not tried again behind the clerk's back.
    await h.call('sync.push')
    expect((await h.call('outbox.list')).find((e) => e.localId === badPayload.localId)).toMatchObject({ state: 'failed', attempts: 1 })
  })
})
