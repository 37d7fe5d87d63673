import { BookingStore } from '../cache/bookingStore'
import { CacheDocuments } from '../cache/cacheDocuments'
import { CatalogueStore } from '../cache/catalogueStore'
import { changedIdentity } from '../cache/fileIdentity'
import { entityCacheFile } from '../cache/partition'
import type { DataNotices } from '../cache/dataNotices'
import type { JournaledOutbox } from '../sync/outbox/journaledOutbox'
import { MarkerEcho } from '../sync/outbox/markerEcho'
import type { OutboxStore } from '../sync/outbox/outboxStore'
import { leavingCheckpoints } from '@base/sqlite'
import { markForWholeCheck, openEntityCache } from './openEntityCache'
import type { ActiveSession, SessionService } from './sessionService'
import type { ProfileService } from './profileService'

export interface EntityCache {
  session: ActiveSession
  /** The cache's file, for a connection of another thread (the full pull's). */
  file: string
  entityId: number
  agencyId: number | null
  store: CatalogueStore
  bookings: BookingStore
  /** The cache's small JSON documents by key (settings, the open booking, dispatch counts). */
  documents: CacheDocuments
  outbox: OutboxStore
  /** Whether the service keeps the markers our creates write in the memo (outbox/markerEcho.ts). */
  markerEcho: MarkerEcho
  /** `run` while this thread's connection leaves the log's checkpoints to the pull's thread (leavingCheckpoints). */
  leavingCheckpoints: <T>(run: () => Promise<T>) => Promise<T>
}

/**
 * The open database of the current (service, user, entity). It follows the
 * session and the entity switcher: a different account or entity opens its
 * own file, so one entity's data never shows under another.
 */
export class EntityCaches {
  private open: EntityCache | null = null
  private journaled: JournaledOutbox | null = null
  private openFile: string | null = null
  private reading: Promise<unknown> | null = null

  constructor(
    private readonly dataDir: string,
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    /** Told when a damaged cache is set aside as it opens (absent: nobody to tell, e.g. a unit test). */
    private readonly notices: DataNotices | null = null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Null until the current entity is known (signed in and read once from the service). */
  current(): EntityCache | null {
    const session = this.session.require()
    const who = this.profile.lastKnown()
    if (!who?.currentEntity) return null
    // Asked several times a commit: the file (a digest of the account) is worked out only when session or entity changed.
    if (this.open?.session !== session || this.open.entityId !== who.currentEntity.id) {
      const file = entityCacheFile(this.dataDir, { ...session.account, training: session.training }, who.currentEntity.id)
      this.close()
      const { db, outbox } = openEntityCache(file, this.now(), this.notices)
      this.openFile = file
      this.journaled = outbox
      const agency = () => this.profile.lastKnown()?.agency?.id ?? null
      // A restored or copied folder may hold entries its original already sent: read them all back first.
      if (changedIdentity(db, file)) outbox.readBackAllQueued()
      this.open = {
        session,
        file,
        entityId: who.currentEntity.id,
        agencyId: agency(),
        store: new CatalogueStore(db, agency),
        bookings: new BookingStore(db, outbox),
        documents: new CacheDocuments(db),
        outbox,
        markerEcho: new MarkerEcho(db),
        leavingCheckpoints: (run) => leavingCheckpoints(db, run),
      }
    }
    this.open.agencyId = who.agency?.id ?? null
    return this.open
  }

  /**
   * Before a read of the entity's data: a session whose profile was never read (a training account just
   * reset, a first sign-in) has it read now, once for all who ask together, so the lists wait for it
   * instead of failing as if offline. Offline with nothing kept, the read's own refusal follows.
   */
  async known(): Promise<void> {
    try {
      // Open for this session already: the entity was known (the common case, every scan).
      if (this.open?.session === this.session.require() || this.profile.lastKnown()) return
    } catch {
      // Signed out: the request says so itself.
      return
    }
    this.reading ??= this.profile.whoami().finally(() => (this.reading = null))
    await this.reading.catch(() => undefined)
  }

  /** The cache open now, without opening one: for work left for later, which a close or a switch makes moot. */
  opened(): EntityCache | null {
    return this.open
  }

  /**
   * A request failed on a damaged page of the cache (the catalogue's, say, which an open does not check
   * whole): it is closed, and the next open, in this process or another, checks it whole and sets it aside.
   */
  damageMet(): void {
    if (!this.open || !this.openFile) return
    const file = this.openFile
    this.close()
    try {
      markForWholeCheck(file)
    } catch {
      // A folder that cannot be written: the cache cannot be set aside there either; doctor says why.
    }
  }

  close(): void {
    this.open?.store.close()
    this.journaled?.closeJournal()
    this.open = null
    this.journaled = null
    this.openFile = null
  }
}
