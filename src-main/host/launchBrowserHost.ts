import { join } from 'node:path'
import { appRoot, appVersion } from '@core/appPaths'
import { createCore } from '@core/createCore'
import { KeychainSecretStore } from '@core/secrets/keychainSecretStore'
import type { SecretStore } from '@core/secrets/secretStore'
import type { TrainingLauncher } from '@base/training'
import { createTrainingLauncher } from '@sandbox/trainingLauncher'
import { startHostServer, type RunningHost } from './hostServer'

export interface BrowserHostOptions {
  dataDir: string
  /** The rotating log's folder; absent (the end-to-end tests): no log file. */
  logDir?: string
  port?: number
  /** Default: out/renderer of the app. */
  rendererDir?: string
  /** Default: the OS keychain. */
  secrets?: SecretStore
  /** Offer training mode (default true). */
  training?: boolean
}

/**
 * The core and the HTTP transport in front of it, as `mostrador serve` and the
 * end-to-end tests run them. The training launcher is handed back so a test can
 * stop the training service and watch the app go offline.
 */
export async function launchBrowserHost(opts: BrowserHostOptions): Promise<RunningHost & { training: TrainingLauncher | null }> {
  const training = opts.training === false ? null : createTrainingLauncher(join(opts.dataDir, 'training'))
  const core = await createCore({
    dataDir: opts.dataDir,
    secrets: opts.secrets ?? new KeychainSecretStore(),
    runner: 'browser-host',
    version: appVersion(),
    logDir: opts.logDir,
    training: training ?? undefined,
  })
  try {
    const host = await startHostServer({
      core,
      rendererDir: opts.rendererDir ?? join(appRoot(), 'out', 'renderer'),
      port: opts.port,
    })
    return {
      ...host,
      training,
      async close() {
        await host.close()
        await core.close()
      },
    }
  } catch (err) {
    await core.close()
    throw err
  }
}
