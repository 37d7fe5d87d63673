import { describe, expect, it } from 'vitest'
import { totalInEntityCurrency } from '@renderer/areas/purchasing/entityTotal'

const gtq = { id: 1, code: 'GTQ', symbol: 'Q' }
const usd = { id: 2, code: 'USD', symbol: 'US$' }

describe('total in the entity currency', () => {
  it('adds the entity’s own amounts as they are and converts the others at their rate, exactly', () => {
    const total = totalInEntityCurrency(
      [
        { total: '787.36', currency: gtq, exchangeRate: null },
        { total: '364.0', currency: usd, exchangeRate: 7.75 },
        { total: '0.1', currency: usd, exchangeRate: 0.2 },
      ],
      gtq,
    )
    // 787.36 + 2821 + 0.02: with binary floats 0.1 × 0.2 would be 0.020000000000000004.
    expect(total?.toFixed(2)).toBe('3608.38')
  })

  it('refuses to guess when a foreign order has no rate', () => {
    expect(totalInEntityCurrency([{ total: '10', currency: usd, exchangeRate: null }], gtq)).toBeNull()
  })
})
