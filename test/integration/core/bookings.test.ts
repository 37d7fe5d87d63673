import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '@shared/bookings'
import { tryLock } from '@core/processLock'
import { pushLockFile } from '@core/sync/pushLock'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { sandboxExtensions } from '../../support/sandboxMode'
import { tempDir } from '../../support/tempDir'

// The outbox against the sandbox over real HTTP: bookings written locally,
// pushed later, through dropped answers, 5xx, the line going down and restarts.
let sandbox: RunningSandbox
let h: CoreHarness
let dataDir: string
const sandboxDir = tempDir()
let port = 0
let item: { id: number; available: number }
let destination: number
let origin: number

async function serviceBookingsWith(marker: string): Promise<number> {
  const res = await h.call('graphql.query', {
    query: 'query($m: String!) { shipments(where: {memo: {_ilike: $m}}) { id } }',
    variables: { m: `%${marker}%` },
  })
  return (res.data as { shipments: unknown[] }).shipments.length
}

const outbox = () => h.core.services.bookings.local().outbox

async function markerOf(localId: string): Promise<string> {
  return outbox().markerOf(localId, 'create')!
}

const booking = (qty = '1', reference: string | null = null): BookingInput => ({
  agencyToId: destination,
  plannedDelivery: '2026-11-30',
  reference,
  lines: [{ itemId: item.id, bookedQuantity: qty }],
})

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: sandboxDir })
  port = Number(new URL(sandbox.url).port)
  dataDir = tempDir()
  h = await coreHarness(dataDir, { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  const who = await h.call('profile.whoami')
  origin = who.agency!.id
  await h.call('catalogue.pull')
  const res = await h.call('graphql.query', {
    query:
      'query($a: bigint!) { lot_stocks(where: {agency_id: {_eq: $a}, available: {_gte: 20}}, order_by: [{id: asc}], limit: 1) { available lot { item_id } } agencies { id } }',
    variables: { a: origin },
  })
  const data = res.data as { lot_stocks: { available: number; lot: { item_id: number } }[]; agencies: { id: number }[] }
  item = { id: data.lot_stocks[0]!.lot.item_id, available: data.lot_stocks[0]!.available }
  destination = data.agencies.find((a) => a.id !== origin)!.id
})
afterAll(async () => {
  await h.close()
  await sandbox.close()
})

describe('a booking entered at the counter', () => {
  it('is kept locally at once, then confirmed by a push exactly once', async () => {
    const { booking: local, warnings } = await h.call('bookings.create', booking('2', 'B-1'))
    expect(warnings).toEqual([])
    expect(local).toMatchObject({ state: 'pending', serviceId: null, agencyFromId: origin, pending: 1 })
    const report = await h.call('sync.push')
    expect(report).toMatchObject({ sent: 1, waiting: 0, failed: 0 })
    const synced = await h.call('bookings.get', { id: local.localId })
    expect(synced).toMatchObject({ state: 'synced', pending: 0, serviceId: expect.any(Number) })
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
    expect((await h.call('bookings.get', { id: String(synced.serviceId) })).localId).toBe(local.localId)
  })

  it('is not doubled when the connection drops after the service committed it', async () => {
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-drop'))
    sandbox.setFaults({ dropShare: 1 })
    try {
      await h.call('sync.push')
    } finally {
      sandbox.setFaults({ dropShare: 0 })
    }
    const entry = (await h.call('outbox.list')).find((e) => e.localId === local.localId)!
    expect(entry.state).toBe('unknown')
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
  })

  it('is sent again after a 5xx that did nothing, and arrives once', async () => {
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-5xx'))
    sandbox.setFaults({ errorShare: 1 })
    try {
      await h.call('sync.push')
    } finally {
      sandbox.setFaults({ errorShare: 0 })
    }
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(0)
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
  })

  it('waits while the line is down and goes when it is back', async () => {
    await sandbox.close()
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-offline'))
    expect(local.state).toBe('pending')
    const report = await h.call('sync.push')
    expect(report).toMatchObject({ sent: 0, waiting: 1 })
    sandbox = await startSandbox({ dataDir: sandboxDir, port })
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
  })

  it('survives a restart while an entry was on the wire: it is read back, not sent twice', async () => {
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-restart'))
    sandbox.setFaults({ dropShare: 1 })
    await h.call('sync.push').finally(() => sandbox.setFaults({ dropShare: 0 }))
    // As if the process died mid-send: the entry is left 'sending'.
    for (const e of outbox().list(local.localId)) outbox().markSending(e.seq, new Date().toISOString())
    await h.close()
    h = await coreHarness(dataDir, { requestTimeoutMs: 3000, secrets: h.secrets })
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
    expect(await serviceBookingsWith(await markerOf(local.localId))).toBe(1)
  })
})

