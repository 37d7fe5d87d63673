import { parentPort, workerData } from 'node:worker_threads'
import type { PullProgress } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { openSqlite, useNativeBinding } from '@base/sqlite'
import { ContactOrder } from '../api/contactOrder'
import { GraphqlClient } from '../api/graphqlClient'
import { RestClient, type ContactOutcome } from '../api/restClient'
import { ServiceClock } from '../api/serviceClock'
import type { ServiceExtension } from '../api/serviceExtensions'
import { CatalogueChangeWriter } from '../cache/catalogueChangeWriter'
import { CatalogueStaging } from '../cache/catalogueStaging'
import { HELD_MS } from '../cache/heldTransaction'
import type { LogFields, Logger } from '../logging/logger'
import { syncCatalogue } from './catalogueSync'
import { counterGate } from './counterFirst'
import { pacedProgress } from './pacedProgress'
import { threadError, type PullJob, type PullThreadAnswer, type PullThreadMessage } from './pullJob'
import { lowerThisThread, PULL_NICENESS } from './threadPriority'

/**
 * The catalogue's pull in a thread of its own (started by pullThread.ts): its reads, parses and writes never hold the
 * main thread, which answers the counter. It opens the entity's cache on its own connection (WAL: the counter reads the
 * live snapshot beside the staged writes) and asks the service with its own clients of the same account; what the
 * main thread must know (progress, the line's state, log lines, the extensions) goes there as messages.
 */
const job = workerData as PullJob
const port = parentPort!
const tell = (m: PullThreadMessage) => port.postMessage(m)

// The main thread asks the service once a pull and answers each question by its number.
let asked = 0
const waiting = new Map<number, (value: boolean | null) => void>()
port.on('message', (a: PullThreadAnswer) => {
  waiting.get(a.asked)?.(a.value)
  waiting.delete(a.asked)
})
// Unanswered, it fails as the main thread's question did: the pulls decide what no answer means.
const has = (extension: ServiceExtension): Promise<boolean> =>
  new Promise((resolve, reject) => {
    waiting.set(++asked, (value) =>
      value === null ? reject(new AppError('network', { detail: `no answer about ${extension}` })) : resolve(value),
    )
    tell({ kind: 'has', asked, extension })
  })

/** The clients' log lines, written by the main thread's logger (which scrubs them). */
function threadLog(bindings: LogFields): Logger {
  const line =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (msg: string, fields?: LogFields): void =>
      tell({ kind: 'log', level, msg, fields: { ...bindings, ...fields } })
  return {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: (more) => threadLog({ ...bindings, ...more }),
    addSecret: (value) => value && tell({ kind: 'secret', value }),
    logDir: null,
    close: async () => undefined,
  }
}

async function pull(): Promise<void> {
  useNativeBinding(job.nativeBinding)
  const db = openSqlite(job.file)
  try {
    const log = threadLog({ thread: 'pull' })
    // The counter's requests and the pull's batches share the processors; when they meet, the counter goes first.
    log.debug('pull thread', { lowered: lowerThisThread(PULL_NICENESS) })
    const order = new ContactOrder(job.contactOrder)
    const onContact = (outcome: ContactOutcome, asked = order.next()) => tell({ kind: 'contact', outcome, stamp: asked })
    // Measured here too, from the pull's own answers (the JWT's expiry and the pull's stamp are in the service's clock).
    const clock = new ServiceClock(job.serviceOffsetMs)
    const onServiceTime = (offsetMs: number | null) => {
      clock.observe(offsetMs)
      tell({ kind: 'serviceTime', offsetMs })
    }
    const now = () => new Date(Date.now() + job.coreOffsetMs)
    const rest = new RestClient(job.account, { limits: job.limits, order, onContact, onServiceTime, log })
    const serviceNow = () => new Date(now().getTime() + (clock.offsetMs() ?? 0))
    const graphql = new GraphqlClient(rest, { limits: job.limits, order, now: serviceNow, onContact, onServiceTime, log, held: job.jwt })
    const onProgress = pacedProgress((progress: PullProgress) => tell({ kind: 'progress', progress }))
    const counter = counterGate(job.counterRequests)
    const catalogue = { changes: new CatalogueChangeWriter(db, counter.letFirst), staging: new CatalogueStaging(db, counter, HELD_MS) }
    const { routineFirst, afresh, stockAgencies } = job
    const serviceOffsetMs = () => clock.offsetMs()
    await syncCatalogue({ catalogue, routineFirst, afresh, stockAgencies, graphql, rest, has, now, serviceOffsetMs, onProgress })
    tell({ kind: 'done' })
  } catch (err) {
    tell({ kind: 'failed', error: threadError(err) })
  } finally {
    db.close()
  }
}

void pull()
