import { olderThan } from '../cache/clockStamp'
import type { CoreEvents } from '../events'
import type { CataloguePulls, SessionState } from './scheduledWork'

/**
 * Keeps the catalogue fresh in the background: right after signing in or
 * switching entity, then whenever the snapshot is older than `everyMs`.
 * Failures are left for the status line (lastError); the next tick tries again.
 */
export class PullScheduler {
  private timer: NodeJS.Timeout | null = null
  private readonly stops: (() => void)[] = []

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
      events.on('connection.changed', (c) => c.online && this.tick()),
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
    setTimeout(() => this.pullNow(), 0).unref()
  }

  private tick(): void {
    if (this.session.status().state !== 'signed_in') return
    let status
    try {
      status = this.catalogue.status()
    } catch {
      status = null
    }
    // Stamped later than now, the clock was set back since: waiting for it to catch up could take a day.
    if (!status?.pulling && olderThan(status?.pulledAt ?? null, this.now(), this.everyMs)) this.pullNow()
  }

  private pullNow(): void {
    if (this.session.status().state !== 'signed_in') return
    this.catalogue.pull().catch(() => undefined)
  }
}
