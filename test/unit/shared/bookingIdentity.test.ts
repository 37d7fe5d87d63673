import { describe, expect, it } from 'vitest'
import { bookingCode, bookingLabel, localReference } from '@shared/bookingIdentity'

describe('a booking\'s one identity', () => {
  const localId = 'd1bab923-5c1e-4f7a-9a0b-2f4e1c3d5a6b'

  it('is the local reference until the service numbers it', () => {
    expect(localReference(localId)).toBe('D1BAB923')
    expect(bookingLabel({ localId, serviceId: null })).toBe('D1BAB923')
    expect(bookingCode({ localId, serviceId: null })).toBe('D1BAB923')
  })

  it('then the number leads and the local reference stays beside it, the one a save toast showed', () => {
    expect(bookingLabel({ localId, serviceId: 61109 })).toBe('61109 · D1BAB923')
    // A barcode carries one token a scanner reads back: the number alone.
    expect(bookingCode({ localId, serviceId: 61109 })).toBe('61109')
  })
})
