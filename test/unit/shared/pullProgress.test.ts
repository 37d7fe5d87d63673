import { describe, expect, it } from 'vitest'
import { pullLabelKind, pullPercentage } from '@shared/pullProgress'

describe('the catalogue pull progress', () => {
  it('fills each fifth of the bar by the share of its phase when the server gives row counts', () => {
    expect(pullPercentage({ phase: 'items', done: 500, total: 1000 })).toBe(30)
    expect(pullLabelKind({ phase: 'items', done: 500, total: 1000 })).toBe('share')
  })

  it('without row counts, steps from phase to phase and says the rows received, never a share', () => {
    expect(pullPercentage({ phase: 'items', done: 5000, total: null })).toBe(20)
    expect(pullPercentage({ phase: 'bundles', done: 90_000, total: null })).toBe(60)
    expect(pullLabelKind({ phase: 'bundles', done: 90_000, total: null })).toBe('rows')
    expect(pullLabelKind({ phase: 'reference', done: 0, total: null })).toBe('phase')
    expect(pullPercentage(null)).toBe(0)
  })
})
