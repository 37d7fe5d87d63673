import type { ConnectionState } from '../../../src-shared/domain'
import type { CoreEvents } from '../events'

/**
 * Whether the service answers, learned from every exchange. While offline it
 * probes now and then so the status bar turns green without the user acting.
 */
export class ConnectionMonitor {
  private state: ConnectionState = { online: false, lastContactAt: null }
  private probeTimer: NodeJS.Timeout | null = null
  private probe: (() => Promise<unknown>) | null = null

  constructor(
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    private readonly probeEveryMs = 15_000,
  ) {}

  status(): ConnectionState {
    return this.state
  }

  /** Starts watching a signed-in account; `probe` is a cheap read of the service. */
  watch(probe: (() => Promise<unknown>) | null): void {
    this.probe = probe
    this.stopProbing()
    if (!probe) this.set({ online: false, lastContactAt: this.state.lastContactAt })
  }

  record(answered: boolean): void {
    const next = answered ? { online: true, lastContactAt: this.now().toISOString() } : { ...this.state, online: false }
    this.set(next)
    if (answered) this.stopProbing()
    else this.startProbing()
  }

  close(): void {
    this.stopProbing()
    this.probe = null
  }

  private set(next: ConnectionState): void {
    const changed = next.online !== this.state.online
    this.state = next
    if (changed) this.events.emit('connection.changed', next)
  }

  private startProbing(): void {
    if (this.probeTimer || !this.probe) return
    this.probeTimer = setInterval(() => {
      // The probe's own outcome is recorded through the client's contact listener.
      this.probe?.().catch(() => undefined)
    }, this.probeEveryMs)
    this.probeTimer.unref()
  }

  private stopProbing(): void {
    if (this.probeTimer) clearInterval(this.probeTimer)
    this.probeTimer = null
  }
}
