import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'

// A write whose answer never arrives, or arrives in a shape we did not expect,
// after the service recorded it: the clerk must not be invited to save it again.
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  h = await coreHarness(tempDir(), { requestTimeoutMs: 3000 })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
  // The entity's cache (bundles are written through to it) opens once the profile is known.
  await h.call('profile.whoami')
})
afterAll(async () => {
  await h.close()
  await proxy.close()
  await sandbox.close()
})

const isReceptionCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && /^\/purchases\/purchase_orders\/\d+\/receptions\.json/.test(req.url ?? '')

async function receiveOne(orderId: number) {
  const draft = await h.call('receptions.draft', { orderId })
  const line = draft.lines.find((l) => !l.perishable)!
  return h.call('receptions.create', { orderId, agencyId: draft.agency_id!, lines: [{ item_id: line.item_id, purchase_order_detail_id: line.purchase_order_detail_id, quantity: '1' }] })
}

describe('a reception the service recorded', () => {
  it('whose answer was lost is found on the service and reported saved, once', async () => {
    await sandbox.reset()
    const before = await h.call('receptions.ofOrder', { orderId: 7003 })
    const result = await proxy.during((req) => (isReceptionCreate(req) ? { drop: true, afterForward: true } : null), () => receiveOne(7003))
    const after = await h.call('receptions.ofOrder', { orderId: 7003 })
    expect(after).toHaveLength(before.length + 1)
    expect(result.receptionId).toBe(after[0]!.id)
    expect(result.order?.id).toBe(7003)
  })

  it('answered in a shape the client did not expect is done: the order is read back, nothing asks to save again', async () => {
    await sandbox.reset()
    const result = await proxy.during((req) => (isReceptionCreate(req) ? { status: 201, body: { id: 'not the order' }, afterForward: true } : null), () => receiveOne(7003))
    const after = await h.call('receptions.ofOrder', { orderId: 7003 })
    expect(after).toHaveLength(1)
    expect(result.receptionId).toBe(after[0]!.id)
    expect(result.order).toMatchObject({ id: 7003 })
  })

  it('that was not recorded after all still reports the lost answer, so the clerk can check and save again', async () => {
    await sandbox.reset()
    const refused = proxy.during((req) => (isReceptionCreate(req) ? { status: 503, body: { error: 'down' } } : null), () => receiveOne(7003))
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect(await h.call('receptions.ofOrder', { orderId: 7003 })).toEqual([])
  })
})

const isConsolidateCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && /^\/purchases\/consolidates\.json/.test(req.url ?? '')

describe('a consolidate the service recorded', () => {
  it('whose answer was lost is found on the service, once, with its orders', async () => {
    await sandbox.reset()
    const input = { name: 'Contenedor perdido', orderIds: [7001, 7003] }
    const created = await proxy.during((req) => (isConsolidateCreate(req) ? { drop: true, afterForward: true } : null), () => h.call('consolidates.create', input))
    expect(created.name).toBe(input.name)
    expect(created.orders.map((o) => o.id)).toEqual(input.orderIds)
    expect((await h.call('consolidates.list')).filter((c) => c.name === input.name)).toHaveLength(1)
  })

  it('answered in an unexpected shape is read back instead of failing', async () => {
    await sandbox.reset()
    const input = { name: 'Contenedor raro', orderIds: [7001] }
    const created = await proxy.during((req) => (isConsolidateCreate(req) ? { status: 201, body: ['not', 'a', 'consolidate'], afterForward: true } : null), () => h.call('consolidates.create', input))
    expect(created).toMatchObject({ name: input.name, orders: [expect.objectContaining({ id: 7001 })] })
  })

  it('that was not recorded still reports the failure', async () => {
    await sandbox.reset()
    const refused = proxy.during((req) => (isConsolidateCreate(req) ? { status: 503, body: { error: 'down' } } : null), () => h.call('consolidates.create', { name: 'Nunca', orderIds: [7001] }))
    await expect(refused).rejects.toMatchObject({ code: 'server' })
    expect((await h.call('consolidates.list')).filter((c) => c.name === 'Nunca')).toEqual([])
  })
})

