import type { ConnectionLink, ConnectionState } from '@shared/domain'
import { clockIsOff } from '@shared/serviceClock'
import { ContactOrder } from '../api/contactOrder'
import type { ContactOutcome } from '../api/restClient'
import type { CoreEvents } from '../events'

const linkAfter: Record<ContactOutcome, ConnectionLink> = { answered: 'online', failing: 'failing', unreachable: 'offline' }

/**
 * When the app asks the service on its own. The status bar promises the truth within 30 s: a change
 * right after the last word is seen at the next heartbeat (`everyMs`), and a heartbeat that hangs is
 * judged at its deadline, so `everyMs + deadlineMs` must stay under 30 s.
 */
export interface HeartbeatTiming {
  /** How long the app goes without a word from the service before it asks. */
  everyMs: number
  /** How long a heartbeat may take before the service is judged failing (a hanging service). */
  deadlineMs: number
}

// The deadline is a little over the heartbeat request's own (answerLimits.ts), which normally ends it first.
export const defaultHeartbeat: HeartbeatTiming = { everyMs: 15_000, deadlineMs: 9_000 }

/**
 * Whether the service answers, learned from every exchange: online, failing
 * (reached, but 5xx or no answer in time) or offline (not reached), and since
 * when. When no exchange has told anything for a while, it asks the service
 * itself (the heartbeat), online or not, so an idle counter's status is never
 * older than the heartbeat's timing.
 */
export class ConnectionMonitor {
  private state: ConnectionState = { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null }
  private timer: NodeJS.Timeout | null = null
  private probe: (() => Promise<unknown>) | null = null
  private beating: Promise<void> | null = null
  private words = 0
  /** Shared with the threads that ask the service too (the pull's): each word is stamped when its question was asked. */
  readonly order = new ContactOrder()
  private lastStamp = 0

  constructor(
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    private readonly timing: HeartbeatTiming = defaultHeartbeat,
  ) {}

  status(): ConnectionState {
    return this.state
  }

  /** Starts watching a signed-in account; `probe` is the heartbeat, whose outcome comes back through `record`. */
  watch(probe: (() => Promise<unknown>) | null): void {
    this.probe = probe
    if (probe) this.schedule()
    else {
      this.stop()
      this.set('offline', this.state.lastContactAt, null)
    }
  }

  /** How many exchanges have told the state so far: a caller compares two readings to know whether any came between. */
  heard(): number {
    return this.words
  }

  /** A word of the line; one stamped before the last recorded (an older question, answered or told late) is older news, and dropped. */
  record(outcome: ContactOutcome, stamp = this.order.next()): void {
    if (stamp < this.lastStamp) return
    this.lastStamp = stamp
    this.words++
    const link = linkAfter[outcome]
    // Only a good answer is a "last contact": a 5xx tells the clerk nothing was done.
    this.set(link, link === 'online' ? this.now().toISOString() : this.state.lastContactAt)
    // Any word from the service is as good as a heartbeat: the next one is due a full period after it.
    if (!this.beating) this.schedule()
  }

  /**
   * Asks the service now (one heartbeat, shared with one already under way) and says what it found:
   * for a clerk's "sync now" with nothing to send, or a line just switched in training mode.
   */
  async check(): Promise<ConnectionState> {
    if (!this.probe) return this.state
    this.beating ??= this.beat().finally(() => {
      this.beating = null
      this.schedule()
    })
    await this.beating
    return this.state
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
    this.stop()
    this.probe = null
  }

  private set(link: ConnectionLink, lastContactAt: string | null, since: string | null = this.now().toISOString()): void {
    const changed = link !== this.state.link
    this.state = { ...this.state, online: link === 'online', link, lastContactAt, since: changed ? since : this.state.since }
    if (changed) this.events.emit('connection.changed', this.state)
  }

  /** One heartbeat: its outcome is recorded by the client's contact listener; one that hangs past the deadline is judged here. */
  private async beat(): Promise<void> {
    const probe = this.probe
    if (!probe) return
    let deadline: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      deadline = setTimeout(() => resolve('late'), this.timing.deadlineMs)
    })
    try {
      const ended = await Promise.race([probe().then(settled, settled), late])
      if (ended === 'late' && this.probe === probe) this.record('failing')
    } finally {
      clearTimeout(deadline)
    }
  }

  private schedule(): void {
    this.stop()
    if (!this.probe) return
    this.timer = setTimeout(() => void this.check(), this.timing.everyMs)
    // A CLI command ends when its work does: the heartbeat never keeps the process alive.
    this.timer.unref?.()
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

const settled = (): 'settled' => 'settled'
