import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { PurchaseOrder, Reception, ReceptionDraft } from '@shared/purchasing'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'

// The reception screen's controller without a browser: the stores against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
vi.stubGlobal('window', {})
const { useReceptionForm } = await import('@renderer/areas/purchasing/composables/useReceptionForm')
const { usePreferencesStore } = await import('@renderer/stores/preferences')

const line = (id: number, itemId: number, code: string, pending: string) => ({
  id,
  itemId,
  itemCode: code,
  itemName: `Producto ${code}`,
  quantity: pending,
  receivedQuantity: '0',
  pendingQuantity: pending,
  price: '1',
  total: pending,
})
const order: PurchaseOrder = {
  id: 7001,
  idNumber: 'OC-101-00001',
  reference: 'PED-5480',
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
  lines: [line(1, 11, 'CER-00001', '5'), line(2, 12, 'AZU-00002', '12')],
}
const draft: ReceptionDraft = {
  order,
  agencyId: 301,
  receivedAt: '2026-11-28',
  exchangeRate: null,
  foreignCurrency: false,
  lines: order.lines!.map((l) => ({
    itemId: l.itemId,
    itemCode: l.itemCode,
    itemName: l.itemName,
    purchaseOrderDetailId: l.id,
    orderedQuantity: l.quantity,
    receivedQuantity: l.receivedQuantity,
    pendingQuantity: l.pendingQuantity,
    perishable: false,
    lotExpires: null,
  })),
}
const saved: Reception = {
  id: 9,
  purchaseOrderId: 7001,
  agencyId: 301,
  invoiceNumber: null,
  memo: null,
  received: true,
  receivedAt: '2026-11-28T10:00:00.000Z',
  voided: false,
  voidedAt: null,
  exchangeRate: null,
  lines: [],
}

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
  answers.set('purchasing.context', () => ({ agencies: [{ id: 301, name: 'Central' }], userAgencyId: 301 }))
  answers.set('company.currency', () => null)
  answers.set('receptions.draft', () => draft)
  answers.set('receptions.ofOrder', () => [])
  answers.set('preferences.set', (patch) => ({ ...usePreferencesStore().preferences, ...(patch as object) }))
})
const creates = () => sent.filter((r) => r.name === 'receptions.create').map((r) => r.input)

