import { z } from 'zod'
import {
  characterCount,
  decimalPattern,
  isCalendarDate,
  isoDatePattern,
  quantityProblem,
  quantityProblemText,
  signedDecimalPattern,
  tooLongText,
} from './patterns'

/** The zod schemas of patterns.ts's shapes, for the contract's and the domain's schemas. */

export const int = z.number().int()
/** A record's id on the service: a whole number above zero. */
export const recordId = z.number().int().positive()
export const decimalText = z.string().regex(decimalPattern, 'must be a positive number')
export const signedDecimalText = z.string().regex(signedDecimalPattern, 'must be a number such as 12 or -12.5')
/** A booked or component quantity: above zero, within the service's precision and range (the limit in the message). */
export const positiveQuantity = z.string().superRefine((text, ctx) => {
  const problem = decimalPattern.test(text) ? quantityProblem(text) : 'notADecimal'
  if (problem === 'notADecimal') ctx.addIssue({ code: 'custom', message: 'must be a positive number' })
  else if (problem) ctx.addIssue({ code: 'custom', message: quantityProblemText(problem) })
})
/** A day on the calendar, YYYY-MM-DD: 2025-02-30 is refused here, not by the service after a sync. */
export const isoDate = z.string().superRefine((text, ctx) => {
  if (!isoDatePattern.test(text)) ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' })
  else if (!isCalendarDate(text)) ctx.addIssue({ code: 'custom', message: 'is invalid: that day is not on the calendar' })
})

/** A text the service keeps, at most `max` characters counted as it counts them (code points). */
export function serviceText<S extends z.ZodString>(schema: S, max: number): S {
  return schema.refine((text) => characterCount(text) <= max, tooLongText(max))
}
