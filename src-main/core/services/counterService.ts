import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  counterSetup,
  type AgencyOption,
  type CounterSetup,
  type LotOption,
  type ScanResult,
  type ScannedItem,
  type TransferRequest,
  type ItemStock,
} from '@shared/counter'
import { AppError } from '@shared/errors'
import { dateInZone } from '@shared/localDate'
import { bundleRefusal } from '@shared/bookingLines'
import { fetchBookingView } from '../api/bookingsApi'
import { readAgencyShipments, readCategoryFilter, readPendingTransferRequests } from '../api/bookingsGraphql'
import type { CoreEvents } from '../events'
import { lotsAt, netOfUnsent } from './availability'
import type { EntityCache, EntityCaches } from './entityCaches'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'
import { stockOnDemand } from './stockOnDemand'

/** A scanned bundle's head, typed so a rename of ours follows into the literal that builds it. */
type ScannedBundle = Extract<ScanResult, { kind: 'bundle' }>['bundle']

const SETTINGS_DOC = 'pos_settings'

/** What the last refresh learnt of the server's POS settings and extensions (kept for offline use). */
const counterSettings = z.object({ filterByCategory: z.boolean(), unavailable: counterSetup.shape.unavailable.optional() })
type CounterSettings = z.infer<typeof counterSettings>
const REFRESHED_DOC = 'bookings_refreshed'
/**
 * How far back delivered bookings are read: the bookings list shows 30 days of history (issue 12); the
 * dispatch screen narrows its delivered tab to the last day itself (dispatchLists.ts).
 */
const HISTORY_WINDOW_MS = 30 * 24 * 3600_000
/**
 * How many items and bundles the window may keep answered ahead of a scan (about 0.5 kB an answer, two codes
 * each): a shop's whole catalogue, or a larger one's stocked items and bundles first; the rest is asked for when scanned.
 */
const SCAN_INDEX_ENTRIES = 2000
/** REST shows read at once for the versions a refresh lacks. */
const VERSION_READS_AT_ONCE = 4
/** Past this many items moved at once (a whole push settling), the windows ask again for what they scan instead. */
const ITEMS_MOVED_AT_MOST = 200
/**
 * How long the items bookings move are gathered before the windows are told: a push settles an entry every few
 * milliseconds, and working the figures out at each cost a few percent of its pace (outbox bench); a clerk scans later.
 */
export const MOVED_GATHERED_MS = 50

/**
 * The reads behind the counter and dispatch screens: everything a new booking
 * needs comes from the cache, so the counter works offline; refreshing the
 * agency's bookings and reading transfer requests need the service.
 */
export class CounterService {
  /** The items bookings changed since the windows were last told (see announceMoved). */
  private readonly moved = new Set<number>()

  constructor(
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly caches: EntityCaches,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
  ) {
    events.on('bookings.changed', (delta) => {
      if (delta.full) return
      const first = this.moved.size === 0
      for (const booking of delta.bookings) for (const line of booking.lines) this.moved.add(line.itemId)
      // Later, never in this turn: the change's own event reaches the windows first (emit tells the core's listeners
      // before the transports). unref: a command line about to end has no window to tell.
      if (first && this.moved.size > 0) setTimeout(() => this.announceMoved(), MOVED_GATHERED_MS).unref()
    })
  }

  setup(): CounterSetup {
    const cache = this.cache()
    const agencies = cache.store.agencies()
    const own = this.profile.lastKnown()?.agency ?? null
    const origin: AgencyOption | null = own
      ? (agencies.find((a) => a.id === own.id) ?? { id: own.id, name: own.name, agencyCategoryId: null })
      : null
    // Settings that no longer read (damaged, another version's) are as if never kept: the next refresh writes them again.
    const settings = cache.documents.readAs(SETTINGS_DOC, counterSettings)
    const filtered = settings?.filterByCategory ?? false
    const others = agencies.filter((a) => a.id !== origin?.id)
    return {
      agency: origin,
      destinations: filtered && origin ? others.filter((a) => a.agencyCategoryId === origin.agencyCategoryId) : others,
      filteredByCategory: filtered,
      unavailable: settings?.unavailable ?? [],
      agencies,
      today: dateInZone(this.now(), this.profile.lastKnown()?.profile.timeZone ?? 'UTC'),
      refreshedAt: cache.documents.readAs(REFRESHED_DOC, z.string()),
    }
  }

