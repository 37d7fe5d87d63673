import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionState } from '@shared/domain'
import type { ContactOutcome } from '@core/api/restClient'
import { CoreEvents } from '@core/events'
import { ConnectionMonitor, defaultHeartbeat } from '@core/services/connectionMonitor'
import { ContactOrder } from '@core/api/contactOrder'

/** What the status bar promises: the truth within this long of a change. */
const promised = 30_000

/**
 * A service the test turns: each heartbeat answers as it is set, at once or never
 * (a hang), telling the monitor as the REST client's contact listener does.
 */
function fakeService(monitor: () => ConnectionMonitor) {
  let answer: ContactOutcome | 'hang' = 'answered'
  let asked = 0
  return {
    set: (next: ContactOutcome | 'hang') => (answer = next),
    asked: () => asked,
    probe: async () => {
      asked++
      if (answer === 'hang') return new Promise<never>(() => undefined)
      monitor().record(answer)
    },
  }
}

let events: CoreEvents
let seen: ConnectionState[]
let monitor: ConnectionMonitor
let service: ReturnType<typeof fakeService>

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T10:35:00Z') })
  events = new CoreEvents()
  seen = []
  events.on('connection.changed', (s) => seen.push(s))
  monitor = new ConnectionMonitor(events, () => new Date())
  service = fakeService(() => monitor)
  monitor.watch(service.probe)
  monitor.record('answered')
})
afterEach(() => {
  monitor.close()
  vi.useRealTimers()
})

/** Milliseconds of idle time until the monitor says `link` (fails past the promise, with a margin to show by how much). */
async function msUntil(link: ConnectionState['link']): Promise<number> {
  for (let ms = 0; ms <= promised * 2; ms += 500) {
    if (monitor.status().link === link) return ms
    await vi.advanceTimersByTimeAsync(500)
  }
  throw new Error(`still ${monitor.status().link} after ${promised * 2} ms of idle time`)
}

describe('the heartbeat of an idle app', () => {
  it('keeps its timing inside the promise: a change right after a heartbeat, seen at the next, which may hang to its deadline', () => {
    expect(defaultHeartbeat.everyMs + defaultHeartbeat.deadlineMs).toBeLessThan(promised)
  })

  it('asks nothing while other exchanges keep telling, and asks once a period of silence', async () => {
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(defaultHeartbeat.everyMs - 1000)
      monitor.record('answered')
    }
    expect(service.asked()).toBe(0)
    await vi.advanceTimersByTimeAsync(defaultHeartbeat.everyMs)
    expect(service.asked()).toBe(1)
    await vi.advanceTimersByTimeAsync(defaultHeartbeat.everyMs * 4)
    expect(service.asked()).toBe(5)
  })

  it('says failing within 30 s of the service answering 5xx while online, and online within 30 s of recovery', async () => {
    await vi.advanceTimersByTimeAsync(1000)
    service.set('failing')
    expect(await msUntil('failing')).toBeLessThan(promised)
    service.set('answered')
    expect(await msUntil('online')).toBeLessThan(promised)
  })

  it('says failing within 30 s of the service hanging, judged by its own deadline, and online again after', async () => {
    service.set('hang')
    const ms = await msUntil('failing')
    expect(ms).toBeLessThan(promised)
    expect(ms).toBeGreaterThanOrEqual(defaultHeartbeat.deadlineMs)
    service.set('answered')
    expect(await msUntil('online')).toBeLessThan(promised)
  })

  it('says offline within 30 s of the service going away, with since when, and online within 30 s of its return', async () => {
    await vi.advanceTimersByTimeAsync(5000)
    service.set('unreachable')
    expect(await msUntil('offline')).toBeLessThan(promised)
    const { since, lastContactAt } = monitor.status()
    // Since the heartbeat that found it gone; the last contact stays the last good answer.
    expect(Date.parse(since!)).toBeGreaterThan(Date.parse(lastContactAt!))
    expect(seen.at(-1)).toMatchObject({ link: 'offline', since })
    // Still offline a minute later: the same "since".
    await vi.advanceTimersByTimeAsync(60_000)
    expect(monitor.status().since).toBe(since)
    service.set('answered')
    expect(await msUntil('online')).toBeLessThan(promised)
  })

  it('asks at once when told to, sharing a heartbeat already under way', async () => {
    service.set('unreachable')
    const [a, b] = await Promise.all([monitor.check(), monitor.check()])
    expect(service.asked()).toBe(1)
    expect(a.link).toBe('offline')
    expect(b).toEqual(a)
  })

  it('stops asking when the session ends', async () => {
    monitor.watch(null)
    await vi.advanceTimersByTimeAsync(defaultHeartbeat.everyMs * 4)
    expect(service.asked()).toBe(0)
    expect(monitor.status()).toMatchObject({ link: 'offline', since: null })
  })
})

describe('words heard in another thread', () => {
  it('lets a word asked elsewhere before the last one recorded give way to it, and a newer one stand', () => {
    const elsewhere = new ContactOrder(monitor.order.shared)
    const askedThere = elsewhere.next()
    // Told late (a message between threads), after the main thread heard the line drop.
    monitor.record('unreachable')
    monitor.record('answered', askedThere)
    expect(monitor.status().link).toBe('offline')
    monitor.record('failing', elsewhere.next())
    expect(monitor.status().link).toBe('failing')
  })
})
