/**
 * The computer's clock against the service's. Nothing the outbox decides depends on it (a lost create
 * is found by its marker, with no time window), but a clock this far off makes the dates a clerk sees
 * and types wrong near midnight, so the status bar and doctor say so and by how much.
 */
export const clockWarningMs = 2 * 60 * 1000

/** Whether a measured offset (the service's clock minus the computer's) is worth telling the clerk. */
export function clockIsOff(offsetMs: number | null): offsetMs is number {
  return offsetMs !== null && Math.abs(offsetMs) > clockWarningMs
}

/** An offset's size in whole minutes, or hours and minutes past an hour ("11 min", "3 h", "1 h 5 min": the same in both languages). */
export function offsetInWords(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000)
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}
