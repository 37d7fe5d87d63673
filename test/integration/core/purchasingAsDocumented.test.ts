import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { orderState } from '@shared/purchasing'
import { documentedRest, type DocumentedRecord } from '../../support/documentedRest'
import type { Interception } from '../../support/interceptingProxy'
import { useProxiedSession } from '../../support/proxiedSession'

// Purchasing as a real shop's service answers it (issue 29, items 2 and 3): every REST answer cut to
// the fields public material shows (test/support/documentedRest.ts) by a proxy, whatever the
// sandbox's extensions, so nothing the sandbox adds can carry a flow. What the REST records do not
// show (an order's lines, a reception's lines, a consolidate's orders) comes from GraphQL.
const session = useProxiedSession()

/** The answer with only the record's documented fields (each entry of a list likewise). */
function documented(record: DocumentedRecord) {
  const keep = (v: unknown): unknown =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).filter(([k]) => documentedRest[record].fields.includes(k)))
      : v
  return (answer: unknown) => (Array.isArray(answer) ? answer.map(keep) : keep(answer))
}

const routes: [method: string, path: RegExp, record: DocumentedRecord][] = [
  ['GET', /^\/purchases\/purchase_orders\/\d+\/receptions\/new\.json/, 'reception'],
  ['GET', /^\/purchases\/receptions\/\d+(\/rebound)?\.json/, 'reception'],
  ['GET', /^\/purchases\/purchase_orders\/\d+\.json/, 'purchaseOrder'],
  ['GET', /^\/purchases\/consolidates\/(new|new_for_special_invoice)\.json/, 'purchaseOrder'],
  ['GET', /^\/purchases\/consolidates\/\d+\.json/, 'consolidate'],
  ['PUT', /^\/purchases\/consolidates\/\d+\.json/, 'consolidate'],
]

/** Every purchasing answer as documented; `also` decides first for the requests a test treats otherwise. */
function asDocumented(also: (req: IncomingMessage) => Interception | null = () => null) {
  return (req: IncomingMessage): Interception | null => {
    const own = also(req)
    if (own) return own
    const route = routes.find(([method, path]) => req.method === method && path.test(req.url ?? ''))
    return route ? { reshape: documented(route[2]), afterForward: true } : null
  }
}

const isCreate = (req: IncomingMessage) =>
  req.method === 'POST' && /^\/purchases\/consolidates(\/create_for_special_invoice)?\.json/.test(req.url ?? '')
/** The SDK types a consolidate create's answer as `{id}`: the rest of the record is left out. */
const onlyId: Interception = {
  reshape: (answer) => ({ id: (answer as { id: unknown }).id }),
  afterForward: true,
}

describe('a reception of an order read from GraphQL only', () => {
  it('offers the order’s lines with what is pending, receives goods into a lot, shows it with its stock and returns it', async () => {
    await session.sandbox.reset()
    const h = session.h
    await session.proxy.during(asDocumented(), async () => {
      const draft = await h.call('receptions.draft', { orderId: 7003 })
      expect(draft.lines.map((l) => [Number(l.pendingQuantity), l.perishable])).toEqual([
        [12, true],
        [6, false],
      ])
      const perishable = draft.lines[0]!
      // The expiry the order gives the goods (purchase_order_details.expire_date) is the lot's default.
      expect(perishable.lotExpires).toMatch(/^\d{4}-\d{2}-\d{2}$/)

      const received = await h.call('receptions.create', {
        orderId: 7003,
        agencyId: draft.agencyId!,
        lines: [
          {
            itemId: perishable.itemId,
            purchaseOrderDetailId: perishable.purchaseOrderDetailId,
            quantity: '5',
            lotName: 'L-DOC-1',
            lotExpires: perishable.lotExpires,
          },
        ],
      })
      expect(received.order!.lines!.find((l) => l.id === perishable.purchaseOrderDetailId)!.pendingQuantity).toBe('7')
      const shown = await h.call('receptions.get', { id: received.receptionId! })
      expect(shown.lines).toEqual([
        expect.objectContaining({ itemId: perishable.itemId, quantity: '5', lotName: 'L-DOC-1', lotExpires: perishable.lotExpires }),
      ])
      expect(Number(shown.lines[0]!.availableNow)).toBe(5)

      const returned = await h.call('receptions.return', { id: received.receptionId! })
      expect(returned.voided).toBe(true)
      expect(Number(returned.lines[0]!.availableNow)).toBe(0)
    })
  })

  it('takes a foreign order’s exchange rate from the order, not from the reception’s defaults', async () => {
    await session.sandbox.reset()
    const draft = await session.proxy.during(asDocumented(), () => session.h.call('receptions.draft', { orderId: 7002 }))
    expect(draft).toMatchObject({ foreignCurrency: true, exchangeRate: 7.75, order: { currency: { code: 'USD' }, paid: false } })
    expect(draft.lines).toHaveLength(1)
  })
})

