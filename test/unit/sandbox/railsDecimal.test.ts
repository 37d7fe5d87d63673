import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { parseDecimal, railsDecimalString } from '@sandbox/model/railsDecimal'

describe('railsDecimalString', () => {
  it('writes decimals like Ruby’s BigDecimal: a point and at least one digit after it, no exponent', () => {
    expect(railsDecimalString(new Decimal('2'))).toBe('2.0')
    expect(railsDecimalString(new Decimal('1.50'))).toBe('1.5')
    expect(railsDecimalString(new Decimal('0.25'))).toBe('0.25')
    expect(railsDecimalString(new Decimal('1e-7'))).toBe('0.0000001')
    expect(railsDecimalString(new Decimal('12000000000000000000000'))).toBe('12000000000000000000000.0')
  })
})

describe('parseDecimal', () => {
  it('reads strings and numbers, and tells blank from not a number', () => {
    expect(parseDecimal(' 2.5 ')).toMatchObject({ ok: true })
    expect(parseDecimal(3)).toMatchObject({ ok: true })
    expect(parseDecimal('.5')).toMatchObject({ ok: true })
    expect(parseDecimal('-1')).toMatchObject({ ok: true })
    expect(parseDecimal('')).toEqual({ ok: false, reason: 'blank' })
    expect(parseDecimal(null)).toEqual({ ok: false, reason: 'blank' })
    for (const bad of ['2,5', 'dos', '1e3', '1.2.3', Infinity, {}, true])
      expect(parseDecimal(bad), String(bad)).toEqual({ ok: false, reason: 'not_a_number' })
  })
})
