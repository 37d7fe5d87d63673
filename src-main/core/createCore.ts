import type { Handlers } from '../../src-shared/dispatch'
import { CoreEvents } from './events'
import type { SecretStore } from './secrets/secretStore'
import { ConnectionMonitor } from './services/connectionMonitor'
import { ProfileService } from './services/profileService'
import { SessionService } from './services/sessionService'
import { SettingsStore } from './settingsStore'
import type { TrainingLauncher } from './training'

export type Runner = 'electron' | 'browser-host' | 'cli'

export interface CoreOptions {
  /** Folder for settings, caches and training data. */
  dataDir: string
  secrets: SecretStore
  runner: Runner
  version: string
  /** Absent where training mode is not offered. */
  training?: TrainingLauncher
  /** Milliseconds before a service request is given up (default 15 s). */
  requestTimeoutMs?: number
  /** The clock; tests move it. */
  now?: () => Date
}

export interface Core {
  readonly handlers: Handlers
  readonly events: CoreEvents
  /** The use cases behind the handlers, for the CLI, which needs a little more than the renderer. */
  readonly services: { session: SessionService; profile: ProfileService; connection: ConnectionMonitor }
  close(): Promise<void>
}

/** The one place where the core is assembled; every runner calls it. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date())
  const events = new CoreEvents()
  const settings = new SettingsStore(options.dataDir)
  const connection = new ConnectionMonitor(events, now)
  const session = new SessionService({
    dataDir: options.dataDir,
    secrets: options.secrets,
    settings,
    events,
    connection,
    training: options.training,
    timeoutMs: options.requestTimeoutMs,
    now,
  })
  const profile = new ProfileService(session, events, now)
  await session.restore()

  const handlers: Handlers = {
    'app.info': async () => ({ version: options.version, runner: options.runner, trainingAvailable: !!options.training }),
    'session.status': async () => session.status(),
    'session.signIn': (input) => session.signIn(input),
    'session.startTraining': () => session.startTraining(),
    'session.resetTraining': () => session.resetTraining(),
    'session.signOut': () => session.signOut(),
    'connection.status': async () => connection.status(),
    'profile.whoami': () => profile.whoami(),
    'entity.switch': ({ entityId }) => profile.switchEntity(entityId),
    'company.get': () => profile.company(),
    'graphql.query': ({ query, variables }) => session.require().graphql.query(query, variables),
    'preferences.get': async () => settings.get().preferences,
    'preferences.set': async (change) => settings.setPreferences(change),
  }

  return {
    handlers,
    events,
    services: { session, profile, connection },
    async close() {
      connection.close()
      await session.close()
    },
  }
}
