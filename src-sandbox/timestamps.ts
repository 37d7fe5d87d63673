/**
 * Timestamps are stored the way the service's database keeps them: UTC,
 * `YYYY-MM-DD HH:MM:SS.ffffff`, no zone. Detail responses give them so; list
 * responses give ISO 8601.
 */
const storedPattern = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})\.(\d{6})$/

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/** A Date (millisecond precision) plus extra microseconds 0–999, in stored form. */
export function toStoredTimestamp(date: Date, extraMicros = 0): string {
  const micros = date.getUTCMilliseconds() * 1000 + extraMicros
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(micros, 6)}`
  )
}

/** The detail form is the stored form; the function exists so callers say which form they mean. */
export function toDetailTimestamp(stored: string): string {
  if (!storedPattern.test(stored)) throw new Error(`not a stored timestamp: ${stored}`)
  return stored
}

/** ISO 8601 in UTC with milliseconds, as list and create responses give it. */
export function toIsoTimestamp(stored: string): string {
  const m = storedPattern.exec(stored)
  if (!m) throw new Error(`not a stored timestamp: ${stored}`)
  return `${m[1]}T${m[2]}.${m[3]!.slice(0, 3)}Z`
}
