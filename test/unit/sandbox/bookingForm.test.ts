import { describe, expect, it } from 'vitest'
import { lineField, readBookingForm } from '@sandbox/model/bookingForm'

describe('readBookingForm', () => {
  it("reads lines under shipment_details_attributes (the documentation's key) after those under movements_attributes, errors numbered across both", () => {
    const form = readBookingForm({
      movements_attributes: { '0': { item_id: '7', booked_quantity: '1' }, '1': { item_id: '8', booked_quantity: '0' } },
      shipment_details_attributes: { '0': { item_id: '9', booked_quantity: 'x' }, '1': { item_id: '10', booked_quantity: '2' } },
    })
    expect(form.lines.map((l) => [l.index, l.itemId])).toEqual([
      [0, 7],
      [1, 8],
      [2, 9],
      [3, 10],
    ])
    expect(Object.keys(form.errors).sort()).toEqual([lineField(1, 'booked_quantity'), lineField(2, 'booked_quantity')])
  })

  it('reads the permitted fields the Rails way and ignores the rest', () => {
    const form = readBookingForm({
      agency_from_id: '302',
      agency_to_id: 303,
      planned_delivery: '2025-07-01T00:00:00Z',
      reference: '  R-1 ',
      memo: '',
      needs_transport: 'false',
      booker_id: '5001',
      transfer_request_id: null,
      shipped: true,
      lock_version: '3',
    })
    expect(form.changes).toEqual({
      agency_from_id: 302,
      agency_to_id: 303,
      planned_delivery: '2025-07-01',
      reference: 'R-1',
      memo: null,
      needs_transport: 0,
      booker_id: 5001,
      transfer_request_id: null,
    })
    expect(form.lockVersion).toBe(3)
    expect(form.errors).toEqual({})
  })

  it('reads lines from a hash by index or an array, numbering each by its position', () => {
    const hash = readBookingForm({
      movements_attributes: { '0': { item_id: '7', booked_quantity: '2' }, '1': { id: 9, _destroy: '1' }, '2': { id: '10', lot_id: '' } },
    })
    expect(hash.lines).toEqual([
      { index: 0, destroy: false, itemId: 7, quantity: '2.0' },
      { index: 1, id: 9, idText: '9', destroy: true },
      { index: 2, id: 10, idText: '10', destroy: false, lotId: null },
    ])
    const array = readBookingForm({
      movements_attributes: [{ item_id: 7, booked_quantity: 1.25, serial_number: ' S ', reference: '', bundle_id: '4' }],
    })
    expect(array.lines).toEqual([
      { index: 0, destroy: false, itemId: 7, quantity: '1.25', serialNumber: 'S', reference: null, bundleId: 4 },
    ])
  })

  it('skips a new line marked for destruction but keeps its position for the next ones', () => {
    const form = readBookingForm({
      movements_attributes: [
        { item_id: 1, booked_quantity: 1, _destroy: true },
        { item_id: 'x', booked_quantity: -1 },
      ],
    })
    expect(form.lines).toHaveLength(1)
    expect(form.errors).toEqual({ 'movements[1].item_id': ['no es un número'], 'movements[1].booked_quantity': ['debe ser mayor que 0'] })
  })

  it('collects field errors with Spanish messages', () => {
    const form = readBookingForm({
      agency_to_id: 'abc',
      planned_delivery: '31/12/2025',
      needs_transport: 'maybe',
      reference: 'x'.repeat(256),
      lock_version: 'v2',
      movements_attributes: 'nope',
    })
    expect(form.errors).toEqual({
      agency_to_id: ['no es un número'],
      planned_delivery: ['no es una fecha válida'],
      needs_transport: ['debe ser verdadero o falso'],
      reference: ['es demasiado largo (255 caracteres máximo)'],
      lock_version: ['no es un número'],
      movements: ['no es válido'],
    })
  })

  it('names a line’s field movements[N].field', () => {
    expect(lineField(3, 'booked_quantity')).toBe('movements[3].booked_quantity')
  })
})
