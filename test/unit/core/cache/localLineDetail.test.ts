import { describe, expect, it } from 'vitest'
import type { BookingLine } from '@shared/bookings'
import { sameLines, withLocalDetail } from '@core/cache/localLineDetail'

const line = (over: Partial<BookingLine>): BookingLine => ({ item_id: 1, booked_quantity: '1', lot_id: null, serial_number: null, reference: null, bundle_id: null, ...over })

describe('lines read back from the service', () => {
  const ours = [line({ item_id: 7, booked_quantity: '2.0', bundle_id: 30, serial_number: 'SN-1' }), line({ item_id: 8, lot_id: 90, bundle_id: 30 })]

  it('keep our bundle and serial number when the service holds the lines we sent (its lot chosen, its quantity written otherwise)', () => {
    const service = [line({ item_id: 7, booked_quantity: '2', lot_id: 55 }), line({ item_id: 8, lot_id: 90 })]
    expect(withLocalDetail(service, ours)).toEqual([
      line({ item_id: 7, booked_quantity: '2', lot_id: 55, bundle_id: 30, serial_number: 'SN-1' }),
      line({ item_id: 8, lot_id: 90, bundle_id: 30 }),
    ])
  })

  it('are taken as they are once they changed on the service', () => {
    for (const service of [
      [line({ item_id: 7, booked_quantity: '3' }), line({ item_id: 8, lot_id: 90 })],
      [line({ item_id: 7, booked_quantity: '2' }), line({ item_id: 8, lot_id: 91 })],
      [line({ item_id: 7, booked_quantity: '2' })],
      [line({ item_id: 8, lot_id: 90 }), line({ item_id: 7, booked_quantity: '2' })],
    ]) {
      expect(sameLines(service, ours)).toBe(false)
      expect(withLocalDetail(service, ours)).toBe(service)
    }
  })
})
