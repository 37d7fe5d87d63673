import { workerData } from 'node:worker_threads'
import { lowerThisThread } from '@core/sync/threadPriority'

// Busy for `busyMs`, then asleep for `restMs`, until told to stop; at `niceness`, lowered as the pull's thread lowers its own.
const job = workerData as { stop: SharedArrayBuffer; busyMs: number; restMs: number; niceness: number }
if (job.niceness) lowerThisThread(job.niceness)
const stop = new Int32Array(job.stop)
const rest = new Int32Array(new SharedArrayBuffer(4))
while (Atomics.load(stop, 0) === 0) {
  const until = performance.now() + job.busyMs
  while (performance.now() < until);
  Atomics.wait(rest, 0, 0, job.restMs)
}
