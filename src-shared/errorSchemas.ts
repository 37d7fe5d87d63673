import { z } from 'zod'
import { errorCodes, type ErrorPayload, type LocalisedText } from './errors'

/**
 * The schemas of errors.ts's shapes, for the borders that check them. Apart from errors.ts, so that a
 * window that only raises and shows errors does not load zod to start (test/bench/shell/coldLoad.bench.ts).
 */

export const localisedText = z.object({ es: z.string(), en: z.string() }) satisfies z.ZodType<LocalisedText>

export const errorPayload = z.object({
  code: z.enum(errorCodes),
  message: localisedText,
  detail: z.string().nullable(),
  field: z.string().nullable(),
  fields: z.record(z.string(), z.array(z.string())),
}) satisfies z.ZodType<ErrorPayload>
