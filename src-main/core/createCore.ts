import type { Handlers } from '@shared/dispatch'
import type { RequestName } from '@shared/contract'
import type { CoreOptions } from './coreOptions'
import { CoreEvents } from './events'
import { BookingsService } from './services/bookingsService'
import { BundleService } from './services/bundleService'
import { BundleImageService } from './services/bundleImageService'
import { BookingPictureService } from './services/bookingPictureService'
import { CatalogueService } from './services/catalogueService'
import { ConnectionMonitor } from './services/connectionMonitor'
import { CounterService } from './services/counterService'
import { OpenBookingService } from './services/openBookingService'
import { OutboxTransferService } from './services/outboxTransferService'
import { DispatchTicksService } from './services/dispatchTicksService'
import { EntityCaches } from './services/entityCaches'
import { PullScheduler } from './sync/pullScheduler'
import { CounterRequests } from './sync/counterFirst'
import { PushScheduler } from './sync/pushScheduler'
import { ProfileService } from './services/profileService'
import { PurchasingService } from './services/purchasingService'
import { SessionService } from './services/sessionService'
import { SettingsStore } from './settingsStore'
import type { CoreParts } from './handlers/parts'
import { sessionHandlers } from './handlers/session'
import { catalogueHandlers } from './handlers/catalogue'
import { counterHandlers } from './handlers/counter'
import { entityFirst } from './handlers/entityFirst'
import { dispatchHandlers } from './handlers/dispatch'
import { purchasingHandlers } from './handlers/purchasing'
import { adminHandlers } from './handlers/admin'
import { supportHandlers } from './handlers/support'
import { DynamicTablesService } from './services/dynamicTablesService'
import { PieceworkGroupService } from './services/pieceworkGroupService'
import { damageOfError } from './cache/fileDamage'
import { DataNotices } from './cache/dataNotices'
import { SupportService } from './support/supportService'
import { createLogger, silentLogger, type Logger } from './logging/logger'
import { outboxCensus } from './updates/outboxCensus'
import { UpdatesService } from './updates/updatesService'

export interface Core {
  readonly handlers: Handlers
  readonly events: CoreEvents
  /** Where this run's log files are (read them with `logFiles(logDir)` from core/logging/logger); null when none is kept. */
  readonly logDir: string | null
  /** The core's logger, for the runner's own lines (the updater, the CLI). */
  readonly log: Logger
  /** The use cases behind the handlers, for the CLI, which needs a little more than the renderer. */
  readonly services: {
    session: SessionService
    profile: ProfileService
    connection: ConnectionMonitor
    catalogue: CatalogueService
    bundles: BundleService
    bookings: BookingsService
    /** `outbox export` / `outbox import`: a counter's unsent work carried to another computer. */
    outboxTransfer: OutboxTransferService
    counter: CounterService
    purchasing: PurchasingService
    pieceworkGroups: PieceworkGroupService
    dynamicTables: DynamicTablesService
    support: SupportService
    updates: UpdatesService
  }
  close(): Promise<void>
}

