import { z } from 'zod'

/** What every area's part of the contract is built from (assembled in src-shared/contract.ts). */
export const none = z.undefined()
export const url = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((s) => /^https?:\/\/[^\s/]+/i.test(s), { message: 'must start with http:// or https://' })

/** A booking is named by its local id (a UUID) or, once confirmed, its service id. */
export const bookingRef = z
  .string()
  .trim()
  .regex(/^(\d+|[0-9a-f-]{36})$/i, 'a booking number or local id')
export const syncSummary = z.object({
  waiting: z.number().int(),
  failed: z.number().int(),
  conflicts: z.number().int(),
  pushing: z.boolean(),
  /** The service refused the session while sending: the entries are kept until the user signs in again. */
  signInNeeded: z.boolean(),
  /**
   * Which of the core's readings this is: each summary it builds (and each delta of bookings, which carries
   * one) has a higher number than the last. Answers travel apart from events, so a window takes a reading
   * only when it is not older than what it holds.
   */
  version: z.number().int().nonnegative(),
})
export type SyncSummary = z.infer<typeof syncSummary>
export const pushReport = z.object({
  sent: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  conflicts: z.number().int(),
})

export function entry<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output }
}
