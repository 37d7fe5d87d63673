import { z } from 'zod'

/** Why updates are off: the renderer says it in the user's language. */
export const updatesOffReason = z.enum([
  'not_desktop', // the browser host and the CLI: the desktop app handles updates
  'no_feed', // this build has no update address (MAIN_VITE_UPDATE_URL was unset when it was built)
  'insecure_feed', // the build's update address is not https: an installer fetched in clear could be swapped on the way
  'disabled', // the setting in Settings (a managed shop)
  'policy', // MOSTRADOR_UPDATES=off in the environment (set by the shop's administrator)
])
export type UpdatesOffReason = z.infer<typeof updatesOffReason>

/** What waits in the outbox, in every account and entity on this computer: an update waits for it to be empty. */
export const outboxCounts = z.object({ waiting: z.number().int(), failed: z.number().int(), conflicts: z.number().int() })
export type OutboxCounts = z.infer<typeof outboxCounts>

export const updateStatus = z.object({
  state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
  offReason: updatesOffReason.nullable(),
  /** Download progress, 0–100, while downloading. */
  percent: z.number().nullable(),
  /** The version downloading or ready to install. */
  version: z.string().nullable(),
  /** The updater's own words when state is error (no secret: a feed URL at most). */
  error: z.string().nullable(),
  /** The user's setting (Settings → updates). */
  enabled: z.boolean(),
  /** Unsent work that holds the install back; null when nothing waits. */
  blockedBy: outboxCounts.nullable(),
})
export type UpdateStatus = z.infer<typeof updateStatus>
