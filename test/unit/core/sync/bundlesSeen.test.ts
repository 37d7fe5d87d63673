import { describe, expect, it } from 'vitest'
import { CHANGE_MARGIN_MS, newestSeen } from '@core/sync/bundlesSeen'

// A full pull sees every bundle: of them, only those stamped within the change margin before the newest are kept for
// the next routine pull to know again, however many it read.
const NOW = new Date('2026-12-01T12:00:00.000Z')
const at = (msBefore: number) => new Date(NOW.getTime() - msBefore).toISOString()

describe('the bundles a pull has seen', () => {
  it('keep, of 20,000 read, those stamped within the margin before the newest', () => {
    const seen = newestSeen(NOW, null)
    for (let id = 1; id <= 20_000; id++) seen.see(at(86_400_000 + id), id)
    seen.see(at(CHANGE_MARGIN_MS - 1000), 20_001)
    seen.see(at(0), 20_002)
    seen.see(at(CHANGE_MARGIN_MS + 1000), 20_003)
    expect(seen.newest).toBe(at(0))
    expect(seen.edge.map(([id]) => id).sort()).toEqual([20_001, 20_002])
  })

  it('know a bundle again only as it was stamped when read', () => {
    const seen = newestSeen(NOW, null, at(0), [[7, at(60_000)]])
    expect(seen.readAsIs(7, at(60_000))).toBe(true)
    expect(seen.readAsIs(7, at(30_000))).toBe(false)
    expect(seen.readAsIs(8, at(60_000))).toBe(false)
  })

  it('leave out a bundle stamped over an hour past the service clock now', () => {
    const seen = newestSeen(NOW, 0)
    seen.see(at(-2 * 60 * 60_000), 1)
    seen.see(at(0), 2)
    expect(seen.newest).toBe(at(0))
    expect(seen.readAsIs(1, at(-2 * 60 * 60_000))).toBe(false)
  })
})
