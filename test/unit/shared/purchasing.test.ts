import { describe, expect, it } from 'vitest'
import { consolidateInput, orderState, receptionInput } from '@shared/purchasing'

const base = { voided: false, paid: false, received: false, authorized: true, lines: null }
const line = (receivedQuantity: string) => ({
  id: 1,
  itemId: 1,
  itemCode: null,
  itemName: null,
  quantity: '5.0',
  receivedQuantity,
  pendingQuantity: '0',
  price: '1.0',
  total: '5.0',
})

describe('the state of a purchase order', () => {
  it('reads the flags in the order a clerk would name them', () => {
    expect(orderState({ ...base, voided: true, paid: true })).toBe('voided')
    expect(orderState({ ...base, paid: true, received: true })).toBe('paid')
    expect(orderState({ ...base, received: true })).toBe('received')
    expect(orderState({ ...base, lines: [line('0.0'), line('2.5')] })).toBe('partlyReceived')
    expect(orderState({ ...base, lines: [line('0.0'), line('0')] })).toBe('authorized')
    expect(orderState({ ...base, authorized: false })).toBe('draft')
  })
})

describe('purchasing inputs', () => {
  it('a consolidate needs a name and an order', () => {
    expect(consolidateInput.safeParse({ name: ' ', orderIds: [1] }).success).toBe(false)
    expect(consolidateInput.safeParse({ name: 'C', orderIds: [] }).success).toBe(false)
    expect(consolidateInput.parse({ name: ' C ', orderIds: [1] })).toEqual({ name: 'C', description: null, orderIds: [1], special: false })
  })

  it('a reception line quantity is a plain decimal, and an expiry a date', () => {
    const ok = { orderId: 1, agencyId: 2, lines: [{ itemId: 3, purchaseOrderDetailId: 4, quantity: '2.5' }] }
    expect(receptionInput.safeParse(ok).success).toBe(true)
    expect(receptionInput.safeParse({ ...ok, lines: [{ ...ok.lines[0], quantity: '2,5' }] }).success).toBe(false)
    expect(receptionInput.safeParse({ ...ok, lines: [{ ...ok.lines[0], lotExpires: '31/12/2027' }] }).success).toBe(false)
    expect(receptionInput.safeParse({ ...ok, lines: [] }).success).toBe(false)
  })
})
