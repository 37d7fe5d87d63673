import { describe, expect, it } from 'vitest'
import { ean13CheckDigit, isValidEan13, makeEan13 } from '@sandbox/seed/ean13'

describe('EAN-13', () => {
  it('computes the check digit of published barcodes', () => {
    // 4006381333931 (Stabilo) and 5901234123457 (GS1's own example).
    expect(ean13CheckDigit('400638133393')).toBe(1)
    expect(ean13CheckDigit('590123412345')).toBe(7)
    expect(ean13CheckDigit('000000000000')).toBe(0)
  })

  it('validates whole codes', () => {
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('4006381333932')).toBe(false)
    expect(isValidEan13('400638133393')).toBe(false)
    expect(isValidEan13('40063813339a1')).toBe(false)
  })

  it('builds valid codes from prefix, company and item reference', () => {
    const code = makeEan13('740', '3158', 42)
    expect(code).toMatch(/^740315800042\d$/)
    expect(isValidEan13(code)).toBe(true)
    for (let ref = 0; ref < 2000; ref += 37) expect(isValidEan13(makeEan13('740', '8624', ref))).toBe(true)
  })

  it('refuses a reference that does not fit and a malformed body', () => {
    expect(() => makeEan13('740', '3158', 100_000)).toThrow(/does not fit/)
    expect(() => ean13CheckDigit('12345')).toThrow(/12 digits/)
  })
})
