import { describe, expect, it } from 'vitest'
import type { ReceptionDraft } from '@shared/purchasing'
import {
  checkForm,
  countScan,
  countTally,
  draftAfterReception,
  formFromDraft,
  lineByCode,
  overCounted,
  readQuantity,
  receptionInput,
} from '@renderer/areas/purchasing/receptionForm'
import { readScanCount } from '@shared/scanCount'

const draft: ReceptionDraft = {
  order: {
    id: 7003,
    idNumber: 'OC-101-00003',
    reference: 'PED-5531',
    issueDate: '2026-10-12',
    supplier: 'Agroinsumos',
    payeeId: 6003,
    currency: { id: 1, code: 'GTQ', symbol: 'Q' },
    exchangeRate: null,
    subtotal: '379.8',
    total: '425.38',
    due: '425.38',
    authorized: true,
    received: false,
    paid: false,
    voided: false,
    import: false,
    consolidateId: null,
    agencyId: 301,
    lines: null,
  },
  agencyId: 301,
  receivedAt: '2026-11-23',
  exchangeRate: null,
  foreignCurrency: false,
  lines: [
    {
      itemId: 11,
      itemCode: 'A',
      itemName: 'Semilla',
      purchaseOrderDetailId: 1,
      orderedQuantity: '12.0',
      receivedQuantity: '0.0',
      pendingQuantity: '12.0',
      perishable: true,
      lotExpires: '2027-04-10',
    },
    {
      itemId: 12,
      itemCode: 'B',
      itemName: 'Pala',
      purchaseOrderDetailId: 2,
      orderedQuantity: '6.0',
      receivedQuantity: '2.5',
      pendingQuantity: '3.5',
      perishable: false,
      lotExpires: null,
    },
  ],
}

describe('the reception form', () => {
  it('starts each delivered quantity at what is pending, written plainly', () => {
    const form = formFromDraft(draft, null)
    expect(form.lines.map((l) => l.quantity)).toEqual(['12', '3.5'])
    expect(form.agencyId).toBe(301)
  })

  it('reads a decimal comma, and refuses text', () => {
    expect(readQuantity('2,5')?.toString()).toBe('2.5')
    expect(readQuantity('')?.toString()).toBe('0')
    expect(readQuantity('dos')).toBeNull()
  })

  it('starts a perishable line’s expiry at the one the order gives its goods', () => {
    expect(formFromDraft(draft, null).lines.map((l) => l.lotExpires)).toEqual(['2027-04-10', null])
  })

  it('asks for lot and expiry only on perishable lines that receive something, and refuses more than pending', () => {
    const form = formFromDraft(draft, null)
    expect(checkForm(form, false).lines).toEqual({ 1: ['lotRequired'] })
    form.lines[0]!.lotExpires = null
    expect(checkForm(form, false).lines).toEqual({ 1: ['lotRequired', 'expiryRequired'] })
    form.lines[0]!.quantity = '0'
    form.lines[1]!.quantity = '3,6'
    expect(checkForm(form, false).lines).toEqual({ 2: ['overPending'] })
    form.lines[1]!.quantity = '0'
    expect(checkForm(form, false).header).toEqual(['nothingReceived'])
  })

  it('sends only the lines with something delivered, exact decimals, and the rate only for a foreign order', () => {
    const form = formFromDraft(draft, null)
    form.lines[0]!.quantity = '0'
    form.lines[1]!.quantity = '0,1'
    form.exchangeRate = '7.8'
    expect(receptionInput(7003, form, false)).toMatchObject({
      orderId: 7003,
      agencyId: 301,
      exchangeRate: null,
      lines: [{ itemId: 12, purchaseOrderDetailId: 2, quantity: '0.1', lotName: null, lotExpires: null }],
    })
    expect(receptionInput(7003, form, true).exchangeRate).toBe('7.8')
    form.exchangeRate = '0'
    expect(checkForm(form, true).header).toEqual(['rateInvalid'])
  })
})

