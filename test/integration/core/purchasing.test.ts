import Decimal from 'decimal.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { AppError } from '@shared/errors'
import { dateInZone } from '@shared/localDate'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { startInterceptingProxy, type InterceptingProxy } from '../../support/interceptingProxy'
import { tempDir } from '../../support/tempDir'

// Consolidates and receptions through the contract, against the sandbox over real HTTP (through a proxy that
// passes everything on, except where a test has it answer what a real service may answer and the sandbox does not).
let sandbox: RunningSandbox
let proxy: InterceptingProxy
let h: CoreHarness
/** This computer's clock, moved with the sandbox's: the core dates an undated reception by its own clock. */
let clockOffsetMs = 0

beforeAll(async () => {
  sandbox = await startSandbox()
  proxy = await startInterceptingProxy(sandbox.url)
  h = await coreHarness(tempDir(), { now: () => new Date(Date.now() + clockOffsetMs) })
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: proxy.url, email: user.email, token: user.token })
})
beforeEach(() => sandbox.reset())
afterAll(async () => {
  await h.close()
  await proxy.close()
  await sandbox.close()
})

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (err) {
    return err as AppError
  }
  throw new Error('expected a failure')
}

async function available(lotId: number, agencyId: number): Promise<number> {
  const res = await h.call('graphql.query', {
    query: 'query($l: bigint!, $a: bigint!) { lot_stocks(where: {lot_id: {_eq: $l}, agency_id: {_eq: $a}}) { available } }',
    variables: { l: lotId, a: agencyId },
  })
  return (res.data as { lot_stocks: { available: number }[] }).lot_stocks[0]?.available ?? 0
}

