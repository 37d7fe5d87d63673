import { fakeService as fake } from '../../../support/fakeApi/mockedApi' // first: the api is replaced before the core loads
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PurchaseOrder, ReceptionInput } from '@shared/purchasing'
import { failureOf as failure } from '../../../support/fakeApi/failureOf'
import { fakeCore, type FakeCore } from '../../../support/fakeApi/fakeCore'
import { agencies, items } from '../../../support/fakeApi/shopCatalogue'

// Receiving goods: the service's rules around a write that goes straight to the service (test/support/fakeApi).

const ORDER = 500
const LINE = 501

function orderOfTenScrews(): PurchaseOrder {
  return {
    id: ORDER,
    idNumber: 'OC-500',
    reference: null,
    issueDate: '2026-02-20',
    supplier: 'Tornillos S.A.',
    payeeId: 40,
    currency: null,
    exchangeRate: null,
    subtotal: '100',
    total: '100',
    due: '100',
    authorized: true,
    received: false,
    paid: null,
    voided: false,
    import: false,
    consolidateId: null,
    agencyId: agencies.central,
    lines: [
      {
        id: LINE,
        itemId: items.screw,
        itemCode: 'TORN-1',
        itemName: 'Tornillo',
        quantity: '10',
        receivedQuantity: '0',
        pendingQuantity: '10',
        price: '10',
        total: '100',
      },
    ],
  }
}

const receiving = (quantity: string): ReceptionInput => ({
  orderId: ORDER,
  agencyId: agencies.central,
  lines: [{ itemId: items.screw, purchaseOrderDetailId: LINE, quantity }],
})

let core: FakeCore
// 20:30 in Guatemala, already the next day in UTC.
const clock = { now: new Date('2026-03-03T02:30:00Z') }
beforeEach(async () => {
  fake.reset()
  fake.orders.set(ORDER, orderOfTenScrews())
  core = fakeCore(clock)
  await core.profile.whoami()
})
afterEach(() => core.close())

describe('receiving goods', () => {
  it('receives a short count, dated the clerk’s day, and shows what is still pending', async () => {
    const result = await core.purchasing.receive(receiving('6'))
    expect(result.reception).toMatchObject({ receivedAt: '2026-03-02', lines: [{ quantity: '6' }] })
    expect(result.receptionId).toBe(result.reception?.id)
    expect(result.order?.lines?.[0]).toMatchObject({ receivedQuantity: '6', pendingQuantity: '4' })
    expect(result.order?.received).toBe(false)
  })

  it('marks the order received once the rest comes', async () => {
    await core.purchasing.receive(receiving('6'))
    const rest = await core.purchasing.receive(receiving('4'))
    expect(rest.order?.received).toBe(true)
    expect(rest.reception?.lines[0]?.quantity).toBe('4')
  })

  it('passes the service’s refusal of more than is pending on with its line, and nothing is received', async () => {
    expect(await failure(core.purchasing.receive(receiving('11')))).toEqual({ code: 'validation', field: 'lines[0].quantity' })
    expect(fake.receptions.size).toBe(0)
  })

  it('finds the reception whose answer was lost instead of inviting a second one', async () => {
    fake.failNext('createReception', { kind: 'lost' })
    const result = await core.purchasing.receive(receiving('6'))
    expect(result.receptionId).not.toBeNull()
    expect(result.order?.lines?.[0]?.pendingQuantity).toBe('4')
    expect(fake.receptions.size).toBe(1)
  })

  it('says offline when the service cannot be reached, and receives nothing', async () => {
    fake.failNext('createReception', { kind: 'offline' })
    expect(await failure(core.purchasing.receive(receiving('6')))).toEqual({ code: 'network', field: null })
    expect(fake.orders.get(ORDER)?.lines?.[0]?.pendingQuantity).toBe('10')
  })

  it('reports a failing service as such when no reception was made', async () => {
    fake.failNext('createReception', { kind: 'server' })
    expect(await failure(core.purchasing.receive(receiving('6')))).toEqual({ code: 'server', field: null })
    expect(fake.receptions.size).toBe(0)
  })
})
