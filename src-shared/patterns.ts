import { isValid, parseISO } from 'date-fns'

/**
 * The shapes our own inputs take, written once: the forms, the CLI, the core's schemas and the
 * sandbox all test quantities, ids and dates against these, so a value one accepts the others accept
 * (their zod schemas: patternSchemas.ts; this file loads no zod, for the window's first screen).
 * Quantities and money are decimal strings with a dot (12 or 12.5): no sign, exponent or comma.
 */

/** A decimal without sign: 0, 12, 12.5. */
export const decimalPattern = /^\d+(\.\d+)?$/
/** A decimal that may be negative (amounts, and numbers as the service writes them). */
export const signedDecimalPattern = /^-?\d+(\.\d+)?$/
/** Digits only: an id or a whole count typed as text. */
export const wholeNumberPattern = /^\d+$/
/** The shape of a calendar day, YYYY-MM-DD (whether the day exists: isCalendarDate). */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/

/** A day that is on the calendar, YYYY-MM-DD: 2028-02-29 is one, 2025-02-29 and 2025-02-30 are not. */
export function isCalendarDate(text: string): boolean {
  return isoDatePattern.test(text) && isValid(parseISO(text))
}

/** A quantity a line may take: a decimal above zero (surrounding spaces allowed, as typed). */
export function isPositiveDecimal(text: string): boolean {
  const t = text.trim()
  // Above zero exactly when some digit is not 0: no float rounding decides it.
  return decimalPattern.test(t) && /[1-9]/.test(t)
}

/**
 * What the service's quantity columns hold, as we chose it (docs/real-service-notes.md, "Quantities"):
 * at most 4 decimals and 9 digits before the point. Within it, a quantity in millionths stays an exact
 * integer in SQLite and in a double, so the local stock figures never round or saturate.
 */
export const quantityLimits = { decimals: 4, wholeDigits: 9, largest: '999999999.9999' } as const

export type QuantityProblem = 'notPositive' | 'tooManyDecimals' | 'tooLarge'

/** Why a typed quantity cannot be booked or sent, or null when it can. */
export function quantityProblem(text: string): QuantityProblem | null {
  const t = text.trim()
  if (!isPositiveDecimal(t)) return 'notPositive'
  const [whole = '', fraction = ''] = t.split('.')
  if (fraction.replace(/0+$/, '').length > quantityLimits.decimals) return 'tooManyDecimals'
  if (whole.replace(/^0+/, '').length > quantityLimits.wholeDigits) return 'tooLarge'
  return null
}

/** A quantity within the service's precision and range, above zero. */
export function isValidQuantity(text: string): boolean {
  return quantityProblem(text) === null
}

/**
 * The refusal of a quantity, with its limit, worded as the service's own validation messages are
 * (the screens say it in the clerk's language from its meaning: composables/serviceFieldText.ts).
 */
export function quantityProblemText(problem: QuantityProblem): string {
  if (problem === 'tooManyDecimals') return `must have at most ${quantityLimits.decimals} decimals`
  if (problem === 'tooLarge') return `must be less than or equal to ${quantityLimits.largest}`
  return 'must be greater than 0'
}

/**
 * A text's length as the service counts it: Rails validates length in characters (Unicode code points),
 * not in UTF-16 units as JavaScript's `length` does, so "🙂" is one character there, two here.
 */
export function characterCount(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** The refusal of a text beyond `max` characters, worded as Rails words it. */
export function tooLongText(max: number): string {
  return `is too long (maximum is ${max} characters)`
}

/** A whole number above zero typed as text (an id on the command line); null when it is not one. */
export function parsePositiveWhole(text: string): number | null {
  if (!wholeNumberPattern.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