describe('a consolidate as the real service answers it', () => {
  it('created with an answer of {id} alone is shown with its orders, read through GraphQL', async () => {
    await session.sandbox.reset()
    const input = { name: 'Contenedor por id', orderIds: [7001, 7002] }
    const created = await session.proxy.during(
      asDocumented((req) => (isCreate(req) ? onlyId : null)),
      () => session.h.call('consolidates.create', input),
    )
    expect(created).toMatchObject({ name: input.name, specialInvoice: false })
    expect(created.orders.map((o) => [o.id, o.supplier, o.currency?.code])).toEqual([
      [7001, 'Cementos del Norte S.A.', 'GTQ'],
      [7002, 'Importadora Pacífico Ltd.', 'USD'],
    ])
    const shown = await session.proxy.during(asDocumented(), () => session.h.call('consolidates.get', { id: created.id }))
    expect(shown.orders.map((o) => o.id)).toEqual(input.orderIds)
    // The REST order says what GraphQL does not: the rate of the import.
    expect(shown.orders[1]!.exchangeRate).toBe(7.75)
  })

  it('for a special invoice answered {id} alone, is shown with its number and orders', async () => {
    await session.sandbox.reset()
    const input = { name: 'Factura especial por id', orderIds: [7005], special: true }
    const created = await session.proxy.during(
      asDocumented((req) => (isCreate(req) ? onlyId : null)),
      () => session.h.call('consolidates.create', input),
    )
    expect(created).toMatchObject({ specialInvoice: true, idNumber: 'FESP-101-000001', orders: [expect.objectContaining({ id: 7005 })] })
  })

  it('whose create answer was lost is found once, with its orders, and never made twice', async () => {
    await session.sandbox.reset()
    const input = { name: 'Contenedor sin respuesta', orderIds: [7001, 7003] }
    const created = await session.proxy.during(
      asDocumented((req) => (isCreate(req) ? { drop: true, afterForward: true } : null)),
      () => session.h.call('consolidates.create', input),
    )
    expect(created.orders.map((o) => o.id)).toEqual(input.orderIds)
    expect((await session.h.call('consolidates.list')).filter((c) => c.name === input.name)).toHaveLength(1)
  })

  it('lists candidates with supplier and currency named through GraphQL', async () => {
    await session.sandbox.reset()
    const candidates = await session.proxy.during(asDocumented(), () => session.h.call('consolidates.candidates', { special: false }))
    expect(candidates.find((o) => o.id === 7002)).toMatchObject({
      supplier: 'Importadora Pacífico Ltd.',
      currency: { code: 'USD' },
      exchangeRate: 7.75,
    })
    // Issue 30, item 5: the order partly received reads so in the candidates too, as on the order's own screen.
    expect(orderState(candidates.find((o) => o.id === 7004)!)).toBe('partlyReceived')
  })
})
