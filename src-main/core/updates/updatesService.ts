import { AppError } from '@shared/errors'
import type { OutboxCounts, UpdateStatus } from '@shared/updates'
import type { CoreEvents } from '../events'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settingsStore'
import { installVerdict, outboxIsEmpty, updatesAvailability } from './updatePolicy'

/** What the updater reports as it works (the desktop adapter turns electron-updater's events into these). */
export type UpdaterReport =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'downloading'; percent: number; version: string | null }
  | { state: 'ready'; version: string }
  | { state: 'error'; message: string }

/** The desktop's updater, as the core sees it; the browser host and the CLI have none. */
export interface UpdaterDriver {
  /** The feed address this build was made with; null: updates are off. */
  readonly feedUrl: string | null
  /** Checks now and then every few hours, downloading in the background. */
  start(report: (r: UpdaterReport) => void, log: Logger): void
  stop(): void
  /** Quits and starts the downloaded version. Called only after the policy said yes. */
  quitAndInstall(): void
}

export interface UpdatesDeps {
  driver: UpdaterDriver | null
  settings: SettingsStore
  events: CoreEvents
  log: Logger
  /** Open outbox entries in every account and entity; and whether a push is under way. */
  outbox: () => OutboxCounts & { pushing?: boolean }
  env: NodeJS.ProcessEnv
}

/**
 * The update state the screens show and the one door to installing: the
 * policy decides, the driver acts.
 */
export class UpdatesService {
  private report: UpdaterReport = { state: 'idle' }
  private running = false

  constructor(private readonly deps: UpdatesDeps) {
    this.apply()
  }

  status(): UpdateStatus {
    const availability = this.availability()
    const counts = this.counts()
    const blockedBy = outboxIsEmpty(counts) ? null : counts
    const enabled = this.deps.settings.get().updates.enabled
    if (!availability.on) {
      return { state: 'off', offReason: availability.reason, percent: null, version: null, error: null, enabled, blockedBy }
    }
    const r = this.report
    return {
      state: r.state,
      offReason: null,
      percent: r.state === 'downloading' ? r.percent : null,
      version: r.state === 'ready' || r.state === 'downloading' ? r.version : null,
      error: r.state === 'error' ? r.message : null,
      enabled,
      blockedBy,
    }
  }

  setEnabled(enabled: boolean): UpdateStatus {
    this.deps.settings.update((s) => ({ ...s, updates: { ...s.updates, enabled } }))
    this.deps.log.info('updates setting changed', { enabled })
    this.apply()
    return this.changed()
  }

  /** The user pressed "install and restart": that is the agreement the policy asks for. */
  install(): UpdateStatus {
    const status = this.status()
    const verdict = installVerdict({
      on: status.state !== 'off',
      ready: this.report.state === 'ready',
      userAgreed: true,
      outbox: this.counts(),
    })
    if (!verdict.install) {
      this.deps.log.warn('update install refused', { why: verdict.why, outbox: status.blockedBy })
      if (verdict.why === 'outbox_not_empty') throw new AppError('outbox_not_empty', { detail: describe(status.blockedBy) })
      throw new AppError('not_ready', { detail: verdict.why === 'off' ? 'updates are off here' : 'no update has been downloaded yet' })
    }
    this.deps.log.info('update install', { version: status.version })
    this.deps.driver?.quitAndInstall()
    return status
  }

  /** The outbox moved: a ready update's install button may have become possible (or not). */
  outboxChanged(): void {
    if (this.report.state === 'ready' && this.running) this.changed()
  }

  close(): void {
    if (this.running) this.deps.driver?.stop()
    this.running = false
  }

  private availability() {
    return updatesAvailability({
      desktop: this.deps.driver !== null,
      feedUrl: this.deps.driver?.feedUrl ?? null,
      settingEnabled: this.deps.settings.get().updates.enabled,
      env: this.deps.env,
    })
  }

  private counts(): OutboxCounts {
    const c = this.deps.outbox()
    // A push on the wire is work in flight: wait for it like for a queued entry.
    return { waiting: c.waiting + (c.pushing && c.waiting === 0 ? 1 : 0), failed: c.failed, conflicts: c.conflicts }
  }

  /** Starts or stops the driver to match the availability. */
  private apply(): void {
    const availability = this.availability()
    if (availability.on && !this.running && this.deps.driver) {
      this.running = true
      this.deps.log.info('updates on', { feed: this.deps.driver.feedUrl })
      this.deps.driver.start((r) => {
        this.report = r
        this.changed()
      }, this.deps.log)
    } else if (!availability.on) {
      if (this.running) this.deps.driver?.stop()
      this.running = false
      this.report = { state: 'idle' }
      if (this.deps.driver) this.deps.log.info('updates off', { reason: availability.reason })
    }
  }

  private changed(): UpdateStatus {
    const status = this.status()
    this.deps.events.emit('updates.changed', status)
    return status
  }
}

function describe(c: OutboxCounts | null): string {
  if (!c) return ''
  return `waiting ${c.waiting}, failed ${c.failed}, conflicts ${c.conflicts}`
}
