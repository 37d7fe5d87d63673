import type { CoreEvents } from '../events'
import type { OutboxPushes, SessionState } from './scheduledWork'

/**
 * Sends the outbox in the background: every few seconds while something waits
 * (the pusher's own backoff decides what may go), and at once when the line
 * comes back. Failures stay on their entries; nothing here throws.
 */
export class PushScheduler {
  private readonly timer: NodeJS.Timeout
  private readonly stop: () => void

  constructor(
    private readonly bookings: OutboxPushes,
    private readonly session: SessionState,
    events: CoreEvents,
    everyMs = 3000,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.timer = setInterval(() => this.tick(), everyMs)
    this.timer.unref()
    this.stop = events.on('connection.changed', (c) => c.online && this.tick())
  }

  close(): void {
    clearInterval(this.timer)
    this.stop()
  }

  private tick(): void {
    if (this.session.status().state !== 'signed_in') return
    try {
      // One indexed question (the earliest due time), not a list of the outbox: it runs every few seconds.
      const due = this.bookings.nextDueAt()
      if (due === null || due > this.now().toISOString()) return
    } catch {
      return
    }
    this.bookings.push().catch(() => undefined)
  }
}