describe('consolidates', () => {
  it('reads the candidates normalised: supplier, currency, decimal-string amounts', async () => {
    const orders = await h.call('consolidates.candidates', { special: false })
    const imported = orders.find((o) => o.id === 7002)!
    expect(imported).toMatchObject({
      supplier: 'Importadora Pacífico Ltd.',
      currency: { code: 'USD', symbol: 'US$' },
      total: '364.0',
      import: true,
      consolidateId: null,
    })
    const sum = orders.filter((o) => o.currency?.code === 'GTQ').reduce((s, o) => s.plus(o.total ?? 0), new Decimal(0))
    // 7001 787.36 + 7003 425.38 + 7004 2483.04 + 7005 87.36
    expect(sum.toFixed(2)).toBe('3783.14')
  })

  it('creates, lists, updates and deletes a consolidate; its orders carry it and are released after', async () => {
    const created = await h.call('consolidates.create', { name: 'Contenedor', description: 'Flete', orderIds: [7001, 7003] })
    expect(created.orders.map((o) => [o.id, o.consolidateId])).toEqual([
      [7001, created.id],
      [7003, created.id],
    ])
    const list = await h.call('consolidates.list')
    // The list carries what the real service's GraphQL has; the kind and description come with the consolidate itself.
    expect(list.find((c) => c.id === created.id)).toEqual({
      id: created.id,
      name: 'Contenedor',
      idNumber: null,
      createdAt: expect.any(String),
      orderCount: 2,
    })
    expect(await h.call('consolidates.get', { id: created.id })).toMatchObject({ specialInvoice: false, description: 'Flete' })
    const updated = await h.call('consolidates.update', { id: created.id, changes: { name: 'Contenedor 2' } })
    expect(updated).toMatchObject({ name: 'Contenedor 2', description: 'Flete' })
    expect(await h.call('consolidates.delete', { id: created.id })).toEqual({ deleted: true })
    expect((await h.call('purchaseOrders.get', { id: 7001 })).consolidateId).toBeNull()
    expect((await failure(h.call('consolidates.get', { id: created.id }))).code).toBe('not_found')
  })

  it('reports a missing special-invoice prerequisite as a validation error on its field', async () => {
    await fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ item_for_consolidates: false }),
    })
    const err = await failure(h.call('consolidates.create', { name: 'Especial', orderIds: [7005], special: true }))
    expect(err.code).toBe('validation')
    expect(err.fields).toEqual({ itemId: ['la variable de compras item_for_consolidates no tiene un producto'] })
    await fetch(`${sandbox.url}/__sandbox/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ item_for_consolidates: true }),
    })
    const special = await h.call('consolidates.create', { name: 'Especial', orderIds: [7005], special: true })
    expect(special).toMatchObject({ specialInvoice: true, idNumber: 'FESP-101-000001', chargeTermId: 6503 })
  })

  it('refuses a consolidate without orders before asking the service', async () => {
    const err = await failure(h.call('consolidates.create', { name: 'Vacío', orderIds: [] }))
    expect(err.code).toBe('bad_input')
  })
})

/** Moves the sandbox's clock so that "now" is the given instant. */
async function sandboxNowIs(iso: string): Promise<void> {
  clockOffsetMs = Date.parse(iso) - Date.now()
  const res = await fetch(`${sandbox.url}/__sandbox/clock`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ offsetMs: Date.parse(iso) - Date.now() }),
  })
  if (res.status !== 200) throw new Error(`clock: ${res.status}`)
}

describe('dates the clerk picks', () => {
  it('are days in the profile’s zone: a reception registered at 20:30 in Guatemala is that day’s, with the process in UTC', async () => {
    const processZone = process.env.TZ
    process.env.TZ = 'UTC'
    // 20:30 on 24 November in Guatemala (UTC−6) is 02:30 on the 25th in UTC.
    await sandboxNowIs('2026-11-25T02:30:00.000Z')
    try {
      expect((await h.call('profile.whoami')).profile.timeZone).toBe('Central America')
      const draft = await h.call('receptions.draft', { orderId: 7003 })
      expect(draft.receivedAt).toBe('2026-11-24')
      const other = draft.lines.find((l) => !l.perishable)!
      const picked = await h.call('receptions.create', {
        orderId: 7003,
        agencyId: 301,
        receivedAt: '2026-11-24',
        lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '1' }],
      })
      const reception = await h.call('receptions.get', { id: picked.receptionId! })
      // Stored as the instant it was in UTC, read back as the day it was in Guatemala.
      expect(reception.receivedAt).toMatch(/^2026-11-25T02:30/)
      expect(dateInZone(new Date(reception.receivedAt!), 'Central America')).toBe('2026-11-24')
      // Without a picked date, the core dates it today in the profile's zone as well.
      const unpicked = await h.call('receptions.create', {
        orderId: 7003,
        agencyId: 301,
        lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '1' }],
      })
      const second = await h.call('receptions.get', { id: unpicked.receptionId! })
      expect(dateInZone(new Date(second.receivedAt!), 'Central America')).toBe('2026-11-24')
    } finally {
      await sandboxNowIs(new Date().toISOString())
      if (processZone === undefined) delete process.env.TZ
      else process.env.TZ = processZone
    }
  })

  it('a reception draft the service dates with a UTC timestamp at 20:30 in Guatemala offers that day, not the next', async () => {
    const processZone = process.env.TZ
    process.env.TZ = 'UTC'
    await sandboxNowIs('2026-11-25T02:30:00.000Z')
    const isDraft = (req: { method?: string; url?: string }) => req.method === 'GET' && /\/receptions\/new\.json/.test(req.url ?? '')
    const body = {
      agency_id: '301',
      received_at: '2026-11-25T02:30:00.000Z',
      exchange_rate: null,
      reception_details: [
        { item_id: '5001', purchase_order_detail_id: '1', quantity: '1.0', item_code: 'X', item_name: 'X', perishable: false },
      ],
    }
    try {
      const draft = await proxy.during(
        (req) => (isDraft(req) ? { status: 200, body } : null),
        () => h.call('receptions.draft', { orderId: 7003 }),
      )
      expect(draft.receivedAt).toBe('2026-11-24')
      // The same instant written without a zone (UTC, as the service writes them) is the same day.
      const zoneless = await proxy.during(
        (req) => (isDraft(req) ? { status: 200, body: { ...body, received_at: '2026-11-25 02:30:00' } } : null),
        () => h.call('receptions.draft', { orderId: 7003 }),
      )
      expect(zoneless.receivedAt).toBe('2026-11-24')
    } finally {
      await sandboxNowIs(new Date().toISOString())
      if (processZone === undefined) delete process.env.TZ
      else process.env.TZ = processZone
    }
  })
})

describe('receptions', () => {
  it('receives part, then the rest; the order is received, stock went up, and a return takes it down again', async () => {
    const draft = await h.call('receptions.draft', { orderId: 7003 })
    expect(draft).toMatchObject({ agencyId: 301, foreignCurrency: false, order: { id: 7003, supplier: 'Agroinsumos La Cosecha' } })
    expect(await h.call('receptions.draft', { orderId: 7002 })).toMatchObject({
      foreignCurrency: true,
      exchangeRate: 7.75,
      order: { currency: { code: 'USD' } },
    })
    const perishable = draft.lines.find((l) => l.perishable)!
    const other = draft.lines.find((l) => !l.perishable)!
    expect([perishable.pendingQuantity, other.pendingQuantity].map(Number)).toEqual([12, 6])

    const first = await h.call('receptions.create', {
      orderId: 7003,
      agencyId: 301,
      invoiceNumber: 'F-1',
      lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '4' }],
    })
    expect(first.order!.received).toBe(false)
    // The answer carries the new reception, so the screen lists it without asking again.
    expect(first.reception).toMatchObject({ id: first.receptionId, voided: false, invoiceNumber: 'F-1' })
    // Read back through GraphQL (booked − delivered quantity; the line total computed from the unit cost).
    const line = first.order!.lines!.find((l) => l.id === other.purchaseOrderDetailId)!
    expect(Number(line.pendingQuantity)).toBe(2)
    expect(new Decimal(line.total).equals(new Decimal(line.quantity).times(line.price))).toBe(true)
    const r1 = await h.call('receptions.get', { id: first.receptionId! })
    const lot = r1.lines[0]!.lotId!
    const afterFirst = await available(lot, 301)
    // The reception shows its lot's stock now at the agency.
    expect(Number(r1.lines[0]!.availableNow)).toBe(afterFirst)

    const second = await h.call('receptions.create', {
      orderId: 7003,
      agencyId: 301,
      lines: [
        { itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '2' },
        {
          itemId: perishable.itemId,
          purchaseOrderDetailId: perishable.purchaseOrderDetailId,
          quantity: '12',
          lotName: 'L-77',
          lotExpires: '2027-03-01',
        },
      ],
    })
    expect(second.order!.received).toBe(true)
    expect(second.receptionId).not.toBe(first.receptionId)
    expect(await available(lot, 301)).toBe(afterFirst + 2)
    const ofOrder = await h.call('receptions.ofOrder', { orderId: 7003 })
    expect(ofOrder.map((r) => r.id)).toEqual([second.receptionId, first.receptionId])
    // The lot sent as the SDK sends it (arrays, one entry per lot) is read back from the reception's details.
    expect(ofOrder[0]!.lines.find((l) => l.itemId === perishable.itemId)).toMatchObject({
      quantity: '12',
      lotName: 'L-77',
      lotExpires: '2027-03-01',
    })

    const returned = await h.call('receptions.return', { id: first.receptionId! })
    expect(returned.voided).toBe(true)
    expect(await available(lot, 301)).toBe(afterFirst - 2)
    // The answer shows the goods gone, without asking again.
    expect(Number(returned.lines[0]!.availableNow)).toBe(afterFirst - 2)
    expect((await h.call('purchaseOrders.get', { id: 7003 })).received).toBe(false)
  })

  it('refuses over-receiving on the line, and a rebound naming an order that does not exist', async () => {
    const draft = await h.call('receptions.draft', { orderId: 7003 })
    const other = draft.lines.find((l) => !l.perishable)!
    const over = await failure(
      h.call('receptions.create', {
        orderId: 7003,
        agencyId: 301,
        lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '9' }],
      }),
    )
    expect(over.code).toBe('validation')
    expect(over.fields).toEqual({ 'lines.quantity': ['excede lo pendiente de recibir (6.0)'] })
    const ok = await h.call('receptions.create', {
      orderId: 7003,
      agencyId: 301,
      lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '1' }],
    })
    const missing = await failure(h.call('receptions.return', { id: ok.receptionId!, reboundOrderId: 999999 }))
    expect(missing.code).toBe('not_found')
    expect(missing.detail).toBe('No se encontró la orden de compra')
    expect((await h.call('receptions.return', { id: ok.receptionId!, reboundOrderId: 7003 })).voided).toBe(true)
  })

  it('finds orders by number, reference and supplier, and gives the agencies goods may enter', async () => {
    expect((await h.call('purchaseOrders.search', { query: 'PED-5531' })).map((o) => o.id)).toEqual([7003])
    expect((await h.call('purchaseOrders.search', { query: 'cosecha' })).map((o) => o.id)).toEqual([7003])
    expect((await h.call('purchaseOrders.search', { query: 'OC-101-00004' })).map((o) => o.id)).toEqual([7004])
    const ctx = await h.call('purchasing.context')
    expect(ctx.agencies.map((a) => a.id)).toEqual([301, 302, 303, 304])
  })

  it('passes a service failure on as server, and nothing is received', async () => {
    const draft = await h.call('receptions.draft', { orderId: 7003 })
    const other = draft.lines.find((l) => !l.perishable)!
    sandbox.setFaults({ errorShare: 1 })
    try {
      const err = await failure(
        h.call('receptions.create', {
          orderId: 7003,
          agencyId: 301,
          lines: [{ itemId: other.itemId, purchaseOrderDetailId: other.purchaseOrderDetailId, quantity: '1' }],
        }),
      )
      expect(err.code).toBe('server')
    } finally {
      sandbox.setFaults({ errorShare: 0 })
    }
    expect(await h.call('receptions.ofOrder', { orderId: 7003 })).toEqual([])
  })
})