describe('edits, shipping and delivery', () => {
  it('edits, ships and delivers in order, and the service agrees', async () => {
    const { booking: local } = await h.call('bookings.create', booking('2', 'B-flow'))
    await h.call('bookings.update', { id: local.localId, changes: { reference: 'B-flow-2' } })
    await h.call('bookings.ship', { id: local.localId })
    await h.call('sync.push')
    const shipped = await h.call('bookings.get', { id: local.localId })
    expect(shipped).toMatchObject({ state: 'synced', shipped: true, reference: 'B-flow-2' })
    const res = await h.call('graphql.query', {
      query: 'query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { reference shipped delivered } }',
      variables: { id: shipped.serviceId },
    })
    expect((res.data as { shipments: unknown[] }).shipments[0]).toEqual({ reference: 'B-flow-2', shipped: true, delivered: false })
    await h.call('bookings.deliver', { id: local.localId })
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced', delivered: true })
  })

  it('an edit of the lines replaces them on the service, read through fields the real service has', async () => {
    const bundles = await h.call('graphql.query', { query: '{ bundles(order_by: [{id: asc}], limit: 1) { id } }' })
    const bundleId = (bundles.data as { bundles: { id: number }[] }).bundles[0]!.id
    const { booking: local } = await h.call('bookings.create', {
      ...booking('1', 'B-lines'),
      lines: [{ itemId: item.id, bookedQuantity: '1', bundleId: bundleId, serialNumber: 'SN-7' }],
    })
    await h.call('sync.push')
    const serviceId = (await h.call('bookings.get', { id: local.localId })).serviceId!
    // Only the sandbox's extensions put the lines in the REST show; the client must not need them.
    const user = sandbox.users[0]!
    const shown = (await (
      await fetch(`${sandbox.url}/pos/bookings/${serviceId}.json`, {
        headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
      })
    ).json()) as Record<string, unknown>
    expect('movements' in shown).toBe(sandboxExtensions)

    // A refresh reads the lines without bundle or serial number; those of a booking made here stay.
    await h.call('counter.refresh')
    expect((await h.call('bookings.get', { id: local.localId })).lines).toEqual([
      expect.objectContaining({ itemId: item.id, bundleId: bundleId, serialNumber: 'SN-7' }),
    ])

    await h.call('bookings.update', { id: local.localId, changes: { lines: [{ itemId: item.id, bookedQuantity: '3' }] } })
    expect(await h.call('sync.push')).toMatchObject({ failed: 0, conflicts: 0 })
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
    const res = await h.call('graphql.query', {
      query: 'query($id: bigint!) { shipments(where: {id: {_eq: $id}}) { movements { item_id booked_quantity } } }',
      variables: { id: serviceId },
    })
    expect((res.data as { shipments: { movements: unknown[] }[] }).shipments[0]!.movements).toEqual([
      { item_id: item.id, booked_quantity: 3 },
    ])
  })

  it('a booking deleted before it was ever sent leaves nothing to send', async () => {
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-gone'))
    await h.call('bookings.delete', { id: local.localId })
    expect((await h.call('outbox.list')).filter((e) => e.localId === local.localId)).toEqual([])
    await expect(h.call('bookings.get', { id: local.localId })).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('refusals and conflicts', () => {
  it("over-booking fails on sync with the service's message; editing the quantity and retrying sends it", async () => {
    const { booking: local, warnings } = await h.call('bookings.create', booking(String(item.available + 1000), 'B-over'))
    expect(warnings).toEqual([expect.objectContaining({ itemId: item.id })])
    await h.call('sync.push')
    const failed = await h.call('bookings.get', { id: local.localId })
    expect(failed.state).toBe('failed')
    expect(failed.problem).toMatchObject({ code: 'validation' })
    expect(JSON.stringify(failed.problem!.fields)).toMatch(/lines\[0\]\.bookedQuantity/)
    await h.call('bookings.update', { id: local.localId, changes: { lines: [{ itemId: item.id, bookedQuantity: '1' }] } })
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({ state: 'synced' })
  })

  it('a failed booking can be discarded', async () => {
    const { booking: local } = await h.call('bookings.create', booking(String(item.available + 1000), 'B-discard'))
    await h.call('sync.push')
    const entry = (await h.call('outbox.list')).find((e) => e.localId === local.localId)!
    expect(entry.state).toBe('failed')
    await h.call('outbox.discard', { seq: entry.seq })
    await expect(h.call('bookings.get', { id: local.localId })).rejects.toMatchObject({ code: 'not_found' })
  })

  it("an edit of a booking shipped elsewhere is a conflict; keep theirs takes the service's version", async () => {
    const { booking: local } = await h.call('bookings.create', booking('1', 'B-conflict'))
    await h.call('sync.push')
    const serviceId = (await h.call('bookings.get', { id: local.localId })).serviceId!
    const user = sandbox.users[0]!
    const shipped = await fetch(`${sandbox.url}/pos/bookings/${serviceId}/ship.json`, {
      headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
    })
    expect(shipped.status).toBe(200)
    await h.call('bookings.update', { id: local.localId, changes: { reference: 'mine' } })
    await h.call('sync.push')
    const conflicted = await h.call('bookings.get', { id: local.localId })
    expect(conflicted).toMatchObject({ state: 'conflict', problem: { code: 'conflict' } })
    const entry = (await h.call('outbox.list')).find((e) => e.localId === local.localId)!
    await h.call('outbox.keepTheirs', { seq: entry.seq })
    expect(await h.call('bookings.get', { id: local.localId })).toMatchObject({
      state: 'synced',
      shipped: true,
      reference: 'B-conflict',
      lines: [expect.objectContaining({ itemId: item.id, bookedQuantity: '1' })],
    })
  })

  it('only one pusher per data folder', async () => {
    // Another pusher of this folder (here a second connection in this process; other processes: test/faults/pushLock.test.ts).
    const release = tryLock(pushLockFile(dataDir))!
    try {
      await expect(h.core.services.bookings.push()).rejects.toMatchObject({ code: 'another_pusher' })
    } finally {
      release()
    }
    await expect(h.call('sync.push')).resolves.toMatchObject({ failed: 0 })
  })
})
