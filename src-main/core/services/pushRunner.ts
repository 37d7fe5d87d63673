import type { BookingsDelta } from '@shared/contract/events'
import { AppError } from '@shared/errors'
import { keepInTransitDelivery, keptInTransitDelivery } from '../cache/keptInTransitDelivery'
import type { CoreEvents } from '../events'
import type { Logger } from '../logging/logger'
import { pushOutbox, type PushReport } from '../sync/bookingPusher'
import { waitForLock } from '../processLock'
import { pushLockFile } from '../sync/pushLock'
import { pushPictures } from '../sync/picturePusher'
import type { EntityCache, EntityCaches } from './entityCaches'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'

export type PushResult = PushReport & { changes: BookingsDelta }

/**
 * How long a sync the clerk asked for waits for another process's push to end before saying so: long
 * enough for a usual push, short enough that the screen answers. The scheduler does not wait; it tries later.
 */
const OTHER_PUSHER_WAIT_MS = 5000

export interface PushRunnerDeps {
  dataDir: string
  session: SessionService
  profile: ProfileService
  caches: EntityCaches
  /** The current entity's cache, or the error that says it is not known yet. */
  cache: () => EntityCache
  now: () => Date
  log: Logger
  /** How long confirmed outbox entries are kept for the history. */
  retentionMs: number
  /** Announces the named bookings (and the outbox's counts) to the screens, and returns what it announced. */
  changed: (localIds: Iterable<string>) => BookingsDelta
  /** Where a picture settled by the push is announced (pictures.changed). */
  events: CoreEvents
}

/** Sends the current entity's outbox: one push at a time, announced to the screens as it goes. */
export class PushRunner {
  private pushing: Promise<PushResult> | null = null
  /** The service refused the session during a push: the entries wait for the user to sign in again. */
  private refusedSession = false

  constructor(private readonly deps: PushRunnerDeps) {}

  /** A push is under way (the screens show a spinner). */
  get running(): boolean {
    return this.pushing !== null
  }

  get signInNeeded(): boolean {
    return this.refusedSession
  }

  /**
   * One push at a time in this process, and one pusher per data folder across processes. While another
   * process pushes, this one sends nothing and touches no entry: it fails with another_pusher at once,
   * or after a short wait when `waitForOtherPusher` (the clerk asked).
   */
  push(opts: { ignoreBackoff?: boolean; waitForOtherPusher?: boolean } = {}): Promise<PushResult> {
    if (this.pushing) return this.pushing
    // The bookings whose entries this push settled: announced as it goes, and all of them at the end.
    const touched = new Set<string>()
    const ended = (): BookingsDelta => {
      this.pushing = null
      return this.deps.changed(touched)
    }
    this.pushing = this.runPush(opts.ignoreBackoff ?? false, opts.waitForOtherPusher ? OTHER_PUSHER_WAIT_MS : 0, touched)
      .then(
        (report) => {
          this.refusedSession = false
          // Quiet when there was nothing to do: the scheduler asks every few seconds.
          if (report.sent || report.failed || report.conflicts) this.deps.log.info('outbox pushed', { ...report })
          return report
        },
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'unauthorized') this.refusedSession = true
          if (err instanceof AppError && err.code === 'another_pusher') this.deps.log.info('outbox push left to another process')
          else this.deps.log.warn('outbox push failed', { err })
          throw err
        },
      )
      .then(
        (report) => ({ ...report, changes: ended() }),
        (err: unknown) => {
          ended()
          throw err
        },
      )
    // The screens show a push under way (spinner, progress bar) from its first moment.
    this.deps.changed([])
    return this.pushing
  }

  private async runPush(ignoreBackoff: boolean, waitMs: number, touched: Set<string>): Promise<PushReport> {
    const { session: sessions, profile, caches, cache: currentCache, now, dataDir, retentionMs, log } = this.deps
    const session = sessions.require()
    // A fresh data folder does not know its entity yet: one read of the profile tells.
    if (!caches.current()) await profile.whoami()
    const cache = currentCache()
    // Held for the whole push: pushOutbox's first step reads every 'sending' entry back as 'unknown',
    // which is right only when no other live process has them on the wire.
    const unlock = await waitForLock(pushLockFile(dataDir), waitMs)
    if (!unlock) throw new AppError('another_pusher', { detail: 'another Mostrador process on this computer is sending the outbox' })
    try {
      const report = await pushOutbox({
        bookings: cache.bookings,
        outbox: cache.outbox,
        markerEcho: cache.markerEcho,
        rest: session.rest,
        graphql: session.graphql,
        now,
        inTransit: {
          known: () => keptInTransitDelivery(session.accountDb),
          learn: (route) => keepInTransitDelivery(session.accountDb, route, now()),
        },
        describeItem: (itemId) => {
          const { itemCode, itemName } = cache.store.describe(itemId, null)
          return { itemCode, itemName }
        },
        ignoreBackoff,
        onProgress: this.progressReporter(touched),
      })
      // The pictures after the bookings: a create or a ship confirmed just now lets its picture go in the same push.
      const pictures = await pushPictures({
        pictures: cache.outbox.pictures,
        bookings: cache.bookings,
        rest: session.rest,
        now,
        ignoreBackoff,
        onProgress: (localId) => {
          touched.add(localId)
          // Each picture is an upload of its own: the screens see it settle as it does.
          this.deps.events.emit('pictures.changed', { pictures: cache.outbox.pictures.list() })
        },
      })
      if (pictures) log.info('booking pictures sent', { pictures })
      return report
    } finally {
      unlock()
      // Confirmed entries stay for the sync centre's history as long as the retention says, then go.
      try {
        cache.outbox.prune(new Date(now().getTime() - retentionMs).toISOString())
      } catch (err) {
        // The entity's cache closed under the push (signed out, switched): the next push prunes.
        log.warn('outbox prune skipped', { err })
      }
    }
  }

  /**
   * The counts move as entries settle; at most a few events a second, so a long push does not flood the
   * screens, and none for a push shorter than that (its start and end say it all).
   */
  private progressReporter(touched: Set<string>, everyMs = 250): (localId: string) => void {
    let last = Date.now()
    let unannounced = new Set<string>()
    return (localId) => {
      touched.add(localId)
      unannounced.add(localId)
      const at = Date.now()
      if (at - last < everyMs) return
      last = at
      const ids = unannounced
      unannounced = new Set()
      this.deps.changed(ids)
    }
  }
}
