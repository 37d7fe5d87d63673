import { describe, expect, it } from 'vitest'
import { editRefusal, type BookingAction } from '@sandbox/model/bookingStates'
import type { ShipmentRow } from '@sandbox/model/shipments'

const state = (flags: Partial<Pick<ShipmentRow, 'shipped' | 'delivered' | 'voided' | 'returned' | 'needs_transport'>>) =>
  ({ shipped: 0, delivered: 0, voided: 0, returned: 0, needs_transport: 1, ...flags }) as ShipmentRow
const allowed = (s: ShipmentRow) =>
  (['edit', 'delete', 'ship', 'deliver'] as BookingAction[]).filter((a) => editRefusal(s, a) === undefined)

describe('the booking states', () => {
  it('let an open booking be edited, deleted and shipped; delivered only without transport', () => {
    expect(allowed(state({}))).toEqual(['edit', 'delete', 'ship'])
    expect(allowed(state({ needs_transport: 0 }))).toEqual(['edit', 'delete', 'ship', 'deliver'])
  })

  it('let a shipment in transit only be delivered', () => {
    expect(allowed(state({ shipped: 1 }))).toEqual(['deliver'])
    expect(editRefusal(state({ shipped: 1 }), 'ship')).toBe('La reserva ya fue despachada')
  })

  it('let nothing happen to a delivered, voided or returned booking', () => {
    expect(allowed(state({ shipped: 1, delivered: 1 }))).toEqual([])
    expect(allowed(state({ delivered: 1, needs_transport: 0 }))).toEqual([])
    expect(allowed(state({ voided: 1 }))).toEqual([])
    expect(allowed(state({ returned: 1 }))).toEqual([])
    expect(editRefusal(state({ voided: 1 }), 'deliver')).toBe('La reserva está anulada')
  })
})
