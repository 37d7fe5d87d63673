import { workerData } from 'node:worker_threads'
import { lowerThisThread } from '@core/sync/threadPriority'

// Busy for `busyMs`, then asleep for `restMs`, until told to stop; at `niceness`, lowered as the pull's thread lowers
// its own. `parsing`: busy parsing a page of rows as a pull does, its garbage left to V8's collector.
const job = workerData as { stop: SharedArrayBuffer; busyMs: number; restMs: number; niceness: number; parsing: boolean }
if (job.niceness) lowerThisThread(job.niceness)
const page = JSON.stringify(Array.from({ length: 1000 }, (_, id) => ({ id, code: `C${id}`, name: `Item ${id}`, stock: '12.5' })))
const work = job.parsing ? () => JSON.parse(page) as unknown : () => undefined
const stop = new Int32Array(job.stop)
const rest = new Int32Array(new SharedArrayBuffer(4))
while (Atomics.load(stop, 0) === 0) {
  const until = performance.now() + job.busyMs
  while (performance.now() < until) work()
  Atomics.wait(rest, 0, 0, job.restMs)
}
