import { performance } from 'node:perf_hooks'
import type { RequestName } from '@shared/contract'
import { COUNTER_QUIET_MS, type CounterGate } from '../cache/heldTransaction'

/** A request counts for this long at most: one that waits for the service must not hold the pull as long. */
const COUNTED_MS = 20
/**
 * What the window asks on its own, with nobody waiting for the answer: the status bar's look at the line every 15 s,
 * and the pull's own start. Counted, each made a pull with no clerk about rest for a second.
 */
const UNATTENDED: ReadonlySet<RequestName> = new Set(['connection.status', 'catalogue.pull'])
/** The longest rest at a time: a staged batch of the large seed and what reads it take some 10–40 ms. */
const MOST_REST_MS = 100

/**
 * The counter's requests being answered on the main thread, counted where the pull's thread can see them
 * (shared memory, no message): before each staged batch the pull waits while there are any. SQLite's lock is not
 * fair: a booking's commit waiting for the file slept and retried while the pull wrote its batches back to back,
 * and waited 140 ms at p99 on the large seed; a scan shared the processor with the pull's writing.
 */
export class CounterRequests {
  /** The requests being answered, then how many began (it wraps: only a change is read). */
  readonly shared = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)
  private readonly count = new Int32Array(this.shared)

  /** Counts a request from now until the returned function is called, or COUNTED_MS have passed (not an UNATTENDED one). */
  begin(name: RequestName): () => void {
    if (UNATTENDED.has(name)) return () => {}
    Atomics.add(this.count, 0, 1)
    Atomics.add(this.count, 1, 1)
    Atomics.notify(this.count, 0) // a pull's transaction held open is committed at once (CounterGate.nextAsk)
    let counted = true
    const end = () => {
      if (!counted) return
      counted = false
      clearTimeout(timer)
      Atomics.sub(this.count, 0, 1)
      Atomics.notify(this.count, 0)
    }
    const timer = setTimeout(end, COUNTED_MS)
    timer.unref()
    return end
  }
}

/** In the pull's thread, before a batch: waits while the counter's requests are answered (COUNTED_MS at most). */
export function letCounterFirst(shared: SharedArrayBuffer): void {
  const count = new Int32Array(shared)
  const until = performance.now() + COUNTED_MS
  for (let n = Atomics.load(count, 0); n > 0; n = Atomics.load(count, 0)) {
    const left = until - performance.now()
    if (left <= 0) return
    Atomics.wait(count, 0, n, left)
  }
}

/**
 * The gate on the counter's shared count (CounterRequests.shared). While the counter is at work, the pull's thread
 * rests before each batch as long as it worked since the one before (its event loop's active time): it leaves the
 * processors free half the time. On two processors, a lowered thread that kept one busy and a service's answers the
 * other made a clerk's request wait for a scheduler tick now and then (a scan's p99 during a full pull 3.1–3.7 × idle,
 * beside 1.5–2.2 resting); a full pull while a clerk works takes about 1.8 × as long, and as long as before otherwise.
 */
export function counterGate(shared: SharedArrayBuffer): CounterGate {
  const count = new Int32Array(shared)
  let begun = Atomics.load(count, 1)
  let lastSeen = -Infinity
  const resting = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))
  let workedSince = performance.eventLoopUtilization()
  const gate: CounterGate = {
    letFirst: () => {
      if (gate.askedWithin(COUNTER_QUIET_MS)) {
        const worked = performance.eventLoopUtilization(workedSince).active
        Atomics.wait(resting, 0, 0, Math.min(worked, MOST_REST_MS))
      }
      letCounterFirst(shared)
      workedSince = performance.eventLoopUtilization()
    },
    asking: () => Atomics.load(count, 0) > 0,
    askedWithin: (ms) => {
      const now = performance.now()
      const begunNow = Atomics.load(count, 1)
      if (begunNow !== begun || Atomics.load(count, 0) > 0) {
        begun = begunNow
        lastSeen = now
      }
      return now - lastSeen < ms
    },
    nextAsk: (ms) => {
      const wait = Atomics.waitAsync(count, 0, 0, ms)
      return wait.async ? wait.value.then(() => undefined) : Promise.resolve()
    },
  }
  return gate
}
