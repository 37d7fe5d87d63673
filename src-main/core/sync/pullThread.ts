import { Worker } from 'node:worker_threads'
import type { PullProgress } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import type { ContactListener } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import type { Logger } from '../logging/logger'
import { errorFromThread, type PullJob, type PullThreadAnswer, type PullThreadMessage } from './pullJob'
// Its own bundle, beside the runner's (electron-vite's `?modulePath`; the tests' build: vitest.config.mts).
import pullWorkerPath from './pullWorker?modulePath'

/** What the main thread does with what the pull's thread tells it. */
export interface PullThreadHooks {
  has: (extension: ServiceExtension) => Promise<boolean>
  onProgress: (p: PullProgress) => void
  onContact: ContactListener
  onServiceTime: (offsetMs: number | null) => void
  log: Logger | undefined
}

/** A pull stopped before its end: the session or entity changed, or the core closed. */
export function pullStopped(): AppError {
  return new AppError('network', { detail: 'the pull was stopped (the session or entity changed, or the app closed)' })
}

/** `work`, or pullStopped() as soon as `signal` stops the pull: what it waits for on this thread is not waited for then. */
export function orStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(pullStopped())
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(pullStopped())
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

/**
 * A pull of the catalogue (catalogueSync.ts) run in a worker thread (pullWorker.ts). A full pull parses about 13 MB
 * and writes a thousand batches; on the main thread each batch, parse and checkpoint was a wait for the scan that came
 * meanwhile (16–19 ms at p99 beside 2–3 ms idle on the large seed), and a routine pull writes its changes in one
 * transaction. `signal` stops the thread where it is: a routine pull's transaction is rolled back, a full pull's staged
 * rows are dropped by the next pull; the live snapshot is untouched.
 */
export function pullInThread(job: PullJob, hooks: PullThreadHooks, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(pullWorkerPath, { workerData: job })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', stop)
      // Told once the thread has exited: its connection and the files it held are let go by then.
      void worker.terminate().then(outcome, outcome)
    }
    const stop = () => settle(() => reject(pullStopped()))
    if (signal?.aborted) return stop()
    signal?.addEventListener('abort', stop)
    const answer = (a: PullThreadAnswer) => !settled && worker.postMessage(a)
    worker.on('message', (m: PullThreadMessage) => {
      if (settled) return
      switch (m.kind) {
        case 'progress':
          return hooks.onProgress(m.progress)
        case 'contact':
          return hooks.onContact(m.outcome, m.stamp)
        case 'serviceTime':
          return hooks.onServiceTime(m.offsetMs)
        case 'log':
          return hooks.log?.[m.level](m.msg, m.fields)
        case 'secret':
          return hooks.log?.addSecret(m.value)
        case 'has':
          return void hooks.has(m.extension).then(
            (value) => answer({ kind: 'has', asked: m.asked, value }),
            () => answer({ kind: 'has', asked: m.asked, value: null }),
          )
        case 'done':
          return settle(resolve)
        case 'failed':
          return settle(() => reject(errorFromThread(m.error)))
      }
    })
    worker.once('error', (err) => settle(() => reject(AppError.from(err))))
    worker.once('exit', (code) => settle(() => reject(new AppError('internal', { detail: `the pull's thread stopped (${code})` }))))
  })
}
