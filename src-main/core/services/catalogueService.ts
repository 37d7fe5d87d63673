import type { BundleDetail, CatalogueQuery, CatalogueStatus, ItemRow, PullProgress } from '@shared/catalogue'
import { AppError, type ErrorPayload } from '@shared/errors'
import { fetchBundle } from '../api/bundlesApi'
import type { ServiceExtension } from '../api/serviceExtensions'
import type { CatalogueStore } from '../cache/catalogueStore'
import { olderThan } from '../cache/clockStamp'
import type { CoreEvents } from '../events'
import { nativeBindingInUse } from '@base/sqlite'
import { syncCatalogue } from '../sync/catalogueSync'
import { CounterRequests } from '../sync/counterFirst'
import type { PullJob } from '../sync/pullJob'
import { tryLock, waitForLock } from '../processLock'
import { OTHER_PULL_POLL_MS, OTHER_PULL_WAIT_MS, pullLockFile } from '../sync/pullLock'
import { orStopped, pullInThread, pullStopped, type PullThreadHooks } from '../sync/pullThread'
import type { EntityCache, EntityCaches } from './entityCaches'
import type { ProfileService } from './profileService'
import type { ActiveSession, SessionService } from './sessionService'

/** How long after the day's full pull failed the pulls read only what changed, before it is tried again. */
const FULL_RETRY_MS = 60 * 60_000

export interface CatalogueOptions {
  /** A snapshot older than this is shown as stale (default 2 hours). */
  staleAfterMs?: number
  /** A full pull at least this often (default a day); the pulls between read only what changed. */
  fullEveryMs?: number
  /** The agencies this station books for, besides its own: their stock is read at every pull. */
  stockAgencies?: () => readonly number[]
  /** The pull on this thread, not one of its own: for tests whose api modules are replaced in this thread only. */
  pullHere?: boolean
  /** The counter's requests being answered, which the pull's thread lets go first (none counted by default). */
  counterRequests?: CounterRequests
  /** How long a pull waits for another process's pull of the same catalogue (default OTHER_PULL_WAIT_MS). */
  otherPullWaitMs?: number
}

/** The offline catalogue: pulls snapshots and answers every read from the cache. */
export class CatalogueService {
  private pulling: Promise<void> | null = null
  /** Stops a pull's thread when the cache it writes is closed (another account or entity, the core's end). */
  private stopping: AbortController | null = null
  /** Stops a pull still reading the profile, before it has a cache to write (see readingProfile). */
  private reading: AbortController | null = null
  private lastError: ErrorPayload | null = null
  private readonly staleAfterMs: number
  private readonly fullEveryMs: number
  private readonly stockAgencies: () => readonly number[]
  private readonly pullHere: boolean
  private readonly counterRequests: CounterRequests
  private readonly otherPullWaitMs: number
  /** When the day's full pull last failed, by cache file: the pulls meanwhile read what changed (FULL_RETRY_MS). */
  private readonly dueFullFailedAt = new Map<string, number>()

  constructor(
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly caches: EntityCaches,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
    options: CatalogueOptions = {},
  ) {
    this.staleAfterMs = options.staleAfterMs ?? 2 * 60 * 60 * 1000
    this.fullEveryMs = options.fullEveryMs ?? 24 * 60 * 60 * 1000
    this.stockAgencies = options.stockAgencies ?? (() => [])
    this.pullHere = options.pullHere ?? false
    this.counterRequests = options.counterRequests ?? new CounterRequests()
    this.otherPullWaitMs = options.otherPullWaitMs ?? OTHER_PULL_WAIT_MS
    events.on('session.changed', () => this.stopping?.abort())
    events.on('entity.changed', () => this.stopping?.abort())
  }

  /** Stops a pull under way (its thread); the live snapshot stays as it was. */
  close(): void {
    this.reading?.abort()
    this.stopping?.abort()
  }

  /** As close(), and waits for the pull to end: its thread has let go of the cache's files then. */
  async stop(): Promise<void> {
    this.close()
    await this.pulling?.catch(() => undefined)
  }

  status(): CatalogueStatus {
    const cache = this.caches.current()
    const who = this.profile.lastKnown()
    const at = cache ? cache.store.stockAgeOf(who?.agency?.id ?? null, this.session.clockOffsetMs()) : null
    return {
      entityId: cache?.entityId ?? null,
      agency: who?.agency ?? null,
      pulledAt: at,
      stale: olderThan(at, this.now(), this.staleAfterMs),
      staleAfterMs: this.staleAfterMs,
      pulling: this.pulling !== null,
      counts: cache ? cache.store.counts() : { bundles: 0, items: 0, agencies: 0 },
      lastError: this.lastError,
      capabilities: cache ? cache.store.pulledCapabilities() : null,
    }
  }

  /**
   * One pull at a time: a second caller waits for the running one. A routine pull reads only what
   * changed; `full` (the clerk's «Actualizar todo») reads everything again, and so does a day since the last full
   * pull, or too much changed, going on from what a try the line cut had staged (cache/stagedPull.ts).
   */
  pull(full = false): Promise<CatalogueStatus> {
    this.pulling ??= this.runPull(full).finally(() => {
      this.pulling = null
      // Signed out meanwhile (a sign-out, the training reset): the pull ends so (require throws), with no catalogue to tell of.
      this.session.require()
      this.events.emit('catalogue.changed', this.status())
    })
    return this.pulling.then(() => this.status())
  }

  private async runPull(full: boolean): Promise<void> {
    const session = this.session.require()
    try {
      // The entity and agency decide which cache and whose stock: read them fresh.
      const who = await this.readingProfile()
      const cache = this.requireCache()
      const stopping = (this.stopping = new AbortController())
      try {
        await this.pullInTurn(session, cache, who.agency ? [who.agency.id] : [], full, stopping.signal)
      } finally {
        if (this.stopping === stopping) this.stopping = null
      }
      this.lastError = null
    } catch (err) {
      this.lastError = AppError.from(err).toPayload()
      throw err
    }
  }

