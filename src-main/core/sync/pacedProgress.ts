import type { PullProgress } from '@shared/catalogue'

/** A progress bar redrawn ten times a second looks smooth; a pull's batches come far faster. */
export const PROGRESS_EVERY_MS = 100

/**
 * `tell`, at most once every `everyMs` within a phase: a full pull of the large seed writes about a thousand batches,
 * and each progress crossed from the pull's thread to the main thread and on to the window, which drew it, on the
 * processors the clerk's scan needs. A new phase always goes at once, after the last figure of the one before (the
 * bar ends at its whole count).
 */
export function pacedProgress(
  tell: (p: PullProgress) => void,
  everyMs = PROGRESS_EVERY_MS,
  now = () => performance.now(),
): (p: PullProgress) => void {
  let told: PullProgress | null = null
  let toldAt = -Infinity
  let held: PullProgress | null = null
  const send = (p: PullProgress) => {
    tell(p)
    told = p
    toldAt = now()
    held = null
  }
  return (p) => {
    if (told?.phase !== p.phase) {
      if (held) send(held)
      return send(p)
    }
    if (now() - toldAt >= everyMs) send(p)
    else held = p
  }
}
