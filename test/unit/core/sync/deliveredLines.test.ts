import { describe, expect, it } from 'vitest'
import { deliveredAsCounted, deliveredPerMovement } from '@core/sync/deliveredLines'

const movement = (id: number, itemId: number, lotId: number | null, booked: string, delivered: string | null = null) => ({
  id,
  item_id: itemId,
  lot_id: lotId,
  booked_quantity: booked,
  delivered_quantity: delivered,
  serial_number: null,
  reference: null,
  bundle_id: null,
})
const counted = (itemId: number, lotId: number | null, q: string) => ({ item_id: itemId, lot_id: lotId, delivered_quantity: q })

describe('what was counted, per movement of the shipment in transit', () => {
  it('delivers every movement whole when nothing was counted (an entry of an older version)', () => {
    expect(deliveredPerMovement([movement(1, 7, 70, '5.0'), movement(2, 8, null, '2.5')], undefined)).toEqual([
      { id: 1, delivered_quantity: '5' },
      { id: 2, delivered_quantity: '2.5' },
    ])
  })

  it("fills an item and lot's movements in order and leaves the rest short", () => {
    const lines = deliveredPerMovement(
      [movement(1, 7, 70, '3'), movement(2, 7, 70, '2'), movement(3, 8, null, '1')],
      [counted(7, 70, '4'), counted(8, null, '0')],
    )
    expect(lines).toEqual([
      { id: 1, delivered_quantity: '3' },
      { id: 2, delivered_quantity: '1' },
      { id: 3, delivered_quantity: '0' },
    ])
  })

  it('is a conflict when the service holds a line not counted here, or less than was counted', () => {
    expect(() => deliveredPerMovement([movement(1, 7, 70, '3'), movement(2, 9, null, '1')], [counted(7, 70, '3')])).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    )
    expect(() => deliveredPerMovement([movement(1, 7, 70, '3')], [counted(7, 70, '4')])).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    )
  })

  it('reads a delivery back as this count only when every item and lot arrived as counted', () => {
    const shipped = [movement(1, 7, 70, '3', '3'), movement(2, 7, 70, '2', '1'), movement(3, 8, null, '1', '0')]
    expect(deliveredAsCounted(shipped, [counted(7, 70, '4'), counted(8, null, '0')])).toBe(true)
    expect(deliveredAsCounted(shipped, [counted(7, 70, '5'), counted(8, null, '0')])).toBe(false)
  })
})

describe('a count without a lot (a line booked here before the service chose its lot)', () => {
  it("fills the item's movements of any lot, after the counts that name one", () => {
    const lines = deliveredPerMovement([movement(1, 7, 70, '3'), movement(2, 7, 71, '2')], [counted(7, null, '1'), counted(7, 71, '2')])
    expect(lines).toEqual([
      { id: 1, delivered_quantity: '1' },
      { id: 2, delivered_quantity: '2' },
    ])
    expect(
      deliveredAsCounted([movement(1, 7, 70, '3', '1'), movement(2, 7, 71, '2', '2')], [counted(7, null, '1'), counted(7, 71, '2')]),
    ).toBe(true)
  })
})
