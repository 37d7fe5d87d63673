import { Worker } from 'node:worker_threads'
import type { FileData } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import type { SheetAnswer, SheetJob, SheetRow } from './sheetJob'
// Its own bundle, beside the runner's (electron-vite's `?modulePath`; the tests' build: vitest.config.mts).
import sheetWorkerPath from './sheetWorker?modulePath'

export interface SheetLimits {
  maxRows: number
  maxUnpackedBytes: number
  /** How long the reading may take before the file is refused. */
  deadlineMs: number
  /** The worker's heap: a hostile file ends the worker, not the app. */
  heapMb: number
}

/**
 * The first sheet of a .xlsx or .csv file, read in a worker thread so the main process's event loop
 * (the window's answers, the outbox) never waits on a spreadsheet, and refused while it streams as soon
 * as it passes a limit (sheetWorker.ts).
 */
export async function readSheetRows(file: FileData, limits: SheetLimits): Promise<SheetRow[]> {
  const name = file.fileName.toLowerCase()
  const kind = name.endsWith('.xlsx') ? 'xlsx' : name.endsWith('.csv') ? 'csv' : null
  if (!kind) throw new AppError('bad_input', { field: 'file', detail: 'the file must be .csv or .xlsx' })
  const decoded = Buffer.from(file.base64, 'base64')
  const bytes = decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.length)
  const job: SheetJob = { kind, bytes, maxRows: limits.maxRows, maxUnpackedBytes: limits.maxUnpackedBytes }
  const answer = await inWorker(job, limits)
  if (answer.ok) return answer.rows
  const detail = {
    tooManyRows: `at most ${limits.maxRows} rows per file`,
    tooLarge: `the file unpacks to more than ${limits.maxUnpackedBytes / 1_000_000} MB`,
    unreadable: `the file could not be read: ${answer.detail ?? ''}`.trim(),
  }[answer.problem]
  throw new AppError('bad_input', { field: 'file', detail })
}

function inWorker(job: SheetJob, limits: SheetLimits): Promise<SheetAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(sheetWorkerPath, {
      workerData: job,
      transferList: [job.bytes],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    })
    let settled = false
    const settle = (answer: SheetAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      void worker.terminate()
      resolve(answer)
    }
    const deadline = setTimeout(() => settle({ ok: false, problem: 'unreadable', detail: 'it took too long to read' }), limits.deadlineMs)
    worker.once('message', (answer: SheetAnswer) => settle(answer))
    worker.once('error', (err) => settle({ ok: false, problem: 'unreadable', detail: err.message }))
    worker.once('exit', (code) => settle({ ok: false, problem: 'unreadable', detail: `the reader stopped (${code})` }))
  })
}
