import type { ConnectionLink, ConnectionState } from '@shared/domain'
import { clockIsOff } from '@shared/serviceClock'
import type { ContactOutcome } from '../api/restClient'
import type { CoreEvents } from '../events'

const linkAfter: Record<ContactOutcome, ConnectionLink> = { answered: 'online', failing: 'failing', unreachable: 'offline' }

/**
 * Whether the service answers, learned from every exchange: online, failing
 * (reached, but 5xx or no answer in time) or offline (not reached). While not
 * online it probes now and then so the status turns green without the user acting.
 */
export class ConnectionMonitor {
  private state: ConnectionState = { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null }
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
    if (!probe) this.set('offline', this.state.lastContactAt)
  }

  record(outcome: ContactOutcome): void {
    const link = linkAfter[outcome]
    // Only a good answer is a "last contact": a 5xx tells the clerk nothing was done.
    this.set(link, link === 'online' ? this.now().toISOString() : this.state.lastContactAt)
    if (link === 'online') this.stopProbing()
    else this.startProbing()
  }

  /**
   * The signed-in service's clock against the computer's. The screens are told when it becomes worth
   * saying (or stops being) and when it moves by a minute; smaller moves wait for their next read.
   */
  noteClockOffset(offsetMs: number | null): void {
    const before = this.state.clockOffsetMs
    this.state = { ...this.state, clockOffsetMs: offsetMs }
    const moved = before === null || offsetMs === null ? before !== offsetMs : Math.abs(offsetMs - before) >= 60_000
    if (clockIsOff(before) !== clockIsOff(offsetMs) || (clockIsOff(offsetMs) && moved)) this.events.emit('connection.changed', this.state)
  }

  close(): void {
    this.stopProbing()
    this.probe = null
  }

  private set(link: ConnectionLink, lastContactAt: string | null): void {
    const changed = link !== this.state.link
    this.state = { ...this.state, online: link === 'online', link, lastContactAt }
    if (changed) this.events.emit('connection.changed', this.state)
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
