import { describe, expect, it } from 'vitest'
import type { BookingLine } from '@shared/bookings'
import { sameLines, withLocalDetail } from '@core/cache/localLineDetail'

const line = (over: Partial<BookingLine>): BookingLine => ({
  itemId: 1,
  bookedQuantity: '1',
  lotId: null,
  serialNumber: null,
  reference: null,
  bundleId: null,
  ...over,
})

describe('lines read back from the service', () => {
  const ours = [
    line({ itemId: 7, bookedQuantity: '2.0', bundleId: 30, serialNumber: 'SN-1' }),
    line({ itemId: 8, lotId: 90, bundleId: 30 }),
  ]

  it('keep our bundle and serial number when the service holds the lines we sent (its lot chosen, its quantity written otherwise)', () => {
    const service = [line({ itemId: 7, bookedQuantity: '2', lotId: 55 }), line({ itemId: 8, lotId: 90 })]
    expect(withLocalDetail(service, ours)).toEqual([
      line({ itemId: 7, bookedQuantity: '2', lotId: 55, bundleId: 30, serialNumber: 'SN-1' }),
      line({ itemId: 8, lotId: 90, bundleId: 30 }),
    ])
  })

  it('are taken as they are once they changed on the service', () => {
    for (const service of [
      [line({ itemId: 7, bookedQuantity: '3' }), line({ itemId: 8, lotId: 90 })],
      [line({ itemId: 7, bookedQuantity: '2' }), line({ itemId: 8, lotId: 91 })],
      [line({ itemId: 7, bookedQuantity: '2' })],
      [line({ itemId: 8, lotId: 90 }), line({ itemId: 7, bookedQuantity: '2' })],
    ]) {
      expect(sameLines(service, ours)).toBe(false)
      expect(withLocalDetail(service, ours)).toBe(service)
    }
  })
})
