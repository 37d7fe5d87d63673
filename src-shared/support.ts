import { z } from 'zod'
import { localisedText } from './errorSchemas'

/**
 * What `mostrador doctor` and Help → Diagnostics show: one line per check.
 * `ok` is false only for a failure (level `error`); a warning still passes.
 */
export const doctorCheckIds = [
  'dataFolder',
  'cacheIntegrity',
  'keychain',
  'service',
  'clock',
  'outbox',
  'setAside',
  'versions',
  'runner',
  'platform',
] as const
export const doctorLevel = z.enum(['ok', 'info', 'warn', 'error'])
export type DoctorLevel = z.infer<typeof doctorLevel>

export const doctorCheck = z.object({
  id: z.enum(doctorCheckIds),
  ok: z.boolean(),
  level: doctorLevel,
  message: localisedText,
  /** Technical words for a support person (a path, an OS error) in both languages; never a secret. */
  detail: localisedText.nullable(),
})
export type DoctorCheck = z.infer<typeof doctorCheck>

export const doctorReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(doctorCheck),
})
export type DoctorReport = z.infer<typeof doctorReport>

/**
 * The service check (`mostrador doctor --service`, Help → Diagnostics "Check
 * the service"): what the signed-in server offers of what the client uses.
 * `ok` is false when something the product needs is refused; an absent
 * extension or an optional part refused only lowers detail.
 */
export const serviceProbeStatus = z.enum(['ok', 'refused', 'failed'])
export type ServiceProbeStatus = z.infer<typeof serviceProbeStatus>

export const serviceDocumentCheck = z.object({
  /** The registry name, `<area>.<what>` (core/api/graphqlDocuments.ts). */
  name: z.string(),
  /** The root fields it reads, for a reader comparing with the server's permissions. */
  rootFields: z.array(z.string()),
  needed: z.boolean(),
  status: serviceProbeStatus,
  /** The server's own words when refused or failed. */
  message: z.string().nullable(),
  /** What stops working (or does with less) while the server refuses it. */
  whenRefused: localisedText,
})
export type ServiceDocumentCheck = z.infer<typeof serviceDocumentCheck>

export const serviceRestCheck = z.object({
  method: z.literal('HEAD'),
  path: z.string(),
  status: serviceProbeStatus,
  httpStatus: z.number().int().nullable(),
  message: z.string().nullable(),
  whenRefused: localisedText,
})
export type ServiceRestCheck = z.infer<typeof serviceRestCheck>

export const serviceExtensionCheck = z.object({
  name: z.string(),
  /** null: the probe got no answer (see message). */
  present: z.boolean().nullable(),
  message: z.string().nullable(),
  /** Used for, and what the client does without it. */
  usedFor: localisedText,
  withoutIt: localisedText,
})
export type ServiceExtensionCheck = z.infer<typeof serviceExtensionCheck>

export const serviceCheckReport = z.object({
  ok: z.boolean(),
  serverUrl: z.string(),
  checkedAt: z.string(),
  /** The outcome in plain words. */
  summary: localisedText,
  graphql: z.array(serviceDocumentCheck),
  rest: z.array(serviceRestCheck),
  extensions: z.array(serviceExtensionCheck),
})
export type ServiceCheckReport = z.infer<typeof serviceCheckReport>

/**
 * A cache file found damaged and set aside (issue 28): what the clerk is told, as a banner in the app and
 * a line of the CLI. `recovered` and `lost` count bookings with unsent work; an account file holds none.
 */
export const dataNotice = z.object({
  kind: z.enum(['entity', 'account']),
  /** The file kept aside, relative to the data folder; null when the cache was missing and its journal remained. */
  setAside: z.string().nullable(),
  recovered: z.number().int().nonnegative(),
  lost: z.number().int().nonnegative(),
  at: z.string(),
  message: localisedText,
})
export type DataNotice = z.infer<typeof dataNotice>
