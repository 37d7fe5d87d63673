import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { badInput } from '@shared/errors'
import { characterCount, isCalendarDate, isPositiveDecimal, parsePositiveWhole, quantityLimits, quantityProblem } from '@shared/patterns'
import { isoDate, positiveQuantity, recordId, serviceText, signedDecimalText } from '@shared/patternSchemas'

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

  it('take only days that are on the calendar', () => {
    expect(['2026-01-31', '2028-02-29', '2000-02-29', '2026-12-31'].every(isCalendarDate)).toBe(true)
    expect(
      ['2025-02-30', '2025-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-5', '20260105'].some(isCalendarDate),
    ).toBe(false)
    expect(isoDate.safeParse('2025-02-30').error?.issues.map((i) => i.message)).toEqual(['is invalid: that day is not on the calendar'])
    expect(isoDate.safeParse('30/02/2025').error?.issues.map((i) => i.message)).toEqual(['must be a date YYYY-MM-DD'])
  })
  it('take quantities within what the service stores, and say the limit', () => {
    expect(['1', '0.0001', '999999999.9999', '000999999999', '2.50000'].map(quantityProblem)).toEqual([null, null, null, null, null])
    expect(quantityProblem('1.00001')).toBe('tooManyDecimals')
    expect(quantityProblem('1000000000')).toBe('tooLarge')
    expect(quantityProblem('99999999999999999999999')).toBe('tooLarge')
    expect(quantityProblem('0.0000')).toBe('notPositive')
    expect(positiveQuantity.safeParse('99999999999999999999999').error?.issues[0]?.message).toContain(quantityLimits.largest)
    expect(positiveQuantity.safeParse('1.00001').error?.issues[0]?.message).toContain(String(quantityLimits.decimals))
    expect(positiveQuantity.safeParse(' 2').success).toBe(false)
    // Millionths of the largest quantity stay an exact integer in a double (the local stock figures).
    expect(Number.isSafeInteger(Number(quantityLimits.largest) * 1e6 * 2)).toBe(true)
  })
  it('count a text as the service does: in characters, not UTF-16 units', () => {
    expect(characterCount('ñandú')).toBe(5)
    expect(characterCount('🙂🙂')).toBe(2)
    const reference = serviceText(z.string(), 3)
    expect(reference.safeParse('🙂🙂🙂').success).toBe(true)
    expect(reference.safeParse('🙂🙂🙂🙂').error?.issues[0]?.message).toBe('is too long (maximum is 3 characters)')
  })
  it('name a bad field as the service refusals are named', () => {
    const err = badInput([
      { path: ['lines', 1, 'itemId'], message: 'm' },
      { path: [], message: 'n' },
    ])
    expect(err.fields).toEqual({ 'lines[1].itemId': ['m'], _: ['n'] })
    expect(err.field).toBe('lines[1].itemId')
  })
})