/** The one place where the core is assembled; every runner calls it. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date())
  const { log, ownLog } = await openLog(options)
  const events = new CoreEvents()
  const base: Assembly = { options, now, log, events }
  const account = createAccountParts(base)
  const areas = createAreaParts(base, account)
  const { support, updates } = createSupportParts(base, account, areas.bookings)
  const { settings, session, profile, connection, caches } = account
  const parts: CoreParts = { options, settings, session, profile, connection, ...areas, support, updates }
  const { catalogue, bookings } = areas
  await session.restore()
  const background = options.background === false ? null : (options.background ?? {})
  const scheduler = background ? new PullScheduler(catalogue, session, events, background.pullEveryMs ?? 10 * 60_000, now) : null
  const pushScheduler = background ? new PushScheduler(bookings, session, events) : null
  // A new account or entity means another cache file.
  events.on('session.changed', () => caches.close())
  events.on('entity.changed', () => caches.close())
  // The training reset removes the account's folder: the pull's thread and the caches let go of its files first.
  session.beforeRemovingFolder(async () => {
    await catalogue.stop()
    caches.close()
  })
  events.on('sync.changed', () => updates.outboxChanged())
  events.on('catalogue.changed', () => {
    // Told as the pull ends: a cache that cannot be read now is met again by the next request, and said there.
    try {
      areas.bookings.catalogueChanged()
    } catch (err) {
      log.warn('bookings not named again after a pull', { err })
    }
  })

  return {
    handlers: withErrorLog(counted(assembleHandlers(parts, caches), areas.counterRequests), log.child({ area: 'requests' }), (err) => {
      if (damageOfError(err)) caches.damageMet()
    }),
    events,
    logDir: log.logDir,
    log,
    services: {
      session,
      profile,
      connection,
      catalogue,
      bundles: areas.bundles,
      bookings,
      outboxTransfer: new OutboxTransferService(session, caches, bookings, now),
      counter: areas.counter,
      purchasing: areas.purchasing,
      pieceworkGroups: areas.pieceworkGroups,
      dynamicTables: areas.dynamicTables,
      support,
      updates,
    },
    async close() {
      updates.close()
      scheduler?.close()
      pushScheduler?.close()
      // The pull's thread lets go of the cache's files before the caller goes on (a quit, a power cut's restart).
      await catalogue.stop()
      connection.close()
      caches.close()
      await session.close()
      log.info('core stopped')
      await ownLog?.close()
    },
  }
}

/** What every part of the core is built with. */
interface Assembly {
  options: CoreOptions
  now: () => Date
  log: Logger
  events: CoreEvents
}

/** The runner's logger, or one of the core's own in logDir (closed with the core), or none; its first line says who started. */
async function openLog(options: CoreOptions): Promise<{ log: Logger; ownLog: Logger | null }> {
  const ownLog = !options.logger && options.logDir ? await createLogger({ logDir: options.logDir }) : null
  const log = options.logger ?? ownLog ?? silentLogger
  log.info('core started', {
    version: options.version,
    runner: options.runner,
    platform: process.platform,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
  })
  return { log, ownLog }
}

/** The account and its entity: the session, the profile and the entity's cache files. */
function createAccountParts({ options, now, log, events }: Assembly) {
  const notices = new DataNotices(options.dataDir, events, log.child({ area: 'cache' }))
  const settings = new SettingsStore(options.dataDir)
  const connection = new ConnectionMonitor(events, now, options.heartbeat)
  const session = new SessionService({
    dataDir: options.dataDir,
    secrets: options.secrets,
    settings,
    events,
    connection,
    training: options.training,
    timeoutMs: options.requestTimeoutMs,
    answerLimits: options.answerLimits,
    now,
    log,
    notices,
  })
  const profile = new ProfileService(session, events, now)
  const caches = new EntityCaches(options.dataDir, session, profile, notices, now)
  return { notices, settings, connection, session, profile, caches }
}

type AccountParts = ReturnType<typeof createAccountParts>

