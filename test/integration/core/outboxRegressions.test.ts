import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { startSandbox, storeFileName, type RunningSandbox } from '@sandbox'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'
import { gqlData, graphqlToken } from '../sandbox/sandboxClient'

// Cases the outbox properties (outboxProperties.test.ts) found, each pinned
// down on its own so it stays fixed whatever the random paths do.
let sandbox: RunningSandbox
let h: CoreHarness
let item = 0
let destination = 0
const sandboxDir = tempDir()
let port = 0

const booking = (reference: string, extra: Partial<BookingInput> = {}): BookingInput => ({
  agencyToId: destination,
  plannedDelivery: '2026-12-01',
  reference,
  lines: [{ itemId: item, bookedQuantity: '1' }],
  ...extra,
})

/** The booking as the service holds it, read with the user's own credentials. */
async function onService(reference: string) {
  const user = sandbox.users[0]!
  const data = await gqlData<{
    shipments: { reference: string; planned_delivery: string; needs_transport: boolean; shipped: boolean; delivered: boolean }[]
  }>(
    sandbox,
    await graphqlToken(sandbox, user),
    'query($r: String!) { shipments(where: {reference: {_ilike: $r}}) { reference planned_delivery needs_transport shipped delivered } }',
    { r: `${reference}%` },
  )
  return data.shipments
}

async function pushClean() {
  sandbox.setFaults({ dropShare: 0, errorShare: 0 })
  return h.call('sync.push')
}

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: sandboxDir })
  port = Number(new URL(sandbox.url).port)
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  ;({ item, destination } = await bookableItem(h))
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('found by the outbox properties', () => {
  it("two edits of a synced booking typed while offline both arrive: the first one's own change is not a conflict", async () => {
    const { booking: local } = await h.call('bookings.create', booking('R-two-edits'))
    await h.call('sync.push')
    await sandbox.close()
    await h.call('bookings.update', { id: local.localId, changes: { reference: 'R-two-edits.1' } })
    await h.call('bookings.update', { id: local.localId, changes: { plannedDelivery: '2026-12-02' } })
    sandbox = await startSandbox({ dataDir: sandboxDir, port })
    expect(await h.call('sync.push')).toMatchObject({ conflicts: 0, failed: 0, waiting: 0 })
    expect(await onService('R-two-edits')).toEqual([
      expect.objectContaining({ reference: 'R-two-edits.1', planned_delivery: '2026-12-02' }),
    ])
  })

  it('a booking shipped before its create was confirmed still shows shipped once the create settles', async () => {
    const { booking: local } = await h.call('bookings.create', booking('R-ship-early'))
    await h.call('bookings.ship', { id: local.localId })
    // Each request takes 300 ms: the moment the create is confirmed, the ship is still on its way.
    sandbox.setFaults({ latencyMinMs: 300, latencyMaxMs: 300 })
    const pushing = h.call('sync.push')
    let seen = await h.call('bookings.get', { id: local.localId })
    while (seen.serviceId === null) {
      await new Promise((r) => setTimeout(r, 20))
      seen = await h.call('bookings.get', { id: local.localId })
    }
    expect(seen.shipped).toBe(true)
    await expect(h.call('bookings.update', { id: local.localId, changes: { reference: 'too late' } })).rejects.toMatchObject({
      code: 'conflict',
    })
    await pushing
    sandbox.setFaults({ latencyMinMs: 0, latencyMaxMs: 0 })
    expect(await onService('R-ship-early')).toEqual([expect.objectContaining({ reference: 'R-ship-early', shipped: true })])
  })

  it('an edit whose read-before-write was dropped is sent on the next push, not taken as done', async () => {
    const { booking: local } = await h.call('bookings.create', booking('R-transport'))
    await h.call('sync.push')
    await h.call('bookings.update', { id: local.localId, changes: { needsTransport: false } })
    sandbox.setFaults({ dropShare: 1 })
    await h.call('sync.push')
    expect((await h.call('outbox.list')).find((e) => e.localId === local.localId)).toMatchObject({ op: 'update', state: 'unknown' })
    await pushClean()
    expect(await onService('R-transport')).toEqual([expect.objectContaining({ needs_transport: false })])
  })

  it('a booking delivered without transport can no longer be edited, deleted or shipped at the counter', async () => {
    const { booking: local } = await h.call('bookings.create', booking('R-direct', { needsTransport: false }))
    await h.call('bookings.deliver', { id: local.localId })
    for (const attempt of [
      () => h.call('bookings.update', { id: local.localId, changes: { reference: 'after delivery' } }),
      () => h.call('bookings.delete', { id: local.localId }),
      () => h.call('bookings.ship', { id: local.localId }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'conflict' })
    }
    await pushClean()
    expect(await onService('R-direct')).toEqual([expect.objectContaining({ reference: 'R-direct', delivered: true, shipped: false })])
  })

  it('entries that fail do not hide the ones behind them: one push tries every waiting entry once', async () => {
    const locals: string[] = []
    for (let n = 0; n < 12; n++) locals.push((await h.call('bookings.create', booking(`R-all-tried-${n}`))).booking.localId)
    // Every answer lost: the first entries to go fail, and the others must still be tried in the same push.
    sandbox.setFaults({ dropShare: 1 })
    await h.call('sync.push')
    const entries = (await h.call('outbox.list')).filter((e) => locals.includes(e.localId))
    expect(entries.map((e) => [e.state, e.attempts])).toEqual(locals.map(() => ['unknown', 1]))
    await pushClean()
    expect(await onService('R-all-tried-')).toHaveLength(12)
  })

  it('deleting a booking the service refused removes it here and sends nothing', async () => {
    const { booking: local } = await h.call(
      'bookings.create',
      booking('R-refused', { lines: [{ itemId: item, bookedQuantity: '999999' }] }),
    )
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'failed' })
    await h.call('bookings.delete', { id: local.localId })
    expect((await h.call('outbox.list')).filter((e) => e.localId === local.localId)).toEqual([])
    await expect(h.call('bookings.get', { id: local.localId })).rejects.toMatchObject({ code: 'not_found' })
    expect(await onService('R-refused')).toEqual([])
  })
})

