import { outboxOp } from '@shared/bookings'
import { AppError, badInput } from '@shared/errors'
import { parsedJson } from '../cache/cacheDatabase'
import { normaliseServerUrl } from '../cache/partition'
import { parseBookingRow } from '../cache/storedBookingRow'
import { OUTBOX_FILE_FORMAT, OUTBOX_FILE_VERSION, outboxFile, type OutboxFile } from '../sync/outbox/outboxFile'
import type { BookingsService } from './bookingsService'
import type { EntityCaches } from './entityCaches'
import type { SessionService } from './sessionService'

export interface ImportReport {
  /** Entries put into this outbox. */
  imported: number
  /** Entries whose marker this outbox already had (an import made twice adds nothing). */
  alreadyHere: number
  /** Bookings the imported entries belong to. */
  bookings: number
}

/**
 * Carries the unsent work of one computer to another (outboxFile.ts). An imported entry is never sent
 * blindly: the computer it came from may have sent it before its disk gave up, so every entry comes in
 * as 'unknown' and is read back from the service by its marker before it may be sent.
 */
export class OutboxTransferService {
  constructor(
    private readonly session: SessionService,
    private readonly caches: EntityCaches,
    private readonly bookings: BookingsService,
    private readonly now: () => Date,
  ) {}

  export(): OutboxFile {
    const cache = this.cache()
    const { account, training } = this.session.require()
    const rows = new Map<string, string | null>()
    const entries = cache.outbox.openEntries().flatMap((e) => {
      if (!rows.has(e.localId)) rows.set(e.localId, cache.bookings.rowText(e.localId))
      const booking = parseBookingRow(rows.get(e.localId))
      if (!booking) return []
      return [
        {
          marker: e.marker,
          op: outboxOp.parse(e.op),
          // Checked with the rest of the file by outboxFile below: a payload that no longer reads refuses the export.
          payload: parsedJson(e.payload),
          createdAt: e.createdAt,
          attempts: e.attempts,
          state: e.state,
          booking,
        },
      ]
    })
    return outboxFile.parse({
      format: OUTBOX_FILE_FORMAT,
      version: OUTBOX_FILE_VERSION,
      exportedAt: this.now().toISOString(),
      serverUrl: normaliseServerUrl(account.serverUrl),
      email: account.email.trim().toLowerCase(),
      training,
      entityId: cache.entityId,
      entries,
    })
  }

  import(raw: unknown): ImportReport {
    const parsed = outboxFile.safeParse(raw)
    if (!parsed.success) throw badInput(parsed.error.issues)
    const file = parsed.data
    const cache = this.cache()
    const { account, training } = this.session.require()
    const here = {
      serverUrl: normaliseServerUrl(account.serverUrl),
      email: account.email.trim().toLowerCase(),
      training,
      entityId: cache.entityId,
    }
    if (
      file.serverUrl !== here.serverUrl ||
      file.email !== here.email ||
      file.training !== here.training ||
      file.entityId !== here.entityId
    ) {
      throw new AppError('outbox_file_elsewhere', {
        detail: `the file is of ${file.email} at ${file.serverUrl}, company ${file.entityId}; this is ${here.email} at ${here.serverUrl}, company ${here.entityId}`,
      })
    }
    const report: ImportReport = { imported: 0, alreadyHere: 0, bookings: 0 }
    const touched = new Set<string>()
    cache.bookings.write(() => {
      for (const e of file.entries) {
        if (cache.outbox.hasMarker(e.marker)) {
          report.alreadyHere++
          continue
        }
        const localId = cache.bookings.restoreRow(e.booking)
        cache.outbox.restore({
          localId,
          op: e.op,
          payload: JSON.stringify(e.payload),
          marker: e.marker,
          createdAt: e.createdAt,
          attempts: e.attempts,
        })
        cache.bookings.refreshState(localId)
        touched.add(localId)
        report.imported++
      }
    })
    report.bookings = touched.size
    if (touched.size) this.bookings.announceAll()
    return report
  }

  private cache() {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }
}
