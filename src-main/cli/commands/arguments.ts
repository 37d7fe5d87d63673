import { isCalendarDate, parsePositiveWhole, quantityProblem, quantityProblemText } from '@shared/patterns'
import { UsageError } from '../output'

/** What the commands' arguments must look like, checked once with the patterns the forms and the core use (src-shared/patterns.ts). */

/** Commander's accumulator for a repeatable option. */
export const collect = (value: string, previous: string[] = []) => [...previous, value]

/** An id or a count: a whole number above zero. */
export function positiveInt(value: string, what: string): number {
  const n = parsePositiveWhole(value)
  if (n === null) throw new UsageError(`${what} must be a positive whole number: ${value}`)
  return n
}

/** `undefined` when the option was not given. */
export function optionalPositiveInt(value: string | undefined, what: string): number | undefined {
  return value === undefined ? undefined : positiveInt(value, what)
}

/** A quantity within the service's precision and range; the refusal names the limit. */
export function quantity(value: string, what: string): string {
  const problem = quantityProblem(value)
  if (problem) throw new UsageError(`${what}: the quantity ${quantityProblemText(problem)}, got ${value}`)
  return value.trim()
}

/** A day on the calendar, YYYY-MM-DD; `undefined` when the option was not given. */
export function optionalDate(value: string | undefined, what: string): string | undefined {
  if (value !== undefined && !isCalendarDate(value)) throw new UsageError(`${what} must be a day on the calendar, YYYY-MM-DD: ${value}`)
  return value
}
