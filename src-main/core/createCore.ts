import type { Handlers } from '../../src-shared/dispatch'
import { CoreEvents } from './events'
import type { SecretStore } from './secrets/secretStore'
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
  close(): Promise<void>
}

export async function createCore(_options: CoreOptions): Promise<Core> {
  throw new Error('not assembled yet')
}