describe('found while writing the outbox tests', () => {
  it('discarding a refused edit puts the booking back as the service has it, not as typed', async () => {
    const { booking: local } = await h.call('bookings.create', booking('R-discard-edit'))
    await h.call('sync.push')
    await h.call('bookings.update', {
      id: local.localId,
      changes: { reference: 'R-discard-edit.mine', lines: [{ itemId: item, bookedQuantity: '999999' }] },
    })
    await h.call('sync.push')
    const refused = (await h.call('outbox.list')).find((e) => e.localId === local.localId)!
    expect(refused).toMatchObject({ op: 'update', state: 'failed' })
    await h.call('outbox.discard', { seq: refused.seq })
    const after = await h.call('bookings.get', { id: local.localId })
    expect(after).toMatchObject({ state: 'synced', reference: 'R-discard-edit' })
    expect(after.lines.map((l) => [l.itemId, Number(l.bookedQuantity)])).toEqual([[item, 1]])
  })
})

describe('kept while the commit was made faster', () => {
  it("the offline availability counts this device's bookings the service has not confirmed yet, and forgets deleted ones", async () => {
    await h.call('catalogue.pull')
    await sandbox.close()
    const big = () => h.call('bookings.create', booking('R-avail', { lines: [{ itemId: item, bookedQuantity: '100000' }] }))
    try {
      const first = await big()
      expect(first.warnings).toEqual([{ itemId: item, requested: 100000, available: expect.any(Number) }])
      const left = first.warnings[0]!.available
      const second = await h.call('bookings.create', booking('R-avail', { lines: [{ itemId: item, bookedQuantity: '2' }] }))
      expect(second.warnings).toEqual([{ itemId: item, requested: 2, available: left - 100000 }])
      await h.call('bookings.delete', { id: first.booking.localId })
      await h.call('bookings.delete', { id: second.booking.localId })
      const again = await big()
      expect(again.warnings).toEqual([{ itemId: item, requested: 100000, available: left }])
      await h.call('bookings.delete', { id: again.booking.localId })
    } finally {
      sandbox = await startSandbox({ dataDir: sandboxDir, port })
    }
  })
})

describe('kept while the pusher became a pool of senders', () => {
  it('a token revoked mid-shift stops the push with every entry kept, and they all go, once each, when the token is good again', async () => {
    const locals: string[] = []
    for (let n = 0; n < 8; n++) locals.push((await h.call('bookings.create', booking(`R-revoked-${n}`))).booking.localId)
    const user = sandbox.users[0]!
    // Revoked on the service itself (its own database file), as an administrator would.
    const store = new Database(join(sandboxDir, storeFileName))
    const setToken = (token: string) => store.prepare('UPDATE users SET token = ? WHERE email = ?').run(token, user.email)
    try {
      setToken('revoked')
      await expect(h.call('sync.push')).rejects.toMatchObject({ code: 'unauthorized' })
      const kept = (await h.call('outbox.list')).filter((e) => locals.includes(e.localId))
      expect(kept.map((e) => e.state)).toEqual(locals.map(() => 'queued'))
      expect(await onService('R-revoked-')).toEqual([])
    } finally {
      setToken(user.token)
      store.close()
    }
    await h.call('sync.push')
    expect((await onService('R-revoked-')).map((s) => s.reference).sort()).toEqual(locals.map((_, n) => `R-revoked-${n}`).sort())
  })
})
