import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import pinoRoll from 'pino-roll'
import { REDACTED, Scrubber } from './scrub'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

/** The logger the core passes around; no pino type leaks out of this folder. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  /** The same file, with these fields on every line (e.g. `{ area: 'sync' }`). */
  child(bindings: LogFields): Logger
  /** A secret the process holds (a token, a JWT): scrubbed from every line from now on, in every child. */
  addSecret(value: string | null | undefined): void
  /** Where the files are; null for a logger that writes nothing. */
  readonly logDir: string | null
  /** Writes what is buffered and closes the file. */
  close(): Promise<void>
}

export interface LoggerOptions {
  logDir: string
  level?: LogLevel
  /** Bytes before a file rolls over (default 5 MB); files also roll daily. */
  maxFileBytes?: number
  /** Rolled files kept besides the current one (default 4: five files in all). */
  keepFiles?: number
}

/** Log file base name: files are `mostrador.YYYY-MM-DD.N.log`. */
const BASE = 'mostrador'

/**
 * Belt and braces besides the Scrubber: if a header object ever reaches pino
 * whole, these paths are censored by pino itself.
 */
const REDACT_PATHS = [
  'token',
  'jwt',
  'headers["x-user-token"]',
  'headers["X-User-Token"]',
  'headers.authorization',
  'headers.Authorization',
  '*.headers["x-user-token"]',
  '*.headers["X-User-Token"]',
  '*.headers.authorization',
  '*.headers.Authorization',
  '*.*.headers["X-User-Token"]',
  '*.*.headers.Authorization',
]

/**
 * A rotating JSON-lines file per user in the OS log folder (pino with
 * pino-roll, written in-process: a worker-thread transport would have to be
 * found on disk inside the packaged app's asar).
 */
export async function createLogger(options: LoggerOptions): Promise<Logger> {
  const stream = await pinoRoll({
    file: join(options.logDir, BASE),
    extension: '.log',
    size: `${Math.max(1, Math.round((options.maxFileBytes ?? 5 * 1024 * 1024) / 1024))}k`,
    frequency: 'daily',
    dateFormat: 'yyyy-MM-dd',
    mkdir: true,
    limit: { count: options.keepFiles ?? 4, removeOtherLogFiles: true },
  })
  const scrubber = new Scrubber()
  const root = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // The last gate: the finished line is scrubbed once more before it is written.
      hooks: { streamWrite: (line: string) => scrubber.text(line) },
    },
    stream,
  )
  // A log that cannot be written (disk full, folder removed) must never bring the app down.
  stream.on('error', () => undefined)
  let closing: Promise<void> | null = null
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      const end = () => {
        stream.once('close', () => resolve())
        stream.end()
      }
      // The file is opened asynchronously: lines written before that are buffered, not lost.
      if ((stream as unknown as { fd: number }).fd >= 0) end()
      else stream.once('ready', end)
    }))
  return wrap(root, scrubber, options.logDir, close)
}

function wrap(p: pino.Logger, scrubber: Scrubber, logDir: string | null, close: () => Promise<void>): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    const safe = fields ? (scrubber.value(fields) as LogFields) : undefined
    if (safe) p[level](safe, scrubber.text(msg))
    else p[level](scrubber.text(msg))
  }
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (bindings) => wrap(p.child(scrubber.value(bindings) as LogFields), scrubber, logDir, close),
    addSecret: (value) => scrubber.add(value),
    logDir,
    close,
  }
}

/** For tests and runs that keep no log. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
  addSecret: () => undefined,
  logDir: null,
  close: async () => undefined,
}

/** The log files in a folder, newest first (for the diagnostics screen and the support bundle). */
export function logFiles(logDir: string): { file: string; bytes: number; modified: Date }[] {
  let names: string[]
  try {
    names = readdirSync(logDir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.startsWith(`${BASE}.`) && n.endsWith('.log'))
    .map((n) => {
      const s = statSync(join(logDir, n))
      return { file: join(logDir, n), bytes: s.size, modified: s.mtime }
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime())
}
