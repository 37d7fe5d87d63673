import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { id, money, nullableId, nullableTimestamp, text, timestamp, toIsoTimestamp } from '@core/api/normalise'

describe('normalisation of service fields', () => {
  it('reads ids given as numbers or as strings of digits as numbers', () => {
    expect(id.parse(16421816)).toBe(16421816)
    expect(id.parse('16421816')).toBe(16421816)
    expect(() => id.parse('16a')).toThrow()
    expect(nullableId.parse(null)).toBeNull()
    expect(nullableId.parse(undefined)).toBeNull()
  })

  it('keeps codes and money as the strings the service wrote', () => {
    expect(text.parse(7)).toBe('7')
    expect(text.parse('0007')).toBe('0007')
    expect(money.parse('1234.50')).toBe('1234.50')
    expect(() => money.parse('12,5')).toThrow()
  })

  it('reads zone-less timestamps as UTC and writes ISO 8601', () => {
    expect(toIsoTimestamp('2026-11-22 14:05:09.123456')).toBe('2026-11-22T14:05:09.123Z')
    expect(toIsoTimestamp('2026-11-22 14:05:09')).toBe('2026-11-22T14:05:09.000Z')
    expect(timestamp.parse('2026-11-22T08:05:09-06:00')).toBe('2026-11-22T14:05:09.000Z')
    expect(nullableTimestamp.parse(null)).toBeNull()
    expect(() => timestamp.parse('yesterday')).toThrow()
  })

  it('normalises a detail response and a list response to the same record', () => {
    const schema = z.object({ id, entity_id: nullableId, created_at: timestamp })
    const fromDetail = schema.parse({ id: '5', entity_id: '2', created_at: '2026-01-02 03:04:05.000000' })
    const fromList = schema.parse({ id: 5, entity_id: 2, created_at: '2026-01-02T03:04:05.000Z' })
    expect(fromDetail).toEqual(fromList)
  })
})
