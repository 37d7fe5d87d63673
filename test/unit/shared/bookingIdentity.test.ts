import { describe, expect, it } from 'vitest'
import { bookingCode, bookingLabel, localReference } from '@shared/bookingIdentity'

describe("a booking's one identity", () => {
  const localId = 'd1bab923-5c1e-4f7a-9a0b-2f4e1c3d5a6b'

  it('is the local reference until the service numbers it', () => {
    expect(localReference(localId)).toBe('D1BAB923')
    expect(bookingLabel({ localId, serviceId: null, origin: 'here' })).toBe('D1BAB923')
    expect(bookingCode({ localId, serviceId: null, origin: 'here' })).toBe('D1BAB923')
  })

  it('then the number leads and the local reference stays beside it, the one a save toast showed', () => {
    expect(bookingLabel({ localId, serviceId: 61109, origin: 'here' })).toBe('61109 · D1BAB923')
    // A barcode carries one token a scanner reads back: the number alone.
    expect(bookingCode({ localId, serviceId: 61109, origin: 'here' })).toBe('61109')
  })

  it('is the number alone for a booking made elsewhere: its local id here was never shown to anyone', () => {
    expect(bookingLabel({ localId, serviceId: 61109, origin: 'service' })).toBe('61109')
    expect(bookingCode({ localId, serviceId: 61109, origin: 'service' })).toBe('61109')
  })
})