  scan(rawCode: string, only?: 'bundle' | 'item'): ScanResult {
    const code = rawCode.trim()
    const cache = this.cache()
    const agency = cache.agencyId
    const found = code ? cache.store.lookupCode(code, only) : null
    const unknown = (): ScanResult =>
      cache.store.pulledAt() === null ? { kind: 'unknown', code, noCatalogueYet: true } : { kind: 'unknown', code }
    if (!found) return unknown()
    if (found.kind === 'item') {
      const [item] = this.scanned(cache, [found.id], agency)
      return item ? { kind: 'item', code, item } : unknown()
    }
    const bundle = cache.store.bundle(found.id)
    if (!bundle) return unknown()
    const refusal = bundleRefusal(bundle)
    if (refusal) return { kind: 'refused', code, reason: refusal, name: `${bundle.code} ${bundle.name}` }
    const head: ScannedBundle = {
      id: bundle.id,
      code: bundle.code,
      name: bundle.name,
      categoryBundle: bundle.categoryBundle,
      itemCategoryId: bundle.itemCategoryId,
    }
    if (bundle.categoryBundle) {
      // As scanned one by one (net lots, whether active): the answer a window keeps is the one a scan would give.
      const stocked = bundle.itemCategoryId && agency ? cache.store.itemsWithStock(bundle.itemCategoryId, agency) : []
      const choices = this.scanned(
        cache,
        stocked.map((i) => i.id),
        agency,
      )
      return { kind: 'bundle', code, bundle: head, components: [], choices }
    }
    const scanned = new Map(
      this.scanned(
        cache,
        bundle.components.map((c) => c.itemId),
        agency,
      ).map((s) => [s.item.id, s]),
    )
    const components = bundle.components.flatMap((c) => {
      const item = scanned.get(c.itemId)
      return item ? [{ ...item, quantity: c.quantity }] : []
    })
    return { kind: 'bundle', code, bundle: head, components, choices: [] }
  }

  /**
   * scan()'s answers for the codes a clerk scans most, a page of items and bundles at a time (see the contract's
   * counter.scanIndex): each code answered by scan() itself, so an answer kept by the window is the one a scan
   * would get. At most SCAN_INDEX_ENTRIES: past them (a catalogue of tens of thousands) a code is asked for when scanned.
   */
  scanIndex(offset: number, limit: number): { answers: ScanResult[]; next: number | null } {
    const cache = this.cache()
    const entries = cache.store.scanCodes(cache.agencyId, offset, limit, SCAN_INDEX_ENTRIES)
    const answers = entries.flat().flatMap((code) => {
      const answer = this.scan(code)
      return answer.kind === 'unknown' ? [] : [answer]
    })
    return { answers, next: entries.length === limit ? offset + limit : null }
  }

  /**
   * Tells the windows the new figures of the items bookings moved (counter.itemsMoved), as scan() gives them: a
   * window's kept answers for those items take them instead of asking again (scanIndex.ts), so a save costs no
   * request more and the booked item's next scan is still a line in the first frame.
   */
  private announceMoved(): void {
    const ids = [...this.moved]
    this.moved.clear()
    if (ids.length > ITEMS_MOVED_AT_MOST) return
    // Closed since (signed out, another company, the app closing): the windows forgot every answer already.
    const cache = this.caches.opened()
    if (!cache) return
    this.events.emit('counter.itemsMoved', { items: this.scanned(cache, ids, cache.agencyId) })
  }

  /** Items' stock by agency: kept, or read again where some agency's figures are older than a routine pull. */
  stock(itemIds: readonly number[], agencyIds: readonly number[] = []): Promise<ItemStock[]> {
    return stockOnDemand(this.cache(), this.session.require(), [...new Set(itemIds)], this.now, agencyIds)
  }

