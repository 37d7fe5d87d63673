import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { noFaults } from '@sandbox/faults'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { bookingPath, bookingsClient, oneLine } from './bookingClient'
import { control, userHeaders } from './sandboxClient'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterEach(() => sandbox.setFaults(noFaults))
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const api = () => bookingsClient(sandbox, ana)
const f = bookingFacts[101]
const stocked = f.stockedItem

/** Sends a request and says how it ended: `answered N` or the network error's code (ECONNRESET…). */
async function outcome(method: string, path: string, body?: unknown): Promise<string> {
  try {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: userHeaders(ana()),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return `answered ${res.status}`
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code ?? String(err)
  }
}

describe('a dropped connection (drop share 1)', () => {
  it('commits the booking, resets the client, and the booking is then in the list with its memo marker, once', async () => {
    await control(sandbox, 'PUT', '/faults', { spec: 'drop=1' })
    const body = { shipment: oneLine(f.sameCategoryAgency, stocked.id, 5, { memo: 'mostrador:7f3a', reference: 'R-1' }) }
    expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(await outcome('POST', '/pos/bookings.json', body))
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
    const list = (await api().list()).body
    const found = list.filter((b) => b.memo === 'mostrador:7f3a')
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ reference: 'R-1', agency_to_id: f.sameCategoryAgency, lock_version: 0 })
    expect(found[0]!.movements.map((m) => [m.item_id, m.booked_quantity])).toEqual([[stocked.id, '5.0']])
    expect(await api().stock(stocked.lotId, f.agency)).toMatchObject({ available: 115, booked: 5 })
  })

  it('commits a ship: re-reading shows it shipped, and a blind retry is refused', async () => {
    await control(sandbox, 'PUT', '/faults', { spec: 'drop=1' })
    expect(await outcome('GET', bookingPath(f.bookings.open, 'ship'))).not.toMatch(/^answered/)
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
    expect((await api().show(f.bookings.open)).body).toMatchObject({ shipped: true, lock_version: '1' })
    expect((await api().ship(f.bookings.open)).status).toBe(422)
  })

  it('commits updates, deliveries and deletes too', async () => {
    const b = (await api().create(oneLine(f.sameCategoryAgency, stocked.id, 1, { needs_transport: false }))).body
    await control(sandbox, 'PUT', '/faults', { spec: 'drop=1' })
    expect(await outcome('PUT', bookingPath(b.id), { shipment: { reference: 'dropped' } })).not.toMatch(/^answered/)
    expect(await outcome('GET', bookingPath(b.id, 'deliver'))).not.toMatch(/^answered/)
    expect(await outcome('DELETE', bookingPath(f.bookings.noTransport))).not.toMatch(/^answered/)
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
    expect((await api().show(b.id)).body).toMatchObject({ reference: 'dropped', delivered: true, lock_version: '2' })
    expect((await api().show(f.bookings.noTransport)).status).toBe(404)
  })
})

describe('an injected 5xx (5xx share 1)', () => {
  it('answers 503 without doing the work', async () => {
    const before = (await api().list()).body
    await control(sandbox, 'PUT', '/faults', { spec: '5xx=1' })
    expect(await outcome('POST', '/pos/bookings.json', { shipment: oneLine(f.sameCategoryAgency, stocked.id, 5) })).toBe('answered 503')
    expect(await outcome('GET', bookingPath(f.bookings.open, 'ship'))).toBe('answered 503')
    await control(sandbox, 'PUT', '/faults', { spec: 'none' })
    expect((await api().list()).body).toEqual(before)
    expect(await api().stock(stocked.lotId, f.agency)).toMatchObject({ available: 120, booked: 0 })
  })
})
