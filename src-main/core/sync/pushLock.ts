import { join } from 'node:path'

/**
 * One pusher per data folder (a process lock: processLock.ts): the app, the browser host and the CLI may
 * run at once on one computer, and two pushers would send the same entry twice (each would read the other's
 * entries on the wire back as 'unknown' and send them again). It is not an account or entity cache, whose
 * writers must never wait on a push. The pid file older versions kept (`push.lock`) is not read: its pid
 * means nothing (a reboot reuses pids), and it is left alone rather than deleted, since deleting a lock's
 * file is how two holders come about.
 */
export function pushLockFile(dataDir: string): string {
  return join(dataDir, 'pusher.lock')
}
