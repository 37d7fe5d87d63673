import { describe, expect, it } from 'vitest'
import { Kind } from 'graphql'
import { timestampScalar } from '@sandbox/graphql/scalarTypes'

describe('the timestamp scalar', () => {
  it('writes stored timestamps as Hasura writes a timestamp without zone', () => {
    expect(timestampScalar.serialize('2025-01-31 13:45:00.123456')).toBe('2025-01-31T13:45:00.123456')
    expect(() => timestampScalar.serialize('yesterday')).toThrow()
  })

  it('reads ISO 8601 with T or a space, optional seconds and fraction, into the stored form', () => {
    expect(timestampScalar.parseValue('2025-01-31T13:45:00.123456')).toBe('2025-01-31 13:45:00.123456')
    expect(timestampScalar.parseValue('2025-01-31 13:45')).toBe('2025-01-31 13:45:00.000000')
    expect(timestampScalar.parseValue('2025-01-31T13:45:07.5')).toBe('2025-01-31 13:45:07.500000')
    expect(timestampScalar.parseValue('2025-01-31')).toBe('2025-01-31 00:00:00.000000')
    expect(timestampScalar.parseLiteral({ kind: Kind.STRING, value: '2025-01-31T13:45:00Z' })).toBe('2025-01-31 13:45:00.000000')
  })

  it('converts a time with a zone to UTC, the zone of the stored values', () => {
    expect(timestampScalar.parseValue('2025-01-31T18:45:00.25-06:00')).toBe('2025-02-01 00:45:00.250000')
    expect(timestampScalar.parseValue('2025-01-31T01:00:00+0100')).toBe('2025-01-31 00:00:00.000000')
  })

  it('refuses what is not a timestamp', () => {
    for (const bad of ['2025-01-31T25', '2025-13-01T00:00:00', 'now', 20250131, null])
      expect(() => timestampScalar.parseValue(bad), String(bad)).toThrow(/invalid timestamp/)
    expect(() => timestampScalar.parseLiteral({ kind: Kind.INT, value: '1' })).toThrow(/string/)
  })
})
