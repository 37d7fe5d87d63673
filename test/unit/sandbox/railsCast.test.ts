import { describe, expect, it } from 'vitest'
import { castBoolean, castDate, castText, readId } from '@sandbox/model/railsCast'

describe('Rails-style casts', () => {
  it('read dates, cutting a timestamp to its date and refusing impossible ones', () => {
    expect(castDate('2025-07-01')).toBe('2025-07-01')
    expect(castDate(' 2025-07-01T23:00:00-06:00 ')).toBe('2025-07-01')
    expect(castDate('')).toBeNull()
    expect(castDate(null)).toBeNull()
    for (const bad of ['2025-02-30', '2025-13-01', '01/07/2025', 'mañana', 20250701, {}]) expect(castDate(bad), String(bad)).toBeUndefined()
  })

  it('read booleans, text and ids', () => {
    expect([true, '1', 't', 'on', 'true', 1].map(castBoolean)).toEqual([1, 1, 1, 1, 1, 1])
    expect([false, '0', 'f', 'off', 'false', 0].map(castBoolean)).toEqual([0, 0, 0, 0, 0, 0])
    expect(castBoolean('yes')).toBeUndefined()
    expect(castText('  a ')).toBe('a')
    expect(castText(' ')).toBeNull()
    expect(castText(5)).toBe('5')
    expect(castText(true)).toBeUndefined()
    expect(readId('12')).toEqual({ ok: true, value: 12 })
    expect(readId('')).toEqual({ ok: true, value: null })
    expect(readId('1.5')).toEqual({ ok: false, message: 'debe ser un entero' })
    expect(readId('0')).toEqual({ ok: false, message: 'debe ser mayor que 0' })
  })
})