  /** Pending requests of the agency; none where the server has no transfer requests (the counter says so). */
  async transferRequests(): Promise<TransferRequest[]> {
    const agency = this.profile.lastKnown()?.agency?.id
    if (!agency) return []
    const session = this.session.require()
    if (!(await session.extensions.usable('transferRequests'))) return []
    return readPendingTransferRequests(session.graphql, agency)
  }

  /** Reads the agency's bookings from the service into the cache (ours waiting in the outbox stay as they are). */
  async refresh(): Promise<CounterSetup> {
    if (!this.caches.current()) await this.profile.whoami()
    const cache = this.cache()
    const agency = this.profile.lastKnown()?.agency?.id
    if (!agency) return this.setup()
    const since = new Date(this.now().getTime() - HISTORY_WINDOW_MS).toISOString().replace('Z', '')
    const session = this.session.require()
    // What a push settles while this read is under way is newer than the read (see mergeFromService).
    const readSince = this.now().toISOString()
    const shipments = await readAgencyShipments(session.graphql, agency, since)
    // The POS setting and transfer requests are sandbox extensions: asked for only where the server has them,
    // in their own requests, so a server without them still fills the counter and dispatch screens.
    // A probe or setting read that fails (a timeout, a 5xx) leaves the setting unknown until the next refresh.
    const [posSettings, transferRequests] = await Promise.all([
      session.extensions.usable('posSettings'),
      session.extensions.usable('transferRequests'),
    ])
    const categoryFilter = posSettings ? await readCategoryFilter(session.graphql).catch(() => null) : null
    const filterByCategory = categoryFilter ?? false
    const unavailable: CounterSetup['unavailable'] = [
      ...(categoryFilter === null ? ['categoryFilter' as const] : []),
      ...(transferRequests ? [] : ['transferRequests' as const]),
    ]
    const at = this.now()
    cache.bookings.mergeFromService(
      // What the list leaves unsaid: the agency read stands for a missing side, the read's time for a missing creation.
      shipments.map((s) => ({
        ...s,
        agencyFromId: s.agencyFromId ?? agency,
        agencyToId: s.agencyToId ?? agency,
        plannedDelivery: s.plannedDelivery ?? '',
        createdAt: s.createdAt ?? at.toISOString(),
      })),
      randomUUID,
      at.toISOString(),
      readSince,
    )
    await this.readVersions(cache, agency)
    cache.documents.write(SETTINGS_DOC, { filterByCategory, unavailable } satisfies CounterSettings, at)
    cache.documents.write(REFRESHED_DOC, at.toISOString(), at)
    return this.setup()
  }

  /**
   * The service's list carries no lock_version (the real GraphQL shipments have none): for the bookings
   * the clerk may edit and whose version is not known here, it is read from the REST show, a few at a
   * time, so an edit of a booking changed elsewhere since is still caught as a conflict. Only new or
   * changed bookings need it; one that cannot be read now is tried at the next refresh.
   */
  private async readVersions(cache: EntityCache, agency: number): Promise<void> {
    const rest = this.session.require().rest
    const queue = cache.bookings.unversioned(agency)
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const seen = await fetchBookingView(rest, next.serviceId).catch(() => null)
        if (seen) cache.bookings.takeVersion(next.localId, seen, this.now().toISOString())
      }
    }
    await Promise.all(Array.from({ length: VERSION_READS_AT_ONCE }, worker))
  }

  /** Items as the counter books them: with what is available net of this computer's unsent bookings (the figure the save warns against). */
  private scanned(cache: EntityCache, itemIds: readonly number[], agency: number | null): ScannedItem[] {
    const items = itemIds.flatMap((id) => cache.store.item(id, agency) ?? [])
    const lots = agency ? lotsAt(cache, agency, itemIds) : new Map<number, LotOption[]>()
    return netOfUnsent(cache, agency, items).map((item) => ({ item, lots: lots.get(item.id) ?? [] }))
  }

  private cache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }
}