describe('counting a reception by scanning', () => {
  it('starts every line at 0, and each scan adds to its line; an item on no line of the order is refused', () => {
    const form = formFromDraft(draft, null, 'scan')
    expect(form.lines.map((l) => l.quantity)).toEqual(['0', '0'])
    expect(countScan(form, 12, '1')).toMatchObject({ kind: 'counted', over: false })
    expect(countScan(form, 12, '2.5')).toMatchObject({ kind: 'counted', over: false })
    expect(form.lines.map((l) => l.quantity)).toEqual(['0', '3.5'])
    expect(countTally(form)).toEqual({ counted: '3.5', pending: '15.5', linesDone: 1, lines: 2 })
    expect(countScan(form, 99, '1')).toEqual({ kind: 'notOnOrder' })
    expect(form.lines.map((l) => l.quantity)).toEqual(['0', '3.5'])
  })

  it('counts past what the order still expects, and says so (the save then points at the line)', () => {
    const form = formFromDraft(draft, null, 'scan')
    countScan(form, 12, '3.5')
    const past = countScan(form, 12, '1')
    expect(past).toMatchObject({ kind: 'counted', over: true })
    expect(form.lines[1]!.quantity).toBe('4.5')
    expect(overCounted(form.lines[1]!)).toBe(true)
    expect(checkForm(form, false).lines).toEqual({ 2: ['overPending'] })
  })

  it('fills an item ordered on two lines in order, the last one taking what is over', () => {
    const twice: ReceptionDraft = {
      ...draft,
      lines: [draft.lines[1]!, { ...draft.lines[1]!, purchaseOrderDetailId: 3, pendingQuantity: '1.0' }],
    }
    const form = formFromDraft(twice, null, 'scan')
    countScan(form, 12, '4')
    countScan(form, 12, '1')
    countScan(form, 12, '1')
    // 3.5 pending on the first, 1 on the second: four fill the first and start the second; the last scan is over.
    expect(form.lines.map((l) => l.quantity)).toEqual(['3.5', '2.5'])
    expect(overCounted(form.lines[1]!)).toBe(true)
  })

  it('finds a line by the item’s own code, case aside', () => {
    const form = formFromDraft(draft, null, 'scan')
    expect(lineByCode(form, ' b ')?.detailId).toBe(2)
    expect(lineByCode(form, 'Z')).toBeNull()
  })

  it('after a reception, takes each line’s received and pending from the order as the service answered', () => {
    const order = {
      ...draft.order,
      lines: [
        {
          id: 2,
          itemId: 12,
          itemCode: 'B',
          itemName: 'Pala',
          quantity: '6.0',
          receivedQuantity: '6.0',
          pendingQuantity: '0',
          price: '1',
          total: '6',
        },
      ],
    }
    const next = draftAfterReception(draft, order)
    expect(next.lines.map((l) => [l.pendingQuantity, l.receivedQuantity])).toEqual([
      ['12.0', '0.0'],
      ['0', '6.0'],
    ])
  })
})

describe('a scan with a count', () => {
  it('reads 5*CODE and CODE*5 as five, a plain code as one, and a star without a count as part of the code', () => {
    expect(readScanCount('5*ABC-1')).toEqual({ code: 'ABC-1', count: '5' })
    expect(readScanCount(' ABC-1 * 5 ')).toEqual({ code: 'ABC-1', count: '5' })
    expect(readScanCount('2,5*ABC')).toEqual({ code: 'ABC', count: '2.5' })
    expect(readScanCount('7501031311309')).toEqual({ code: '7501031311309', count: '1' })
    expect(readScanCount('0*ABC')).toEqual({ code: '0*ABC', count: '1' })
    expect(readScanCount('A*B')).toEqual({ code: 'A*B', count: '1' })
    // A barcode is all digits too: the shorter side is the count, whichever side it is on.
    expect(readScanCount('7401234000021*4')).toEqual({ code: '7401234000021', count: '4' })
    expect(readScanCount('12*7401234000021')).toEqual({ code: '7401234000021', count: '12' })
    expect(readScanCount('5*5')).toEqual({ code: '5', count: '5' })
  })
})
