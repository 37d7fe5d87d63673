import type { CoreEvents } from '../events'
import type { BookingsService } from '../services/bookingsService'
import type { SessionService } from '../services/sessionService'

/**
 * Sends the outbox in the background: every few seconds while something waits
 * (the pusher's own backoff decides what may go), and at once when the line
 * comes back. Failures stay on their entries; nothing here throws.
 */
export class PushScheduler {
  private readonly timer: NodeJS.Timeout
  private readonly stop: () => void

  constructor(
    private readonly bookings: BookingsService,
    private readonly session: SessionService,
    events: CoreEvents,
    everyMs = 3000,
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
      if (!this.bookings.outbox().some((e) => e.state === 'queued' || e.state === 'unknown')) return
    } catch {
      return
    }
    this.bookings.push().catch(() => undefined)
  }
}
