import type { PullProgress } from '@shared/catalogue'
import { AppError, type ErrorCode } from '@shared/errors'
import type { AnswerKind, AnswerLimits } from '../api/answerLimits'
import type { HeldToken } from '../api/graphqlClient'
import type { ContactOutcome, ServiceAccount } from '../api/restClient'
import type { ServiceExtension } from '../api/serviceExtensions'
import type { LogFields } from '../logging/logger'

/** What the pull's thread (pullWorker.ts) is started with: plain data, copied between threads. */
export interface PullJob {
  /** The entity's cache file, opened by the thread on a connection of its own. */
  file: string
  /** The native build of better-sqlite3 the main thread uses (Electron's), if not Node's. */
  nativeBinding: string | undefined
  account: ServiceAccount
  /** The main thread's clients' limits, each kind whole. */
  limits: Record<AnswerKind, AnswerLimits>
  /** The main thread's JWT, so the pull does not ask for one of its own. */
  jwt: HeldToken | null
  /** The service's clock minus this computer's as the main thread knows it (null: not yet measured). */
  serviceOffsetMs: number | null
  /** The core's clock minus this computer's: the snapshot is stamped by the core's clock, as every pull is. */
  coreOffsetMs: number
  /** The counter's requests being answered (counterFirst.ts): shared, not copied. */
  counterRequests: SharedArrayBuffer
  /** The order of the words of the line (api/contactOrder.ts): shared, not copied. */
  contactOrder: SharedArrayBuffer
  /** A routine pull first, and the agencies whose stock it reads (catalogueSync.ts). */
  routineFirst: boolean
  stockAgencies: number[]
  /** The full pull asked for by the clerk: nothing kept from a try the line cut. */
  afresh: boolean
}

/** An error as it crosses between threads: an AppError's fields, or another error's message and code (SQLite's). */
export interface ThreadError {
  message: string
  code: string | null
  app: { detail: string | null; fields: Record<string, string[]>; status: number | null } | null
}

export function threadError(err: unknown): ThreadError {
  if (err instanceof AppError)
    return { message: err.message, code: err.code, app: { detail: err.detail, fields: err.fields, status: err.status } }
  const code = (err as { code?: unknown } | null)?.code
  return { message: err instanceof Error ? err.message : String(err), code: typeof code === 'string' ? code : null, app: null }
}

/** The error again on this side: an AppError as it was thrown, another (SQLite's damage) with its code, as an internal one. */
export function errorFromThread(e: ThreadError): AppError {
  if (e.app) return new AppError(e.code as ErrorCode, e.app)
  return AppError.from(Object.assign(new Error(e.message), { code: e.code ?? undefined }))
}

/** What the thread tells the main thread. */
export type PullThreadMessage =
  | { kind: 'progress'; progress: PullProgress }
  | { kind: 'contact'; outcome: ContactOutcome; stamp: number }
  | { kind: 'serviceTime'; offsetMs: number | null }
  | { kind: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; msg: string; fields?: LogFields }
  /** A JWT the thread renewed: scrubbed from the main thread's log too. */
  | { kind: 'secret'; value: string }
  /** Whether the service has an extension: the main thread probes once a pull (the routine pull may have asked). */
  | { kind: 'has'; asked: number; extension: ServiceExtension }
  | { kind: 'done' }
  | { kind: 'failed'; error: ThreadError }

/** What the main thread answers; `null`: the question went unanswered (offline, a 5xx), which is no answer. */
export type PullThreadAnswer = { kind: 'has'; asked: number; value: boolean | null }