describe('the reception of a purchase order, as its screen drives it', () => {
  it('starts every line at 0 when counting by scanning; a scan of a code on the order counts it, one not on it is refused', async () => {
    const reception = useReceptionForm(() => 7001)
    expect(await reception.load()).toBe(true)
    expect(reception.form.value!.lines.map((l) => l.quantity)).toEqual(['0', '0'])
    expect(reception.dirty.value).toBe(false)

    expect(await reception.scan('cer-00001', '3')).toMatchObject({ detailId: 1, quantity: '3' })
    expect(reception.scanNote.value).toEqual({
      type: 'success',
      key: 'counted',
      params: { item: 'CER-00001 — Producto CER-00001', quantity: '3', pending: '5' },
    })
    expect(reception.lastScan.value).toBe(1)
    expect(reception.dirty.value).toBe(true)
    await reception.scan('CER-00001', '3')
    expect(reception.scanNote.value).toMatchObject({ type: 'warning', key: 'over' })

    answers.set('counter.scan', () => ({ kind: 'item', item: { item: { id: 99, code: 'SAL-00099', name: 'Sal' } } }))
    expect(await reception.scan('7401234567895', '1')).toBeNull()
    expect(reception.scanNote.value).toEqual({ type: 'error', key: 'notOnOrder', params: { item: 'SAL-00099 — Sal' } })
    expect(reception.tally.value).toMatchObject({ counted: '6', pending: '17', linesDone: 0, lines: 2 })

    // The catalogue on this computer could not be asked (its file damaged): not checked, never "unknown code".
    answers.set('counter.scan', () => {
      throw new AppError('internal', { detail: 'SqliteError: database disk image is malformed' })
    })
    expect(await reception.scan('7401234567895', '1')).toBeNull()
    expect(reception.scanNote.value).toEqual({ type: 'error', key: 'notChecked', params: { code: '7401234567895' } })
    expect(reception.tally.value).toMatchObject({ counted: '6', pending: '17' })
  })

  it('counts a scanner’s codes in the order scanned, and a scan answered once the saving began counts nothing', async () => {
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    const quantities = () => reception.form.value!.lines.map((l) => l.quantity)
    // A barcode the catalogue on this computer answers slowly, then a code of the order's own, known at once.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    answers.set('counter.scan', async () => {
      await answered
      return { kind: 'item', item: { item: { id: 12, code: 'AZU-00002', name: 'Azúcar' } } }
    })
    const barcode = reception.scan('7401234567895', '2')
    const own = reception.scan('CER-00001', '1')
    answer()
    expect(await barcode).toMatchObject({ detailId: 2, quantity: '2' })
    expect(await own).toMatchObject({ detailId: 1, quantity: '1' })
    expect(reception.lastScan.value).toBe(1)
    expect(reception.scanNote.value).toMatchObject({ key: 'counted', params: { item: 'CER-00001 — Producto CER-00001' } })

    // Its answer comes while the reception is being saved: the counts sent stay what the clerk saw.
    answers.set('receptions.create', () => new Promise(() => undefined))
    const late = reception.scan('7401234567895', '5')
    void reception.save(true)
    answer()
    expect(await late).toBeNull()
    expect(quantities()).toEqual(['1', '2'])
    expect(creates()).toHaveLength(1)
  })

  it('offers nothing to receive again from what was pending when the order could not be read after a reception', async () => {
    usePreferencesStore().preferences.receptionCount = 'prefilled'
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    // The service recorded the reception, and the line dropped before the order could be read back, or again.
    answers.set('receptions.create', () => ({ order: null, receptionId: 9, reception: saved }))
    answers.set('receptions.draft', () => {
      throw new AppError('network')
    })
    expect(await reception.save()).toBe('savedOrderUnread')
    expect(creates()).toHaveLength(1)
    // The old pending (5 and 12) is not offered as a new reception: a second save would receive it twice.
    expect(reception.form.value).toBeNull()
    expect(reception.loading.error.value?.code).toBe('network')
    expect(await reception.save()).toBeUndefined()
    expect(creates()).toHaveLength(1)

    // Read again, the order says what is left.
    const after = { ...draft, lines: draft.lines.map((l) => ({ ...l, receivedQuantity: l.pendingQuantity, pendingQuantity: '0' })) }
    answers.set('receptions.draft', () => after)
    expect(await reception.load()).toBe(true)
    expect(reception.form.value!.lines.map((l) => l.pending)).toEqual(['0', '0'])
    expect(reception.nothingPending.value).toBe(true)
  })

  it('starts from what is pending when pre-filled, and changing the way of counting with nothing typed starts the lines again', async () => {
    usePreferencesStore().preferences.receptionCount = 'prefilled'
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    expect(reception.form.value!.lines.map((l) => l.quantity)).toEqual(['5', '12'])
    expect(await reception.setCountMode('scan')).toBe('applied')
    expect(reception.form.value!.lines.map((l) => l.quantity)).toEqual(['0', '0'])
    await reception.scan('AZU-00002', '1')
    expect(await reception.setCountMode('prefilled')).toBe('appliesNext')
    expect(reception.form.value!.lines.map((l) => l.quantity)).toEqual(['0', '1'])
  })

  it('sends nothing while a problem stands, and shows the problems only after the attempt', async () => {
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    expect(reception.shownProblems.value.header).toEqual([])
    expect(await reception.save()).toBeUndefined()
    expect(reception.shownProblems.value.header).toEqual(['nothingReceived'])
    expect(creates()).toEqual([])
  })

  it('receives what was counted and starts the next reception from what is still pending', async () => {
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    await reception.scan('CER-00001', '5')
    const after = { ...order, lines: [{ ...order.lines![0]!, receivedQuantity: '5', pendingQuantity: '0' }, order.lines![1]!] }
    answers.set('receptions.create', () => ({ order: after, receptionId: 9, reception: saved }))
    // AZU-00002 is left at 0: the summary asks first, and only its confirmation sends.
    expect(await reception.save()).toBe('review')
    expect(creates()).toEqual([])
    expect(await reception.save(true)).toBe('savedPartly')
    expect(reception.reviewing.value).toBe(false)
    expect(creates()).toEqual([
      expect.objectContaining({
        orderId: 7001,
        agencyId: 301,
        lines: [expect.objectContaining({ purchaseOrderDetailId: 1, quantity: '5' })],
      }),
    ])
    expect(reception.form.value!.lines.map((l) => [l.pending, l.quantity])).toEqual([
      ['0', '0'],
      ['12', '0'],
    ])
    expect(reception.dirty.value).toBe(false)
  })

  it('keeps what was typed when the answer is lost, and reads the order receptions again', async () => {
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    await reception.scan('CER-00001', '2')
    answers.set('receptions.create', () => {
      throw new AppError('unknown_outcome', { detail: 'lost' })
    })
    sent.length = 0
    expect(await reception.save(true)).toBeUndefined()
    expect(reception.saving.error.value?.code).toBe('unknown_outcome')
    expect(reception.form.value!.lines[0]!.quantity).toBe('2')
    await vi.waitFor(() => expect(sent.map((r) => r.name)).toContain('receptions.ofOrder'))
  })

  it('sums up before registering: each line counted short, and each lot expired or expiring within the warning days', async () => {
    const perishable = (expires: string) => ({ ...draft.lines[1]!, perishable: true, lotExpires: expires })
    answers.set('receptions.draft', () => ({ ...draft, lines: [draft.lines[0]!, perishable('2025-01-15')] }))
    const reception = useReceptionForm(() => 7001)
    await reception.load()
    await reception.scan('CER-00001', '5')
    await reception.scan('AZU-00002', '12')
    reception.form.value!.lines[1]!.lotName = 'L-VIEJO'
    expect(reception.summary.value.shortfalls).toEqual([])
    expect(reception.summary.value.lots).toEqual([expect.objectContaining({ detailId: 2, state: 'expired' })])
    expect(await reception.save()).toBe('review')
    expect(reception.reviewing.value).toBe(true)
    expect(creates()).toEqual([])

    // A date within the warning days is "near"; counted short, the line is listed with what is missing.
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    reception.form.value!.lines[1]!.lotExpires = soon
    reception.form.value!.lines[0]!.quantity = '3'
    expect(reception.summary.value.lots).toEqual([expect.objectContaining({ detailId: 2, state: 'near' })])
    expect(reception.summary.value.shortfalls).toEqual([expect.objectContaining({ detailId: 1, counted: '3', missing: '2' })])

    // Fresh and whole: nothing to confirm.
    reception.form.value!.lines[1]!.lotExpires = '2999-01-01'
    reception.form.value!.lines[0]!.quantity = '5'
    answers.set('receptions.create', () => ({ order: null, receptionId: 9, reception: saved }))
    expect(await reception.save()).toBe('savedOrderUnread')
  })
})
