import { describe, expect, it } from 'vitest'
import type { ReceptionDraft } from '@shared/purchasing'
import { checkForm, formFromDraft, readQuantity, receptionInput } from '@renderer/areas/purchasing/receptionForm'

const draft: ReceptionDraft = {
  order: {
    id: 7003, id_number: 'OC-101-00003', reference: 'PED-5531', issue_date: '2026-10-12', supplier: 'Agroinsumos', payee_id: 6003,
    currency: { id: 1, code: 'GTQ', symbol: 'Q' }, exchange_rate: null, subtotal: '379.8', total: '425.38', due: '425.38',
    authorized: true, received: false, paid: false, voided: false, import: false, consolidate_id: null, agency_id: 301, lines: null,
  },
  agency_id: 301,
  received_at: '2026-11-23',
  exchange_rate: null,
  foreign_currency: false,
  lines: [
    { item_id: 11, item_code: 'A', item_name: 'Semilla', purchase_order_detail_id: 1, ordered_quantity: '12.0', received_quantity: '0.0', pending_quantity: '12.0', perishable: true },
    { item_id: 12, item_code: 'B', item_name: 'Pala', purchase_order_detail_id: 2, ordered_quantity: '6.0', received_quantity: '2.5', pending_quantity: '3.5', perishable: false },
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

  it('asks for lot and expiry only on perishable lines that receive something, and refuses more than pending', () => {
    const form = formFromDraft(draft, null)
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
      lines: [{ item_id: 12, purchase_order_detail_id: 2, quantity: '0.1', lot_name: null, lot_expires: null }],
    })
    expect(receptionInput(7003, form, true).exchangeRate).toBe('7.8')
    form.exchangeRate = '0'
    expect(checkForm(form, true).header).toEqual(['rateInvalid'])
  })
})
