import { describe, expect, it } from 'vitest'
import { createPrng } from '@sandbox/prng'

const draw = (seed: number, label: string, n = 100) => {
  const p = createPrng(seed, label)
  return Array.from({ length: n }, () => p.next())
}

describe('createPrng', () => {
  it('gives the same sequence for the same seed and label', () => {
    expect(draw(1, 'items')).toEqual(draw(1, 'items'))
  })

  it('gives other sequences for another seed or another label', () => {
    expect(draw(2, 'items')).not.toEqual(draw(1, 'items'))
    expect(draw(1, 'stock')).not.toEqual(draw(1, 'items'))
  })

  it('stays in range and covers it', () => {
    const p = createPrng(3)
    const floats = Array.from({ length: 5000 }, () => p.next())
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...floats)).toBeLessThan(1)
    const ints = Array.from({ length: 5000 }, () => p.int(1, 6))
    expect(new Set(ints)).toEqual(new Set([1, 2, 3, 4, 5, 6]))
    expect(p.pick(['only'])).toBe('only')
    expect(() => p.pick([])).toThrow(/empty/)
  })
})
