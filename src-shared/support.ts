import { z } from 'zod'
import { localisedText } from './errors'

/**
 * What `mostrador doctor` and Help → Diagnostics show: one line per check.
 * `ok` is false only for a failure (level `error`); a warning still passes.
 */
export const doctorCheckIds = ['dataFolder', 'cacheIntegrity', 'keychain', 'service', 'clock', 'outbox', 'versions', 'runner', 'platform'] as const
export const doctorLevel = z.enum(['ok', 'info', 'warn', 'error'])
export type DoctorLevel = z.infer<typeof doctorLevel>

export const doctorCheck = z.object({
  id: z.enum(doctorCheckIds),
  ok: z.boolean(),
  level: doctorLevel,
  message: localisedText,
  /** Technical words for a support person (a path, an OS error); never a secret. */
  detail: z.string().nullable(),
})
export type DoctorCheck = z.infer<typeof doctorCheck>

export const doctorReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(doctorCheck),
})
export type DoctorReport = z.infer<typeof doctorReport>
