import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { PurchaseOrder, Reception, ReceptionDraft } from '@shared/purchasing'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'

// The store's one door to the main process, counted: a command costs its own request and nothing more (issue 13).
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const calls = () => sent.map((r) => r.name)
const { usePurchasingStore } = await import('@renderer/areas/purchasing/stores/purchasing')

const order: PurchaseOrder = {
  id: 7003,
  idNumber: 'OC-101-00003',
  reference: 'PED-5531',
  issueDate: '2026-10-12',
  supplier: 'Agroinsumos',
  payeeId: 6003,
  currency: { id: 1, code: 'GTQ', symbol: 'Q' },
  exchangeRate: null,
  subtotal: '0',
  total: '0',
  due: '0',
  authorized: true,
  received: false,
  paid: false,
  voided: false,
  import: false,
  consolidateId: null,
  agencyId: 301,
  lines: [
    {
      id: 2,
      itemId: 12,
      itemCode: 'B',
      itemName: 'Pala',
      quantity: '6.0',
      receivedQuantity: '0.0',
      pendingQuantity: '6',
      price: '1',
      total: '6',
    },
  ],
}
const draft: ReceptionDraft = {
  order,
  agencyId: 301,
  receivedAt: '2026-11-24',
  exchangeRate: null,
  foreignCurrency: false,
  lines: [
    {
      itemId: 12,
      itemCode: 'B',
      itemName: 'Pala',
      purchaseOrderDetailId: 2,
      orderedQuantity: '6.0',
      receivedQuantity: '0.0',
      pendingQuantity: '6.0',
      perishable: false,
      lotExpires: null,
    },
  ],
}
const reception = (id: number, voided = false): Reception => ({
  id,
  purchaseOrderId: 7003,
  agencyId: 301,
  invoiceNumber: null,
  memo: null,
  received: !voided,
  receivedAt: '2026-11-24T20:30:00.000Z',
  voided,
  voidedAt: null,
  exchangeRate: null,
  lines: [
    {
      id: 1,
      itemId: 12,
      purchaseOrderDetailId: 2,
      quantity: '4',
      lotId: 5,
      lotName: null,
      lotExpires: null,
      availableNow: voided ? '0' : '4',
    },
  ],
})
const receive = { orderId: 7003, agencyId: 301, lines: [{ itemId: 12, purchaseOrderDetailId: 2, quantity: '4' }] }

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
  answers.set('receptions.draft', () => draft)
  answers.set('receptions.ofOrder', () => [reception(1)])
})

