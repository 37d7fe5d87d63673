import { describe, expect, it } from 'vitest'
import { lotFreshness } from '@shared/lots'
import { expiredLines } from '@renderer/areas/dispatch/expiredLines'
import { bookingLine, localBooking } from '../../../support/localBooking'

const freshness = (expires: string | null) => lotFreshness(expires, '2026-11-28', 30)

describe('expired lines of bookings shipped together', () => {
  it('lists every line on an expired lot, booking by booking, and none on a near, fresh or undated lot', () => {
    const first = localBooking('a', {
      lines: [
        bookingLine({ itemId: 1, lotId: 10, lotName: 'L-10', lotExpires: '2026-03-14', bookedQuantity: '2' }),
        bookingLine({ itemId: 2, lotId: 20, lotName: 'L-20', lotExpires: '2026-12-10' }),
        bookingLine({ itemId: 3 }),
      ],
    })
    const second = localBooking('b', {
      lines: [
        bookingLine({ itemId: 1, lotId: 10, lotName: 'L-10', lotExpires: '2026-03-14', bookedQuantity: '1' }),
        bookingLine({ itemId: 1, lotId: 10, lotName: 'L-10', lotExpires: '2026-03-14', bookedQuantity: '0.5' }),
        bookingLine({ itemId: 4, lotId: 40, lotName: 'L-40', lotExpires: '2030-01-01' }),
      ],
    })
    const found = expiredLines([first, second], freshness)
    expect(found.map((e) => [e.booking.localId, e.line.itemId, e.line.lotName, e.line.quantity])).toEqual([
      ['a', 1, 'L-10', '2'],
      ['b', 1, 'L-10', '1.5'],
    ])
    expect(
      expiredLines([localBooking('c', { lines: [bookingLine({ itemId: 2, lotId: 20, lotExpires: '2026-12-10' })] })], freshness),
    ).toEqual([])
  })
})
