import type { OutboxCounts, UpdatesOffReason } from '@shared/updates'

/**
 * The rules for updates, in one place and free of Electron, so the desktop
 * adapter, the core and the tests all ask the same questions.
 */

/** Whether updates run at all here, and if not, why. */
export function updatesAvailability(input: {
  /** Absent under the browser host and the CLI. */
  desktop: boolean
  /** The feed address built into the app; null when the build had none. */
  feedUrl: string | null
  /** Settings → updates (a managed shop turns them off). */
  settingEnabled: boolean
  env: NodeJS.ProcessEnv
}): { on: true } | { on: false; reason: UpdatesOffReason } {
  if (!input.desktop) return { on: false, reason: 'not_desktop' }
  if (!input.feedUrl) return { on: false, reason: 'no_feed' }
  if (!isHttpsFeed(input.feedUrl)) return { on: false, reason: 'insecure_feed' }
  // An administrator's word beats the user's setting.
  if (/^(off|0|false|no)$/i.test(input.env.MOSTRADOR_UPDATES?.trim() ?? '')) return { on: false, reason: 'policy' }
  if (!input.settingEnabled) return { on: false, reason: 'disabled' }
  return { on: true }
}

/** An update feed must be https: what it lists is downloaded and run as the new app. */
export function isHttpsFeed(feedUrl: string): boolean {
  try {
    return new URL(feedUrl).protocol === 'https:'
  } catch {
    return false
  }
}

/** Nothing waiting, failed or in conflict: a restart loses no booking the user has not seen through. */
export function outboxIsEmpty(c: OutboxCounts): boolean {
  return c.waiting === 0 && c.failed === 0 && c.conflicts === 0
}

export type InstallVerdict = { install: true } | { install: false; why: 'off' | 'not_agreed' | 'not_ready' | 'outbox_not_empty' }

/**
 * Install only when updates are on, a version is downloaded, the user said so,
 * and the outbox is empty — a counter is never restarted with unsent bookings.
 */
export function installVerdict(input: { on: boolean; ready: boolean; userAgreed: boolean; outbox: OutboxCounts }): InstallVerdict {
  if (!input.on) return { install: false, why: 'off' }
  if (!input.ready) return { install: false, why: 'not_ready' }
  if (!input.userAgreed) return { install: false, why: 'not_agreed' }
  if (!outboxIsEmpty(input.outbox)) return { install: false, why: 'outbox_not_empty' }
  return { install: true }
}

/** How often a running app looks for a new version. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000
