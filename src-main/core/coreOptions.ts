import type { Runner } from '@shared/domain'
import type { AnswerLimitOverrides } from './api/answerLimits'
import type { Logger } from './logging/logger'
import type { SecretStore } from './secrets/secretStore'
import type { HeartbeatTiming } from './services/connectionMonitor'
import type { TrainingLauncher } from '@base/training'
import type { UpdaterDriver } from './updates/updatesService'

/** What a runner gives createCore, and the handlers read (handlers/parts.ts): its own file, so neither imports the other. */
export interface CoreOptions {
  /** Folder for settings, caches and training data. */
  dataDir: string
  secrets: SecretStore
  runner: Runner
  version: string
  /** Absent where training mode is not offered. */
  training?: TrainingLauncher
  /**
   * The longest wait for a service answer to start or to move, and the whole deadline of a record or a
   * list; absent, each kind of answer keeps its own (core/api/answerLimits.ts). Tests make it short.
   */
  requestTimeoutMs?: number
  /** Limits per kind of answer over those (tests: a short total, a small cap). */
  answerLimits?: AnswerLimitOverrides
  /** When the app asks the service on its own while idle (services/connectionMonitor.ts); tests may shorten it. */
  heartbeat?: HeartbeatTiming
  /** The clock; tests move it. */
  now?: () => Date
  /** Background sync: the catalogue pulled this often (default 10 minutes), the outbox pushed as it fills. false: only when asked. */
  background?: false | { pullEveryMs?: number }
  /** How long a pull waits for another process's pull of the same catalogue (sync/pullLock.ts); tests shorten it. */
  otherPullWaitMs?: number
  /**
   * The OS log folder: the core writes its rotating log there (requests, sync
   * outcomes, errors, start and stop; secrets scrubbed). Absent: no log file.
   */
  logDir?: string
  /** A ready logger instead (tests); wins over logDir and is not closed by the core. */
  logger?: Logger
  /** The desktop app's updater (electron-updater behind an adapter); absent elsewhere: updates are off. */
  updater?: UpdaterDriver
  /** For the update policy's override (MOSTRADOR_UPDATES=off); default process.env. */
  env?: NodeJS.ProcessEnv
}