describe('a return the service recorded', () => {
  it('whose answer was lost is read back as returned, and a second return is not needed', async () => {
    await sandbox.reset()
    const { receptionId } = await receiveOne(7003)
    const isReturn = (req: { method?: string; url?: string }) => req.method === 'DELETE' && req.url === `/purchases/receptions/${receptionId}.json`
    const returned = await proxy.during((req) => (isReturn(req) ? { drop: true, afterForward: true } : null), () => h.call('receptions.return', { id: receptionId! }))
    expect(returned).toMatchObject({ id: receptionId, voided: true })
    expect((await h.call('receptions.get', { id: receptionId! })).voided).toBe(true)
  })

  it('that did not happen still reports the failure', async () => {
    await sandbox.reset()
    const { receptionId } = await receiveOne(7003)
    const isReturn = (req: { method?: string; url?: string }) => req.method === 'DELETE' && req.url === `/purchases/receptions/${receptionId}.json`
    await expect(proxy.during((req) => (isReturn(req) ? { status: 503, body: { error: 'down' } } : null), () => h.call('receptions.return', { id: receptionId! }))).rejects.toMatchObject({ code: 'server' })
    expect((await h.call('receptions.get', { id: receptionId! })).voided).toBe(false)
  })
})

describe('a bundle the service recorded', () => {
  const isBundleCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && req.url === '/inventories/bundles.json'
  const onService = async (code: string) => {
    const user = sandbox.users[0]!
    const res = await fetch(`${sandbox.url}/inventories/bundles.json`, { headers: { 'X-User-Email': user.email, 'X-User-Token': user.token } })
    return ((await res.json()) as { code: string }[]).filter((b) => b.code === code)
  }

  it('whose answer was lost is found by its code and shown, not created twice', async () => {
    await sandbox.reset()
    const created = await proxy.during((req) => (isBundleCreate(req) ? { drop: true, afterForward: true } : null), () => h.call('bundles.create', { code: 'KIT-PERDIDO', name: 'Kit perdido' }))
    expect(created).toMatchObject({ code: 'KIT-PERDIDO', source: 'service' })
    expect(await onService('KIT-PERDIDO')).toHaveLength(1)
  })

  it('answered in an unexpected shape is read back by its code', async () => {
    await sandbox.reset()
    const created = await proxy.during((req) => (isBundleCreate(req) ? { status: 201, body: { ok: true }, afterForward: true } : null), () => h.call('bundles.create', { code: 'KIT-RARO', name: 'Kit raro' }))
    expect(created).toMatchObject({ code: 'KIT-RARO', name: 'Kit raro' })
  })
})

describe('a piecework group the service recorded', () => {
  const isGroupCreate = (req: { method?: string; url?: string }) => req.method === 'POST' && req.url === '/payroll/settings/piecework_type_groups.json'

  it('whose answer was lost is found in the list and returned once', async () => {
    await sandbox.reset()
    const created = await proxy.during((req) => (isGroupCreate(req) ? { drop: true, afterForward: true } : null), () => h.call('pieceworkGroups.create', { name: 'Cosecha perdida' }))
    expect(created.name).toBe('Cosecha perdida')
    expect((await h.call('pieceworkGroups.list')).filter((g) => g.name === 'Cosecha perdida')).toHaveLength(1)
  })

  it('that was not recorded still reports the failure', async () => {
    await sandbox.reset()
    const refused = proxy.during((req) => (isGroupCreate(req) ? { status: 503, body: { error: 'down' } } : null), () => h.call('pieceworkGroups.create', { name: 'Nunca' }))
    await expect(refused).rejects.toMatchObject({ code: 'server' })
  })
})
