import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'

/**
 * How much less the pull's thread weighs than the counter's when both want a processor: at 10, about a tenth
 * (Linux's weights). Alone, it still has every processor.
 */
export const PULL_NICENESS = 10

/**
 * Lowers the calling thread's priority and no other's. On Linux each thread is a task of its own, named by
 * /proc/thread-self, whose priority can be set alone (lowering it needs no privilege); elsewhere Node can only set a
 * whole process's, which would slow the counter too, so it is left. Returns whether it was lowered.
 */
export function lowerThisThread(niceness: number): boolean {
  if (process.platform !== 'linux') return false
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), niceness)
    return true
  } catch {
    return false
  }
}