  /**
   * The profile, read before a pull. A stop meanwhile (the core's close, the training reset) does not wait for its
   * answer; the entity it finds, told as it is read (entity.changed), is the one the pull then writes, so that stops
   * nothing.
   */
  private async readingProfile() {
    const reading = (this.reading = new AbortController())
    try {
      const who = await orStopped(this.profile.whoami(), reading.signal)
      if (reading.signal.aborted) throw pullStopped()
      return who
    } finally {
      if (this.reading === reading) this.reading = null
    }
  }

  /** The pull, once this process has the catalogue's turn; none when another process's pull did it meanwhile. */
  private async pullInTurn(session: ActiveSession, cache: EntityCache, own: number[], full: boolean, signal: AbortSignal) {
    const onProgress = (p: PullProgress) => this.events.emit('catalogue.progress', p)
    const unlock = await this.takeTurn(cache, full, signal, onProgress)
    if (unlock === 'pulled') return
    try {
      const deps = {
        graphql: session.graphql,
        rest: session.rest,
        has: oncePerPull((extension: ServiceExtension) => session.extensions.has(extension)),
        now: this.now,
        serviceOffsetMs: () => session.clock.offsetMs(),
        onProgress,
      }
      const stockAgencies = [...new Set([...own, ...this.stockAgencies()])]
      const routineFirst = !full && !this.fullPullDue(cache)
      const sync = async () => {
        if (this.pullHere) {
          const catalogue = { changes: cache.store.changeWriter(), staging: cache.store.staging() }
          await syncCatalogue({ ...deps, catalogue, routineFirst, afresh: full, stockAgencies })
        } else await this.pullInThread(session, cache, { ...deps, routineFirst, afresh: full, stockAgencies }, signal)
      }
      await (full || routineFirst ? sync() : this.dueFullPull(cache, sync))
    } finally {
      unlock()
    }
  }

  /**
   * The catalogue's pull lock (sync/pullLock.ts), waited for while another process on this computer pulls it.
   * 'pulled': that pull brought the catalogue up to date meanwhile (a full one, when a full one was asked), and what
   * it read is in the same file: this one reads nothing again. One that failed leaves the marks as they were.
   */
  private async takeTurn(cache: EntityCache, full: boolean, signal: AbortSignal, onProgress: (p: PullProgress) => void) {
    const file = pullLockFile(cache.file)
    const mark = () => (full ? cache.store.fullPullAt() : JSON.stringify(cache.store.pulledAt()))
    // Read before the first try: another pull that ends between the two is then seen to have ended.
    const before = mark()
    const unlock = tryLock(file)
    if (unlock) return unlock
    onProgress({ phase: 'waiting', done: 0, total: null })
    const late = await waitForLock(file, this.otherPullWaitMs, { everyMs: OTHER_PULL_POLL_MS, signal })
    if (signal.aborted) {
      late?.()
      throw pullStopped()
    }
    if (!late) throw new AppError('another_puller')
    if (mark() === before) return late
    late()
    return 'pulled'
  }

  /** The pull in a thread of its own (sync/pullThread.ts): the counter's requests never wait behind it. */
  private async pullInThread(
    session: ActiveSession,
    cache: EntityCache,
    deps: Pick<PullThreadHooks, 'has' | 'onProgress'> & Pick<PullJob, 'routineFirst' | 'afresh' | 'stockAgencies'>,
    signal: AbortSignal,
  ) {
    const job = {
      file: cache.file,
      nativeBinding: nativeBindingInUse(),
      account: session.account,
      limits: session.rest.limits,
      jwt: await session.graphql.handOver(),
      serviceOffsetMs: session.clock.offsetMs(),
      coreOffsetMs: this.now().getTime() - Date.now(),
      counterRequests: this.counterRequests.shared,
      contactOrder: session.heard.contactOrder,
      routineFirst: deps.routineFirst,
      afresh: deps.afresh,
      stockAgencies: deps.stockAgencies,
    }
    await cache.leavingCheckpoints(() => pullInThread(job, { ...deps, ...session.heard }, signal))
  }

  /**
   * A day (fullEveryMs) since the last full pull by this computer's clock (the service's is never compared with it), and
   * not one that failed within FULL_RETRY_MS: a line that cuts it would otherwise leave the stock unread until it went.
   */
  private fullPullDue(cache: EntityCache): boolean {
    const now = this.now().getTime()
    const failedAt = this.dueFullFailedAt.get(cache.file)
    if (failedAt !== undefined && now - failedAt < FULL_RETRY_MS && now >= failedAt) return false
    const at = cache.store.fullPullAt()
    return at === null || now - Date.parse(at) >= this.fullEveryMs || now < Date.parse(at)
  }

  /** The day's full pull, its failure remembered so the pulls meanwhile read what changed. */
  private async dueFullPull(cache: EntityCache, sync: () => Promise<void>): Promise<void> {
    try {
      await sync()
      this.dueFullFailedAt.delete(cache.file)
    } catch (err) {
      // A first pull (no snapshot yet) has nothing to read changes against: it stays a full one.
      if (cache.store.fullPullAt() !== null) this.dueFullFailedAt.set(cache.file, this.now().getTime())
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

/** A probe asked once a pull: a routine pull that turns into a full one does not ask (or wait) twice. */
function oncePerPull<K, V>(ask: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const asked = new Map<K, Promise<V>>()
  return (key) => {
    const known = asked.get(key) ?? ask(key)
    asked.set(key, known)
    return known
  }
}
