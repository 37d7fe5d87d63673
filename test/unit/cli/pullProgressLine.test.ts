import { describe, expect, it } from 'vitest'
import { pullProgressLine } from '../../../src-main/cli/pullProgressLine'

describe("sync's progress lines", () => {
  it('say how far along the whole pull is, the phase in words, and its rows of how many when the service counts them', () => {
    expect(pullProgressLine({ phase: 'items', done: 12_000, total: 20_000 })).toBe(' 32% items: 12,000 of 20,000')
    expect(pullProgressLine({ phase: 'indexing', done: 0, total: null })).toBe(' 80% preparing search')
  })

  it('without counts, say the rows received and claim no share of the phase', () => {
    expect(pullProgressLine({ phase: 'stock', done: 4500, total: null })).toBe(' 40% stock: 4,500 received')
    expect(pullProgressLine({ phase: 'reference', done: 0, total: null })).toBe('  0% reference data')
  })

  it('say what the pull waits for, and nothing at its end (the result says it)', () => {
    expect(pullProgressLine({ phase: 'waiting', done: 0, total: null })).toMatch(/another Mostrador process/)
    expect(pullProgressLine({ phase: 'done', done: 10, total: 10 })).toBeNull()
  })
})
