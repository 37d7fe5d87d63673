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
/** A calendar day, YYYY-MM-DD. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/

/** A quantity a line may take: a decimal above zero (surrounding spaces allowed, as typed). */
export function isPositiveDecimal(text: string): boolean {
  const t = text.trim()
  // Above zero exactly when some digit is not 0: no float rounding decides it.
  return decimalPattern.test(t) && /[1-9]/.test(t)
}

/** A whole number above zero typed as text (an id on the command line); null when it is not one. */
export function parsePositiveWhole(text: string): number | null {
  if (!wholeNumberPattern.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
