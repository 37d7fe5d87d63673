import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'

/**
 * One pusher per data folder: the app, the browser host and the CLI may run
 * at once on one machine, and two pushers would send the same entry twice.
 * The lock is a file created exclusively, holding the owner's pid; a lock
 * whose owner is dead is taken over.
 */
export function tryLock(file: string): (() => void) | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      if (ownerAlive(file)) return null
      rmSync(file, { force: true })
    }
  }
  return null
}

function ownerAlive(file: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(file, 'utf8'))
  } catch {
    return false
  }
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
