import { olderThan } from '../cache/clockStamp'
import type { CoreEvents } from '../events'
import type { CataloguePulls, SessionState } from './scheduledWork'

/** Ticks (a minute each at the usual interval) the next try waits after the nth failed pull in a row: 1, 2, 4… 30. */
const waitAfter = (failures: number) => Math.min(2 ** (failures - 1), 30)

/**
 * Keeps the catalogue fresh in the background: right after signing in or
 * switching entity, then whenever the snapshot is older than `everyMs`.
 * Failures are left for the status line (lastError). A failed pull may have
 * spent most of a catalogue's bytes on a line that drops: the next tries wait
 * longer each time, and a line that comes back tries once at once (not at
 * every flap) until the next scheduled try.
 */
export class PullScheduler {
  private timer: NodeJS.Timeout | null = null
  private readonly stops: (() => void)[] = []
  private failures = 0
  private ticksLeft = 0
  private lineBackTried = false
  /** The snapshot's time when the last try failed: another time means a pull went through since (the clerk's). */
  private failedOn: string | null = null

  constructor(
    private readonly catalogue: CataloguePulls,
    private readonly session: SessionState,
    events: CoreEvents,
    private readonly everyMs: number,
    private readonly now: () => Date,
  ) {
    this.stops.push(
      events.on('session.changed', (s) => s.state === 'signed_in' && this.soon()),
      events.on('entity.changed', () => this.soon()),
      events.on('connection.changed', (c) => c.online && this.lineBack()),
    )
    this.timer = setInterval(() => this.tick(), Math.min(everyMs, 60_000))
    this.timer.unref()
    this.soon()
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    for (const stop of this.stops.splice(0)) stop()
  }

  private soon(): void {
    this.failures = this.ticksLeft = 0
    setTimeout(() => this.pullNow(), 0).unref()
  }

  private lineBack(): void {
    if (this.failures > 0 && this.lineBackTried) return
    this.lineBackTried = true
    this.tryIfOld()
  }

  private tick(): void {
    if (this.failures > 0 && (this.status()?.pulledAt ?? null) !== this.failedOn) this.failures = this.ticksLeft = 0
    if (this.ticksLeft > 0 && --this.ticksLeft > 0) return
    this.lineBackTried = false
    this.tryIfOld()
  }

  private tryIfOld(): void {
    if (this.session.status().state !== 'signed_in') return
    const status = this.status()
    // Stamped later than now, the clock was set back since: waiting for it to catch up could take a day.
    if (!status?.pulling && olderThan(status?.pulledAt ?? null, this.now(), this.everyMs)) this.pullNow()
  }

  private pullNow(): void {
    if (this.session.status().state !== 'signed_in') return
    this.catalogue.pull().then(
      () => (this.failures = this.ticksLeft = 0),
      () => {
        this.ticksLeft = waitAfter(++this.failures)
        this.failedOn = this.status()?.pulledAt ?? null
      },
    )
  }

  private status() {
    try {
      return this.catalogue.status()
    } catch {
      return null
    }
  }
}
