import type { BundleDetail, CatalogueQuery, CatalogueStatus, ItemRow } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { fetchBundle } from '../api/bundlesApi'
import type { CatalogueStore } from '../cache/catalogueStore'
import type { CoreEvents } from '../events'
import { pullCatalogue, pulledAt, pulledCapabilities } from '../sync/cataloguePull'
import type { EntityCache, EntityCaches } from './entityCaches'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'

export interface CatalogueOptions {
  /** A snapshot older than this is shown as stale (default 2 hours). */
  staleAfterMs?: number
}

/** The offline catalogue: pulls snapshots and answers every read from the cache. */
export class CatalogueService {
  private pulling: Promise<void> | null = null
  private lastError: string | null = null
  private readonly staleAfterMs: number

  constructor(
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly caches: EntityCaches,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    options: CatalogueOptions = {},
  ) {
    this.staleAfterMs = options.staleAfterMs ?? 2 * 60 * 60 * 1000
  }

  status(): CatalogueStatus {
    const cache = this.caches.current()
    const who = this.profile.lastKnown()
    const at = cache ? pulledAt(cache.store.db) : null
    return {
      entityId: cache?.entityId ?? null,
      agency: who?.agency ?? null,
      pulledAt: at,
      stale: at === null || this.now().getTime() - Date.parse(at) > this.staleAfterMs,
      staleAfterMs: this.staleAfterMs,
      pulling: this.pulling !== null,
      counts: cache ? cache.store.counts() : { bundles: 0, items: 0, agencies: 0 },
      lastError: this.lastError,
      capabilities: cache ? pulledCapabilities(cache.store.db) : null,
    }
  }

  /** One pull at a time: a second caller waits for the running one. */
  pull(): Promise<CatalogueStatus> {
    this.pulling ??= this.runPull().finally(() => {
      this.pulling = null
      this.events.emit('catalogue.changed', this.status())
    })
    return this.pulling.then(() => this.status())
  }

  private async runPull(): Promise<void> {
    const session = this.session.require()
    try {
      // The entity and agency decide which cache and whose stock: read them fresh.
      await this.profile.whoami()
      const cache = this.requireCache()
      await pullCatalogue({
        db: cache.store.db,
        graphql: session.graphql,
        rest: session.rest,
        has: (extension) => session.extensions.has(extension),
        now: this.now,
        onProgress: (p) => this.events.emit('catalogue.progress', p),
      })
      this.lastError = null
    } catch (err) {
      this.lastError = AppError.from(err).message
      throw err
    }
  }

  search(query: CatalogueQuery) {
    const cache = this.caches.current()
    return cache ? cache.store.search(query) : { total: 0, truncated: false, rows: [] }
  }

  tags() {
    return this.caches.current()?.store.tags() ?? []
  }

  items(query: string, limit: number): ItemRow[] {
    return this.caches.current()?.store.searchItems(query, limit) ?? []
  }

  itemCategories() {
    return this.caches.current()?.store.itemCategories() ?? []
  }

  /** From the cache, or (online) the service's latest, written to the cache on the way. */
  async bundle(id: number, online: boolean): Promise<BundleDetail> {
    const store = this.requireCache().store
    if (online) {
      const fresh = await fetchBundle(this.session.require().rest, id)
      store.upsertBundle(fresh)
      return { ...(store.bundle(id) as BundleDetail), source: 'service' }
    }
    const cached = store.bundle(id)
    if (!cached) throw new AppError('not_found', { detail: `bundle ${id} is not in the local catalogue` })
    return cached
  }

  store(): CatalogueStore {
    return this.requireCache().store
  }

  private requireCache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }
}
