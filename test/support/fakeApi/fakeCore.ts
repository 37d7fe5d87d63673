import { join } from 'node:path'
import { GraphqlClient } from '@core/api/graphqlClient'
import { RestClient } from '@core/api/restClient'
import { ServiceClock } from '@core/api/serviceClock'
import { ServiceExtensions } from '@core/api/serviceExtensions'
import { openMigrated } from '@core/cache/cacheDatabase'
import { accountMigrations } from '@core/cache/migrations'
import { CoreEvents } from '@core/events'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import { BookingsService } from '@core/services/bookingsService'
import { BundleService } from '@core/services/bundleService'
import { CatalogueService } from '@core/services/catalogueService'
import { ConnectionMonitor } from '@core/services/connectionMonitor'
import { CounterService } from '@core/services/counterService'
import { EntityCaches } from '@core/services/entityCaches'
import { ProfileService } from '@core/services/profileService'
import { PurchasingService } from '@core/services/purchasingService'
import { SessionService, type ActiveSession, type SessionDeps } from '@core/services/sessionService'
import { SettingsStore } from '@core/settingsStore'
import { tempDirInTest } from '../tempDir'

/**
 * Signed in without signing in: the session a test's services share, with its real account.sqlite. The
 * clients it holds are never used (the api modules are replaced by the fakes), and the server answers
 * every extension probe with "no such field", as the real service does for the sandbox's extensions.
 */
class FakeSession extends SessionService {
  constructor(
    private readonly held: ActiveSession,
    deps: SessionDeps,
  ) {
    super(deps)
  }

  override require(): ActiveSession {
    return this.held
  }
}

function activeSession(dataDir: string): ActiveSession {
  const account = { serverUrl: 'http://fake-service.invalid', email: 'caja@example.com', token: 'fake-token' }
  const rest = new RestClient(account)
  const noSuchField = { data: null, errors: [{ message: 'field not found in type', extensions: { code: 'validation-failed' } }] }
  return {
    account,
    training: false,
    rest,
    graphql: new GraphqlClient(rest),
    extensions: new ServiceExtensions(async () => noSuchField),
    accountDb: openMigrated(join(dataDir, 'account.sqlite'), accountMigrations),
    clock: new ServiceClock(0),
    heard: { onContact: () => undefined, contactOrder: new SharedArrayBuffer(8), onServiceTime: () => undefined, log: undefined },
  }
}

/** The core's services as createCore wires them, over a fresh data folder (or the one given), with the clock a test sets. */
export function fakeCore(clock: { now: Date } = { now: new Date('2026-03-02T15:00:00Z') }, dataDir = tempDirInTest('mostrador-fake-')) {
  const now = () => clock.now
  const events = new CoreEvents()
  const deps: SessionDeps = {
    dataDir,
    secrets: new MemorySecretStore(),
    settings: new SettingsStore(dataDir),
    events,
    connection: new ConnectionMonitor(events, now),
    now,
  }
  const session = new FakeSession(activeSession(dataDir), deps)
  const profile = new ProfileService(session, events, now)
  const caches = new EntityCaches(dataDir, session, profile, null, now)
  const catalogue = new CatalogueService(session, profile, caches, events, now, { pullHere: true })
  return {
    dataDir,
    clock,
    events,
    profile,
    caches,
    catalogue,
    bookings: new BookingsService(dataDir, session, profile, caches, events, now),
    bundles: new BundleService(session, profile, catalogue, now),
    counter: new CounterService(session, profile, caches, events, now),
    purchasing: new PurchasingService(session, profile, now),
    /** Ends what the services hold open (the entity's cache, account.sqlite). */
    close: () => {
      caches.close()
      session.require().accountDb.close()
    },
  }
}
export type FakeCore = ReturnType<typeof fakeCore>
