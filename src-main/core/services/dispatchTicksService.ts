import { AppError } from '@shared/errors'
import { bookingTicks, type BookingTicks, type LineTicks } from '@shared/dispatchTicks'
import type { LocalBooking } from '@shared/bookings'
import type { BookingsDelta } from '@shared/contract/events'
import type { Logger } from '../logging/logger'
import type { EntityCache, EntityCaches } from './entityCaches'

/** The counts of the bookings being picked, one document per entity cache (so per entity and per computer). */
const TICKS_DOC = 'dispatch_ticks'

/**
 * What the warehouse has counted of each booking it is picking (the dispatch
 * screen's optional verification), kept in the current entity's cache as it is
 * counted so a reload, a crash or a restart keeps it, as Odoo's barcode app keeps
 * a picking's done quantities. A booking's count goes once the booking is shipped from
 * here (the picking is done), delivered, deleted or gone from the list: at once when the
 * core announces it (from any screen), and again on each read, so it is never shown stale.
 * A shipment in transit towards this agency keeps its count until it is delivered: that is
 * the count its delivery takes (counted short, delivered short).
 * Writes name the entity the screen read them in and are refused in any other.
 */
export class DispatchTicksService {
  constructor(
    private readonly caches: EntityCaches,
    private readonly now: () => Date,
    private readonly log: Logger,
    /** The user's agency, when known: a booking shipped from it is picked; one in transit to it is being received. */
    private readonly agency: () => number | null = () => null,
  ) {}

  /** The booking's count is of no more use: its picking or its reception is over. */
  private settled(b: Pick<LocalBooking, 'deleted' | 'delivered' | 'shipped' | 'agencyFromId'>, agency: number | null): boolean {
    return b.deleted || b.delivered || (b.shipped && (agency === null || b.agencyFromId === agency))
  }

  read(): { entityId: number; ticks: BookingTicks } {
    const cache = this.cache()
    const kept = this.kept(cache)
    const agency = this.agency()
    const open = new Set(
      cache.bookings
        .list()
        .filter((b) => !this.settled(b, agency))
        .map((b) => b.localId),
    )
    return { entityId: cache.entityId, ticks: this.keepOnly(cache, kept, (localId) => open.has(localId)) }
  }

  /** Drops the counts of the bookings a change settled (shipped, delivered, deleted, gone). */
  forgetSettled(delta: BookingsDelta): void {
    const cache = this.caches.current()
    if (!cache) return
    const agency = this.agency()
    const settled = new Set([...delta.removed, ...delta.bookings.filter((b) => this.settled(b, agency)).map((b) => b.localId)])
    if (settled.size === 0) return
    this.keepOnly(cache, this.kept(cache), (localId) => !settled.has(localId))
  }

  /** The counts of the bookings `stays` admits; the cache is written only when some went. */
  private keepOnly(cache: EntityCache, kept: BookingTicks, stays: (localId: string) => boolean): BookingTicks {
    const left: Record<string, LineTicks> = {}
    for (const [localId, lines] of Object.entries(kept)) if (stays(localId)) left[localId] = lines
    if (Object.keys(left).length !== Object.keys(kept).length) this.write(cache, left)
    return left
  }

  /** One booking's count, whole; an empty count forgets the booking. */
  keep(entityId: number, localId: string, lines: LineTicks): { savedAt: string } {
    const cache = this.own(entityId)
    const ticks: Record<string, LineTicks> = { ...this.kept(cache) }
    // Zeros are no count: a line typed back to 0 is as if never counted.
    const counted = Object.fromEntries(Object.entries(lines).filter(([, q]) => /[1-9]/.test(q)))
    if (Object.keys(counted).length > 0) ticks[localId] = counted
    else delete ticks[localId]
    return { savedAt: this.write(cache, ticks) }
  }

  private write(cache: EntityCache, ticks: BookingTicks): string {
    const at = this.now()
    if (Object.keys(ticks).length === 0) cache.documents.delete(TICKS_DOC)
    else cache.documents.write(TICKS_DOC, ticks, at)
    return at.toISOString()
  }

  /** What the cache holds; a document that no longer reads is dropped (and logged), never thrown. */
  private kept(cache: EntityCache): BookingTicks {
    let raw: { value: unknown } | null
    try {
      raw = cache.documents.read(TICKS_DOC)
    } catch (err) {
      return this.drop(cache, 'not JSON', err)
    }
    if (raw === null) return {}
    const parsed = bookingTicks.safeParse(raw.value)
    if (!parsed.success) return this.drop(cache, 'not a count of lines', parsed.error.issues.slice(0, 3))
    return parsed.data
  }

  private drop(cache: EntityCache, why: string, detail: unknown): BookingTicks {
    this.log.warn('dispatch counts dropped: the kept document does not read', {
      why,
      detail: detail instanceof Error ? detail.message : detail,
    })
    cache.documents.delete(TICKS_DOC)
    return {}
  }

  private own(entityId: number): EntityCache {
    const cache = this.cache()
    if (cache.entityId !== entityId) {
      throw new AppError('conflict', {
        detail: `the dispatch counts belong to entity ${entityId}, not to the current one (${cache.entityId})`,
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
