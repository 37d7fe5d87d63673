import { describe, expect, it } from 'vitest'
import { isPositiveDecimal, parsePositiveWhole } from '@shared/patterns'
import { positiveQuantity, recordId, signedDecimalText } from '@shared/patternSchemas'

describe('the shared input patterns', () => {
  it('take a positive decimal with a dot, as typed', () => {
    expect(['1', '2.5', ' 3 ', '0.001', '007'].every(isPositiveDecimal)).toBe(true)
    expect(['0', '0.0', '-1', 'abc', '', '1,5', '1e3', '.5', '5.'].some(isPositiveDecimal)).toBe(false)
    expect(positiveQuantity.safeParse('0.5').success).toBe(true)
    expect(positiveQuantity.safeParse('0.00').success).toBe(false)
  })
  it('take ids as whole numbers above zero', () => {
    expect(parsePositiveWhole('12')).toBe(12)
    expect(['0', '-1', '1.5', '', 'x', '99999999999999999999'].map(parsePositiveWhole)).toEqual([null, null, null, null, null, null])
    expect(recordId.safeParse(3).success).toBe(true)
    expect(recordId.safeParse(0).success).toBe(false)
    expect(recordId.safeParse(1.5).success).toBe(false)
  })
  it('take signed decimals where amounts may be negative', () => {
    expect(signedDecimalText.safeParse('-12.5').success).toBe(true)
    expect(signedDecimalText.safeParse('+1').success).toBe(false)
  })
})
