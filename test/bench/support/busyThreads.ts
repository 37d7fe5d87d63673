import { Worker } from 'node:worker_threads'
import busyWorkerPath from './busyWorker?modulePath'

/**
 * Threads that only use the processor, `share` of the time each (in 20 ms rounds): a load as heavy as a pull and its
 * service, without either, to tell what the machine's scheduler does to a clerk's request from what a pull does.
 * `niceness` lowers their priority below the clerk's, as the pull's thread's is.
 */
export function busyThreads(count: number, share: number, niceness = 0): { stop: () => Promise<void> } {
  const stop = new SharedArrayBuffer(4)
  const workerData = { stop, busyMs: 20 * share, restMs: 20 * (1 - share), niceness }
  const threads = Array.from({ length: count }, () => new Worker(busyWorkerPath, { workerData }))
  return {
    stop: async () => {
      Atomics.store(new Int32Array(stop), 0, 1)
      await Promise.all(threads.map((t) => t.terminate()))
    },
  }
}
