/**
 * One pull per catalogue (a process lock: processLock.ts), held from the pull's first read to its last write. Every
 * full pull stages its snapshot in the same `next_` tables of the cache and drops what it finds there first (a failed
 * pull's leftovers), so two processes pulling at once (the app's scheduled pull and `mostrador sync`, say) dropped
 * each other's tables: both failed on SQL errors, and one could swap in a snapshot the other had half filled. Beside
 * the cache and named for it: `entity-7.sqlite` → `entity-7.puller.lock`.
 */
export function pullLockFile(cacheFile: string): string {
  return cacheFile.replace(/\.sqlite$/, '') + '.puller.lock'
}

/**
 * How long a pull waits for another process's to end before it gives up (another_puller): longer than a full pull of
 * a large catalogue on a slow line, short enough that a process stalled with the lock shows as an error.
 */
export const OTHER_PULL_WAIT_MS = 15 * 60_000

/** How often the lock is tried while another process holds it. */
export const OTHER_PULL_POLL_MS = 500
