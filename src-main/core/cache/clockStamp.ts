/**
 * When something was read, as the cache keeps it to tell its age: this computer's time then, and the service's
 * clock minus this computer's as known then (null: not measured yet). Either clock may be set right or wrong
 * after the stamp; with both, an age is never told younger than either clock makes it.
 */
export interface ClockStamp {
  at: string
  offsetMs: number | null
}

/** A time later than now by more than this was stamped before the clock was set back (less: a clock's slewing). */
const SET_BACK_MS = 60_000

export function stampNow(now: Date, offsetMs: number | null): ClockStamp {
  return { at: now.toISOString(), offsetMs }
}

/**
 * `stamp` on this computer's clock as it is now: the earlier of what this clock said then and what the service's
 * clock says it was (its time then, less its offset now). A computer 11 minutes fast at a pull and set right since
 * makes the pull 11 minutes older, not newer; one set wrong since leaves it as this clock says.
 */
export function stampOnClockNow(stamp: ClockStamp, offsetNowMs: number | null): string {
  if (stamp.offsetMs === null || offsetNowMs === null) return stamp.at
  const at = Date.parse(stamp.at)
  const byService = at + stamp.offsetMs - offsetNowMs
  return byService < at ? new Date(byService).toISOString() : stamp.at
}

/**
 * Whether what was read at `at` (on this clock as it is now; null: never) is older than `limitMs`. A time later than
 * now was read before the clock was set back, by how much no answer said: it is of no known age, and counts as old.
 */
export function olderThan(at: string | null, now: Date, limitMs: number): boolean {
  if (at === null) return true
  const age = now.getTime() - Date.parse(at)
  return age < -SET_BACK_MS || age > limitMs
}
