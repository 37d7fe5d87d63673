import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingInput } from '../../../src-shared/bookings'
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox'
import { bookableItem } from '../../support/bookableItem'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'

// A delete answered 404 is done only when the service no longer shows the
// booking: the 404 may come from the route (a proxy, another path), not the record.
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness
let input: (reference: string) => BookingInput

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
  const { item, destination } = await bookableItem(h)
  input = (reference) => ({ agency_to_id: destination, planned_delivery: '2026-12-01', reference, lines: [{ item_id: item, booked_quantity: '1' }] })
})
afterAll(async () => {
  await h.close()
  await proxy.close()
  await sandbox.close()
})

const deletes = (after: boolean) => (req: { method?: string; url?: string }) =>
  req.method === 'DELETE' && /^\/pos\/bookings\/\d+\.json/.test(req.url ?? '') ? { status: 404, body: { error: 'Not Found' }, afterForward: after } : null

async function syncedBooking(reference: string): Promise<{ localId: string; serviceId: number }> {
  const { booking } = await h.call('bookings.create', input(reference))
  await h.call('sync.push')
  const synced = await h.call('bookings.get', { id: booking.localId })
  return { localId: booking.localId, serviceId: synced.serviceId! }
}

async function onService(serviceId: number): Promise<number> {
  const user = sandbox.users[0]!
  const res = await fetch(`${sandbox.url}/pos/bookings/${serviceId}.json`, { headers: { 'X-User-Email': user.email, 'X-User-Token': user.token } })
  return res.status
}

describe('a delete the service answers with "not found"', () => {
  it('is not taken as done while the service still shows the booking: the entry fails and says so', async () => {
    const { localId, serviceId } = await syncedBooking('R-404-still-there')
    await h.call('bookings.delete', { id: localId })
    expect(await proxy.during(deletes(false), () => h.call('sync.push'))).toMatchObject({ failed: 1 })
    const entry = (await h.call('outbox.list')).find((e) => e.localId === localId && e.op === 'delete')!
    expect(entry.state).toBe('failed')
    expect(entry.lastError).toMatchObject({ code: 'not_found', detail: expect.stringContaining('still shows it') })
    expect(await onService(serviceId)).toBe(200)
  })

  it('is done when a read confirms the booking is gone', async () => {
    const { localId, serviceId } = await syncedBooking('R-404-gone')
    await h.call('bookings.delete', { id: localId })
    expect((await proxy.during(deletes(true), () => h.call('sync.push'))).sent).toBe(1)
    expect((await h.call('outbox.list')).filter((e) => e.localId === localId && e.state !== 'done')).toEqual([])
    expect(await onService(serviceId)).toBe(404)
  })
})
