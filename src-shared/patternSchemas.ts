import { z } from 'zod'
import { decimalPattern, isoDatePattern, isPositiveDecimal, signedDecimalPattern } from './patterns'

/** The zod schemas of patterns.ts's shapes, for the contract's and the domain's schemas. */

export const int = z.number().int()
/** A record's id on the service: a whole number above zero. */
export const recordId = z.number().int().positive()
export const decimalText = z.string().regex(decimalPattern, 'must be a positive number')
export const signedDecimalText = z.string().regex(signedDecimalPattern, 'must be a number such as 12 or -12.5')
/** A booked or component quantity: above zero. */
export const positiveQuantity = z
  .string()
  .regex(decimalPattern, 'must be a positive number')
  .refine(isPositiveDecimal, 'must be more than 0')
export const isoDate = z.string().regex(isoDatePattern, 'must be a date YYYY-MM-DD')
