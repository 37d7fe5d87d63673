import { parsePositiveWhole } from '@shared/patterns'
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
