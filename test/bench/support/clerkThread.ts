import { Worker } from 'node:worker_threads'

/**
 * A clerk at the counter, in a thread of its own: each request is sent as a message, as the renderer's IPC reaches
 * the desktop app's main process, and timed by the clerk's own clock from sending to the answer. A request that
 * arrives while the core's thread is busy (a pull's batch, an index built in one statement) waits for it, and the
 * wait is in its time; a request timed on the core's own thread starts only once the thread is free, and hides it.
 */
export interface ClerkTimes {
  /** Each request's time from sent to answered, ms, by kind. */
  byKind: Record<string, number[]>
}

/** What the core does for a request of a kind; its answer goes back when the returned promise settles. */
export type ClerkWork = (kind: string, n: number) => Promise<unknown>

// The clerk's loop: a request, its answer, a pause, the next; every `everyOther`th request is of the second kind.
const clerkSource = `
const { parentPort } = require('node:worker_threads')
const { performance } = require('node:perf_hooks')
let stopping = false
let answered = null
parentPort.on('message', (m) => {
  if (m.stop) stopping = true
  else if (m.start) run(m.start)
  else answered?.()
})
async function run({ kinds, every, pauseMs, count }) {
  const byKind = Object.fromEntries(kinds.map((k) => [k, []]))
  for (let n = 0; count === null ? !stopping : n < count; n++) {
    for (const kind of n % every === 0 ? kinds : kinds.slice(0, 1)) {
      const sent = performance.now()
      await new Promise((resolve) => { answered = resolve; parentPort.postMessage({ kind, n }) })
      byKind[kind].push(performance.now() - sent)
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
  parentPort.postMessage({ done: byKind })
}
`

/**
 * Runs the clerk: `kinds[0]` every time, the others too every `every`th time, `pauseMs` between. With `count`, that
 * many times; without, until `until` settles.
 */
export async function runClerk(
  work: ClerkWork,
  options: { kinds: string[]; every: number; pauseMs: number; count?: number; until?: Promise<unknown> },
): Promise<ClerkTimes> {
  const worker = new Worker(clerkSource, { eval: true })
  try {
    const done = new Promise<ClerkTimes>((resolve, reject) => {
      worker.on('error', reject)
      worker.on('message', (m: { kind?: string; n?: number; done?: Record<string, number[]> }) => {
        if (m.done) resolve({ byKind: m.done })
        else work(m.kind!, m.n!).then(() => worker.postMessage({ answer: true }), reject)
      })
    })
    const { kinds, every, pauseMs, count = null } = options
    worker.postMessage({ start: { kinds, every, pauseMs, count } })
    void options.until?.finally(() => worker.postMessage({ stop: true }))
    return await done
  } finally {
    await worker.terminate()
  }
}
