import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogueStatus } from '@shared/catalogue'
import { AppError } from '@shared/errors'
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

// On a line that keeps dropping, a pull that fails may have spent most of a catalogue's bytes: the next tries wait
// longer each time (1, 2, 4… minutes, at most 30), and a line that comes back tries once at once, not at every flap.
describe('the pull scheduler after pulls that failed', () => {
  afterEach(() => vi.useRealTimers())

  /** A station whose last pull was 11 minutes ago, and whose pulls fail until healed. */
  function failingStation() {
    vi.useFakeTimers({ now: NOW })
    const tries: number[] = []
    let failing = true
    let pulledAt = new Date(NOW.getTime() - 11 * minute).toISOString()
    const pulled = () => (pulledAt = new Date().toISOString())
    const catalogue: CataloguePulls = {
      status: () => ({ pulledAt, pulling: false }) as CatalogueStatus,
      pull: () => {
        tries.push(Date.now() - NOW.getTime())
        return failing ? Promise.reject(new AppError('network', { detail: 'connection reset' })) : Promise.resolve(pulled())
      },
    }
    const session: SessionState = { status: () => ({ state: 'signed_in' }) as ReturnType<SessionState['status']> }
    const events = new CoreEvents()
    const scheduler = new PullScheduler(catalogue, session, events, 10 * minute, () => new Date())
    const lineBack = () =>
      events.emit('connection.changed', { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null })
    return { tries, scheduler, lineBack, pulled, heal: () => (failing = false) }
  }

  it('wait 1, 2, 4, 8, 16 and then 30 minutes between tries', async () => {
    const s = failingStation()
    await vi.advanceTimersByTimeAsync(2 * 60 * minute)
    s.scheduler.close()
    const gaps = s.tries.slice(1).map((at, n) => Math.round((at - s.tries[n]!) / minute))
    expect(gaps).toEqual([1, 2, 4, 8, 16, 30, 30])
  })

  /** The tries `during` sees start, once the station's pulls have failed for `failingMs`. */
  async function triesDuring(failingMs: number, during: (s: ReturnType<typeof failingStation>) => Promise<void>): Promise<number> {
    const s = failingStation()
    await vi.advanceTimersByTimeAsync(failingMs)
    const before = s.tries.length
    await during(s)
    s.scheduler.close()
    return s.tries.length - before
  }

  it('a line that comes back ten times in two minutes tries once, not ten times', async () => {
    const flaps = async (s: ReturnType<typeof failingStation>) => {
      for (let flap = 0; flap < 10; flap++) {
        s.lineBack()
        await vi.advanceTimersByTimeAsync(10_000)
      }
    }
    expect(await triesDuring(1000, flaps)).toBe(1)
  })

  it('a line back after an hour down tries at once', async () => {
    const back = async (s: ReturnType<typeof failingStation>) => {
      s.lineBack()
      await vi.advanceTimersByTimeAsync(1000)
    }
    expect(await triesDuring(60 * minute, back)).toBe(1)
  })

  it('a pull that went through ends the wait: the next comes when the snapshot is old again', async () => {
    // Tries at 0, 1, 3, 7, 15 and 31 minutes: the next would wait 30 minutes; then the clerk's «Actualizar» goes through.
    const pulledByClerk = async (s: ReturnType<typeof failingStation>) => {
      s.heal()
      s.pulled()
      await vi.advanceTimersByTimeAsync(12 * minute)
    }
    expect(await triesDuring(31 * minute, pulledByClerk)).toBe(1)
  })
})