/** The use cases of the screens: catalogue, counter, dispatch, purchasing and administration. */
function createAreaParts({ options, now, log, events }: Assembly, { settings, session, profile, caches }: AccountParts) {
  const counterRequests = new CounterRequests()
  const catalogue = new CatalogueService(session, profile, caches, events, now, {
    stockAgencies: () => settings.get().preferences.stockAgencies,
    counterRequests,
    otherPullWaitMs: options.otherPullWaitMs,
  })
  const bundles = new BundleService(session, profile, catalogue, now)
  const bundleImages = new BundleImageService(session, catalogue)
  const bookings = new BookingsService(options.dataDir, session, profile, caches, events, now, log.child({ area: 'sync' }))
  const bookingPictures = new BookingPictureService(caches, profile, now, events)
  const counter = new CounterService(session, profile, caches, events, now)
  const openBooking = new OpenBookingService(caches, now, log.child({ area: 'counter' }))
  const dispatchTicks = new DispatchTicksService(
    caches,
    now,
    log.child({ area: 'dispatch' }),
    () => profile.lastKnown()?.agency?.id ?? null,
  )
  // A booking shipped from any screen (or settled by a push) takes its dispatch counts with it.
  events.on('bookings.changed', (delta) => {
    try {
      dispatchTicks.forgetSettled(delta)
    } catch (err) {
      log.warn('dispatch counts of settled bookings not dropped', { detail: err instanceof Error ? err.message : String(err) })
    }
  })
  const purchasing = new PurchasingService(session, profile, now)
  const pieceworkGroups = new PieceworkGroupService(session)
  const dynamicTables = new DynamicTablesService(session)
  return {
    counterRequests,
    catalogue,
    bundles,
    bundleImages,
    bookings,
    bookingPictures,
    counter,
    openBooking,
    dispatchTicks,
    purchasing,
    pieceworkGroups,
    dynamicTables,
  }
}

/** The support report and the updater, which look across every account on this computer. */
function createSupportParts({ options, now, log, events }: Assembly, account: AccountParts, bookings: BookingsService) {
  const { settings, session, profile, notices } = account
  const support = new SupportService({
    dataDir: options.dataDir,
    logDir: log.logDir,
    secrets: options.secrets,
    session,
    settings,
    version: options.version,
    runner: options.runner,
    now,
    notices,
    timeZone: () => profile.lastKnown()?.profile.timeZone ?? null,
  })
  const updates = new UpdatesService({
    driver: options.updater ?? null,
    settings,
    events,
    log: log.child({ area: 'updates' }),
    // Every account and entity on this computer, plus a push under way in this one.
    outbox: () => ({ ...outboxCensus(options.dataDir, log), pushing: bookings.summary().pushing }),
    env: options.env ?? process.env,
  })
  return { support, updates }
}

/** Each area's handlers (core/handlers/*.ts), assembled: a request missing here fails the type check. */
function assembleHandlers(parts: CoreParts, caches: EntityCaches): Handlers {
  return {
    ...sessionHandlers(parts),
    // The entity's data waits for the entity to be known (a training reset forgets it).
    ...entityFirst({ ...catalogueHandlers(parts), ...counterHandlers(parts), ...dispatchHandlers(parts) }, () => caches.known()),
    ...purchasingHandlers(parts),
    ...adminHandlers(parts),
    ...supportHandlers(parts),
  }
}

type AnyHandler = (input: never) => Promise<unknown>

/** Every handler answered through `around`, given the request's name and the call that answers it. */
function eachHandler(handlers: Handlers, around: (name: RequestName, answer: () => Promise<unknown>) => Promise<unknown>): Handlers {
  const wrapped: Record<string, AnyHandler> = {}
  for (const [name, handler] of Object.entries(handlers) as [RequestName, AnyHandler][])
    wrapped[name] = (input) => around(name, () => handler(input))
  return wrapped as unknown as Handlers
}

/** Each request counted while it is answered: the pull's thread lets them go first (sync/counterFirst.ts). */
function counted(handlers: Handlers, requests: CounterRequests): Handlers {
  return eachHandler(handlers, async (name, answer) => {
    const end = requests.begin(name)
    try {
      return await answer()
    } finally {
      end()
    }
  })
}

/**
 * A request the core refuses is logged with its code, so a support reader sees what the user saw; each
 * failure is also told to `failed` (a damaged cache page met by a read).
 */
function withErrorLog(handlers: Handlers, log: Logger, failed: (err: unknown) => void): Handlers {
  return eachHandler(handlers, async (name, answer) => {
    try {
      return await answer()
    } catch (err) {
      failed(err)
      const code = (err as { code?: unknown }).code
      // Expected refusals (bad input, offline) are warnings; anything else is an error with its stack.
      if (typeof code === 'string') log.warn('request refused', { request: name, code, message: (err as Error).message })
      else log.error('request failed', { request: name, err })
      throw err
    }
  })
}