describe('the purchasing store', () => {
  it('records a reception with one request and applies its answer: what is pending now, the new reception first', async () => {
    const store = usePurchasingStore()
    await store.loadReceptionOrder(7003)
    sent.length = 0
    const now = { ...order, lines: [{ ...order.lines![0]!, receivedQuantity: '4.0', pendingQuantity: '2' }] }
    answers.set('receptions.create', () => ({ order: now, receptionId: 2, reception: reception(2) }))
    await store.receive(receive)
    expect(calls()).toEqual(['receptions.create'])
    expect(store.draft!.lines[0]).toMatchObject({ receivedQuantity: '4.0', pendingQuantity: '2' })
    expect(store.receptionsOfOrder.map((r) => r.id)).toEqual([2, 1])
  })

  it('forgets what was pending when the service recorded the reception but the order could not be read back', async () => {
    const store = usePurchasingStore()
    await store.loadReceptionOrder(7003)
    sent.length = 0
    answers.set('receptions.create', () => ({ order: null, receptionId: 2, reception: reception(2) }))
    await store.receive(receive)
    expect(calls()).toEqual(['receptions.create'])
    expect(store.draft).toBeNull()
    expect(store.receptionsOfOrder.map((r) => r.id)).toEqual([2, 1])
    // Read again, the order's receptions stay on screen while it is read.
    answers.set('receptions.draft', () => new Promise(() => undefined))
    void store.loadReceptionOrder(7003)
    expect(store.receptionsOfOrder.map((r) => r.id)).toEqual([2, 1])
  })

  it('returns a reception with one request; the answer (voided, stock now) replaces it on both screens', async () => {
    const store = usePurchasingStore()
    await store.loadReceptionOrder(7003)
    answers.set('receptions.get', () => reception(1))
    answers.set('purchaseOrders.get', () => order)
    await store.loadReception(1)
    sent.length = 0
    answers.set('receptions.return', () => reception(1, true))
    await store.returnReception(1)
    expect(calls()).toEqual(['receptions.return'])
    expect(store.reception).toMatchObject({ voided: true, lines: [{ availableNow: '0' }] })
    expect(store.receptionsOfOrder[0]!.voided).toBe(true)
  })

  it('keeps a reception whose order cannot be read, says the order failed, and reads the order alone again', async () => {
    const store = usePurchasingStore()
    answers.set('receptions.get', () => reception(1))
    answers.set('purchaseOrders.get', () => {
      throw new AppError('network')
    })
    await store.loadReception(1)
    expect(store.reception!.id).toBe(1)
    expect(store.receptionOrder).toBeNull()
    expect(store.orderRead.error?.code).toBe('network')

    answers.set('purchaseOrders.get', () => order)
    sent.length = 0
    await store.orderRead.load()
    expect(calls()).toEqual(['purchaseOrders.get'])
    expect(store.receptionOrder!.supplier).toBe('Agroinsumos')
    expect(store.orderRead.error).toBeNull()
  })

  it('creates, renames and deletes a consolidate with one request each, and the list follows', async () => {
    const store = usePurchasingStore()
    answers.set('consolidates.list', () => [])
    await store.loadConsolidates()
    sent.length = 0
    const made = {
      id: 8001,
      name: 'Contenedor',
      description: null,
      specialInvoice: false,
      idNumber: null,
      itemId: null,
      chargeTermId: null,
      issuedAt: null,
      createdAt: null,
      updatedAt: null,
      orders: [order],
    }
    answers.set('consolidates.create', () => made)
    answers.set('consolidates.update', () => ({ ...made, name: 'Contenedor 2' }))
    answers.set('consolidates.delete', () => ({ deleted: true }))
    await store.createConsolidate({ name: 'Contenedor', orderIds: [7003] })
    expect(store.consolidates).toEqual([{ id: 8001, name: 'Contenedor', idNumber: null, createdAt: null, orderCount: 1 }])
    await store.updateConsolidate(8001, { name: 'Contenedor 2' })
    expect(store.consolidates[0]!.name).toBe('Contenedor 2')
    await store.deleteConsolidate(8001)
    expect(store.consolidates).toEqual([])
    expect(calls()).toEqual(['consolidates.create', 'consolidates.update', 'consolidates.delete'])
  })

  it("takes the currency the shell read, and reads it itself only when the shell's read failed", async () => {
    const currency = { id: 1, code: 'GTQ', symbol: 'Q', country: 'GT' }
    answers.set('purchasing.context', () => ({ agencies: [], userAgencyId: null }))
    answers.set('company.currency', () => currency)
    const store = usePurchasingStore()
    // Nothing read yet (the shell's read failed): the context asks for it beside its own read.
    await store.loadContext()
    await vi.waitFor(() => expect(store.entityCurrency).toEqual(currency))
    expect(calls()).toEqual(['company.currency', 'purchasing.context'])
  })

  it('does not read the currency again when the shell has it', async () => {
    const { useEntityCurrencyStore } = await import('@renderer/stores/entityCurrency')
    const currency = { id: 1, code: 'GTQ', symbol: 'Q', country: 'GT' }
    useEntityCurrencyStore().currency = currency
    answers.set('purchasing.context', () => ({ agencies: [], userAgencyId: null }))
    const store = usePurchasingStore()
    await store.loadContext()
    expect(store.entityCurrency).toEqual(currency)
    expect(calls()).toEqual(['purchasing.context'])
  })

  it('asks the context once for every screen, and again only after a failure', async () => {
    const store = usePurchasingStore()
    let fail = true
    answers.set('purchasing.context', () => {
      if (fail) throw new Error('offline')
      return { agencies: [{ id: 301, name: 'Bodega Central' }], userAgencyId: 301 }
    })
    await expect(store.loadContext()).rejects.toThrow('offline')
    fail = false
    await Promise.all([store.loadContext(), store.loadContext()])
    await store.loadContext()
    expect(calls().filter((c) => c === 'purchasing.context')).toEqual(['purchasing.context', 'purchasing.context'])
    expect(store.agencyName(301)).toBe('Bodega Central')
  })

  it('names a scanned code as an item first (a bundle’s barcode may repeat an item’s), and as a bundle only when no item has it', async () => {
    const store = usePurchasingStore()
    const item = {
      id: 12,
      code: 'B',
      name: 'Pala',
      ean13: '7400000000012',
      measurement_unit: null,
      item_category_id: null,
      available: null,
    }
    answers.set('counter.scan', (input) => {
      const { code, kind } = input as { code: string; kind?: string }
      if (code === '7400000000012' && kind === 'item') return { kind: 'item', code, item: { item, lots: [] } }
      if (code === 'PAQ' && kind === 'bundle')
        return {
          kind: 'bundle',
          code,
          bundle: { id: 1, code, name: 'Paquete', categoryBundle: false, itemCategoryId: null },
          components: [],
          choices: [],
        }
      if (code === 'VIEJO' && kind === 'bundle') return { kind: 'refused', code, reason: 'inactive', name: 'VIEJO Paquete viejo' }
      return { kind: 'unknown', code }
    })
    expect(await store.identify('7400000000012')).toEqual({ kind: 'item', itemId: 12, code: 'B', name: 'Pala' })
    expect(await store.identify('PAQ')).toEqual({ kind: 'bundle', code: 'PAQ' })
    // An inactive bundle (the counter refuses it) is still a bundle here: receptions count items only.
    expect(await store.identify('VIEJO')).toEqual({ kind: 'bundle', code: 'VIEJO' })
    expect(await store.identify('nada')).toEqual({ kind: 'unknown', code: 'nada' })
  })

  it('says a code is unknown because the catalogue has not arrived, without asking for it as a bundle', async () => {
    const store = usePurchasingStore()
    const asked: unknown[] = []
    answers.set('counter.scan', (input) => {
      asked.push(input)
      return { kind: 'unknown', code: (input as { code: string }).code, noCatalogueYet: true }
    })
    expect(await store.identify('7400000000012')).toEqual({ kind: 'unknown', code: '7400000000012', noCatalogueYet: true })
    expect(asked).toEqual([{ code: '7400000000012', kind: 'item' }])
  })
})
