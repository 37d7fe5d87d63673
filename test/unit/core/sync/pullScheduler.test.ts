import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogueStatus } from '@shared/catalogue'
import { CoreEvents } from '@core/events'
import { PullScheduler } from '@core/sync/pullScheduler'
import type { CataloguePulls, SessionState } from '@core/sync/scheduledWork'

// The background pull comes when the snapshot is older than its interval by this computer's clock, and also when
// the snapshot's time is later than that clock: the clock was set back since, and the pull must not wait for it.
const NOW = new Date('2026-11-30T10:00:00.000Z')
const minute = 60_000

function pullsIn(ms: number, pulledAt: string | null): number {
  vi.useFakeTimers()
  const pull = vi.fn(() => Promise.resolve())
  const status = () => ({ pulledAt, pulling: false }) as CatalogueStatus
  const catalogue: CataloguePulls = { status, pull }
  const session: SessionState = { status: () => ({ state: 'signed_in' }) as ReturnType<SessionState['status']> }
  const s = new PullScheduler(catalogue, session, new CoreEvents(), 10 * minute, () => NOW)
  vi.advanceTimersByTime(0)
  pull.mockClear() // the pull right after signing in
  vi.advanceTimersByTime(ms)
  s.close()
  return pull.mock.calls.length
}

describe('the pull scheduler', () => {
  afterEach(() => vi.useRealTimers())

  it.each([
    ['pulled 2 minutes ago', 0, new Date(NOW.getTime() - 2 * minute).toISOString()],
    ['pulled 11 minutes ago', 1, new Date(NOW.getTime() - 11 * minute).toISOString()],
    ['never pulled', 1, null],
    ['pulled an hour after now (the clock set back since)', 1, new Date(NOW.getTime() + 60 * minute).toISOString()],
    ['pulled a second after now (a clock slewing)', 0, new Date(NOW.getTime() + 1000).toISOString()],
  ])('when %s, pulls %i time(s) in a minute', (_case, pulls, pulledAt) => {
    expect(pullsIn(minute, pulledAt)).toBe(pulls)
  })
})
