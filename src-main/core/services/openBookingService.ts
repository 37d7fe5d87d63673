import { AppError } from '@shared/errors'
import { openBooking, type OpenBooking, type OpenBookingForm } from '@shared/openBooking'
import { openBookingFromStored, storedOpenBooking } from '../cache/openBookingDocument'
import type { CacheDocuments } from '../cache/cacheDocuments'
import type { Logger } from '../logging/logger'
import type { EntityCache, EntityCaches } from './entityCaches'

/** One open booking per entity cache (so per entity and per computer). */
const OPEN_BOOKING_DOC = 'counter_open_booking'

/** Forgets the entity's open booking: for the save that turns it into a booking, in that save's transaction. */
export function forgetOpenBooking(documents: CacheDocuments): void {
  documents.delete(OPEN_BOOKING_DOC)
}

/**
 * The booking the clerk is typing, kept in the current entity's cache as it is
 * typed so a reload, a crash or a restart finds it again. It is a document of
 * its own, not a draft booking: it never reaches the outbox or the bookings
 * list and earmarks no stock. Writes name the entity the form was started in
 * and are refused in any other, so a switch of company can never carry it over.
 */
export class OpenBookingService {
  constructor(
    private readonly caches: EntityCaches,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {}

  /** The current entity and its open booking; a saved form that no longer reads is dropped (and logged), never thrown. */
  read(): { entityId: number; open: OpenBooking | null } {
    const cache = this.cache()
    return { entityId: cache.entityId, open: this.kept(cache) }
  }

  private kept(cache: EntityCache): OpenBooking | null {
    let raw: unknown
    try {
      raw = cache.documents.read(OPEN_BOOKING_DOC)
    } catch (err) {
      return this.drop(cache, 'not JSON', err)
    }
    if (raw === null) return null
    const { value, updatedAt } = raw as { value: unknown; updatedAt: string }
    const parsed = openBooking.safeParse({ ...(openBookingFromStored(value) as object), savedAt: updatedAt })
    if (!parsed.success) return this.drop(cache, 'not an open booking', parsed.error.issues.slice(0, 3))
    if (parsed.data.entityId !== cache.entityId) return this.drop(cache, 'kept for another entity', { entityId: parsed.data.entityId })
    return parsed.data
  }

  save(entityId: number, form: OpenBookingForm): { savedAt: string } {
    const cache = this.own(entityId)
    const at = this.now()
    cache.documents.write(OPEN_BOOKING_DOC, storedOpenBooking(entityId, form), at)
    return { savedAt: at.toISOString() }
  }

  /** Saved as a booking or discarded by the clerk. */
  clear(entityId: number): { cleared: true } {
    this.own(entityId).documents.delete(OPEN_BOOKING_DOC)
    return { cleared: true }
  }

  private drop(cache: EntityCache, why: string, detail: unknown): null {
    this.log.warn('open booking dropped: the saved form does not read', { why, detail: detail instanceof Error ? detail.message : detail })
    cache.documents.delete(OPEN_BOOKING_DOC)
    return null
  }

  private own(entityId: number): EntityCache {
    const cache = this.cache()
    if (cache.entityId !== entityId) {
      throw new AppError('conflict', {
        detail: `the open booking belongs to entity ${entityId}, not to the current one (${cache.entityId})`,
      })
    }
    return cache
  }

  private cache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('not_ready', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }
}
