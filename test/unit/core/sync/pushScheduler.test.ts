import { afterEach, describe, expect, it, vi } from 'vitest'
import { CoreEvents } from '@core/events'
import type { BookingsService } from '@core/services/bookingsService'
import type { SessionService } from '@core/services/sessionService'
import { PushScheduler } from '@core/sync/pushScheduler'

// The background push asks one question every few seconds, when the earliest entry may go, and
// pushes only when that time has come: it never lists the outbox to find out.
const NOW = new Date('2026-11-24T10:00:00.000Z')

function scheduler(due: string | null) {
  const push = vi.fn(() => Promise.resolve({ sent: 0, waiting: 0, failed: 0, conflicts: 0 }))
  const outbox = vi.fn(() => [])
  const nextDueAt = vi.fn(() => due)
  const bookings = { push, outbox, nextDueAt } as unknown as BookingsService
  const session = { status: () => ({ state: 'signed_in' }) } as unknown as SessionService
  const s = new PushScheduler(bookings, session, new CoreEvents(), 1000, () => NOW)
  return { s, push, outbox, nextDueAt }
}

describe('the push scheduler', () => {
  afterEach(() => vi.useRealTimers())

  it.each([
    ['an entry may go at once', '', 1],
    ['an entry waited out its backoff', '2026-11-24T09:59:59.000Z', 1],
    ['the earliest entry still waits out its backoff', '2026-11-24T10:00:30.000Z', 0],
    ['nothing waits', null, 0],
  ])('when %s, pushes %i time(s) per tick, asking only the due time', (_case, due, pushes) => {
    vi.useFakeTimers()
    const { s, push, outbox, nextDueAt } = scheduler(due)
    vi.advanceTimersByTime(1000)
    s.close()
    expect(nextDueAt).toHaveBeenCalledTimes(1)
    expect(push).toHaveBeenCalledTimes(pushes)
    expect(outbox).not.toHaveBeenCalled()
  })
})
