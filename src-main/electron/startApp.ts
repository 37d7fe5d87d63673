import { join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron'
import { contentSecurityPolicyFor, serviceImageOrigins } from '@shared/csp'
import { dispatch } from '@shared/dispatch'
import type { SessionStatus } from '@shared/domain'
import { AppError, errorMessages } from '@shared/errors'
import type { Core } from '@core/createCore'
import type { CoreOptions } from '@core/coreOptions'
import type { SecretStore } from '@core/secrets/secretStore'
import type { TrainingLauncher } from '@base/training'
import type { UpdaterDriver } from '@core/updates/updatesService'
import { registerAppScheme, serveRenderer } from './appProtocol'
import { CameraGate } from './cameraGate'
import { registerCameraIpc } from './cameraIpc'
import { hardenSession, hardenWebContents } from './hardening'
import { forwardEvents, registerIpcRouter } from './ipcRouter'
import { electronSqliteBinding } from './nativeBinding'
import { registerPrinterIpc } from './printerIpc'
import { isAppUrl, rendererLocation } from './rendererLocation'
import { createSenderCheck } from './senderCheck'
import { claimSingleInstance } from './singleInstance'
import { createMainWindow } from './window'

/** The shell needs only the core's border: its handlers, its events and closing it. */
export type ShellCore = Pick<Core, 'handlers' | 'events' | 'close'>

/** What main.ts plugs in; tests give fakes so the lifecycle runs without the core or a sandbox. */
export interface AppDeps {
  createCore(options: CoreOptions): Promise<ShellCore>
  createSecretStore(): SecretStore
  createTrainingLauncher(dataDir: string): TrainingLauncher
  useNativeBinding(path: string | undefined): void
  /** The desktop updater; absent in tests of the lifecycle. */
  createUpdater?: () => UpdaterDriver
  /** The folder of the built main script (`out/main`); the preload and renderer sit beside it. */
  mainDir: string
  /** `process.versions.electron`; absent only when this code runs under plain Node. */
  electronVersion: string | undefined
  env: NodeJS.ProcessEnv
}

/** Gives the core this long to flush and close before the app exits anyway. */
const closeTimeoutMs = 5_000

/**
 * The whole life of the Electron app: one instance, hardened sessions and pages,
 * the core behind the IPC router, one window, and the core closed on the way out.
 * Returns false when another instance already runs (this one then quits).
 */
export function startApp(deps: AppDeps): boolean {
  const windows = new Set<BrowserWindow>()
  if (!claimSingleInstance(app, () => windows.values().next().value)) return false

  // Every renderer, including any created later, runs in the OS sandbox.
  app.enableSandbox()
  const location = rendererLocation({ isDev: !app.isPackaged, env: deps.env, mainDir: deps.mainDir })
  const isOurPage = (url: string) => isAppUrl(location, url)
  const isTrustedSender = createSenderCheck(location, () => [...windows])
  // The camera, to our page only and only while its capture dialog holds the gate open (cameraIpc.ts).
  const camera = new CameraGate(isOurPage)
  // The built page is app://mostrador/ (appProtocol.ts): its privileges can only be set before ready.
  if (location.kind === 'app') registerAppScheme(protocol)
  // The page's images may come from the service signed in to when it loads (src-shared/csp.ts).
  let imageOrigins: string[] = []
  const policy = () => contentSecurityPolicyFor(imageOrigins)

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, isOurPage, (url) => shell.openExternal(url))
  })

  let core: ShellCore | undefined
  let detach: (() => void)[] = []
  let closed = false

  const openWindow = () => {
    const window = createMainWindow(location, deps.mainDir)
    windows.add(window)
    window.on('closed', () => windows.delete(window))
  }

  const start = async () => {
    await app.whenReady()
    hardenSession(session.defaultSession, policy, camera)
    if (location.kind === 'app') serveRenderer(protocol, location.dir, policy)
    core = await openCore(deps)
    // The user quit while the core was starting: close it rather than open a window.
    if (closed) return closeCore(core)
    imageOrigins = await signedInImageOrigins(core)
    detach = [
      core.events.on('session.changed', (next) => {
        imageOrigins = serviceImageOrigins(next)
      }),
      registerIpcRouter(ipcMain, core, isTrustedSender),
      registerCameraIpc(ipcMain, camera, isTrustedSender),
      registerPrinterIpc(ipcMain, isTrustedSender),
      // Only windows still showing our page hear events (they carry the user's profile).
      forwardEvents(core, () => [...windows].filter((w) => !w.isDestroyed() && isOurPage(w.webContents.getURL()))),
    ]
    openWindow()
  }

  start().catch((err: unknown) => {
    console.error('Mostrador could not start:', err)
    dialog.showErrorBox('Mostrador', startupMessage(err))
    closed = true
    app.exit(1)
  })

  app.on('window-all-closed', () => {
    // macOS apps stay in the dock with no window; elsewhere closing the window quits.
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (core && windows.size === 0) openWindow()
  })
  app.on('will-quit', (event) => {
    if (closed) return
    // Hold the exit until the core has flushed the cache and released its locks.
    event.preventDefault()
    closed = true
    for (const stop of detach) stop()
    detach = []
    void closeCore(core).finally(() => app.quit())
  })
  return true
}

/** Points the SQLite driver at the binding built for this Electron, then opens the core in the app's folders. */
async function openCore(deps: AppDeps): Promise<ShellCore> {
  if (deps.electronVersion) {
    deps.useNativeBinding(
      electronSqliteBinding(app.getAppPath(), {
        electron: deps.electronVersion,
        platform: process.platform,
        arch: process.arch,
      }),
    )
  }
  const dataDir = app.getPath('userData')
  return deps.createCore({
    dataDir,
    secrets: deps.createSecretStore(),
    runner: 'electron',
    version: app.getVersion(),
    // The OS log folder Electron knows for this app (~/Library/Logs/Mostrador, %APPDATA%\Mostrador\logs, ~/.config/Mostrador/logs).
    logDir: app.getPath('logs'),
    training: deps.createTrainingLauncher(join(dataDir, 'training')),
    updater: deps.createUpdater?.(),
  })
}

/** The image origins of the service signed in to as the core opens; none when signed out. */
async function signedInImageOrigins(core: ShellCore): Promise<string[]> {
  const status = await dispatch(core.handlers, 'session.status', undefined)
  return status.ok ? serviceImageOrigins(status.value as SessionStatus) : []
}

async function closeCore(core: ShellCore | undefined): Promise<void> {
  if (!core) return
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`the core did not close within ${closeTimeoutMs} ms; quitting anyway`)
      resolve()
    }, closeTimeoutMs)
  })
  try {
    await Promise.race([core.close(), timeout])
  } catch (err) {
    console.error('closing the core failed:', err)
  } finally {
    clearTimeout(timer)
  }
}

/** A start-up failure as the person at the counter should read it. */
function startupMessage(err: unknown): string {
  if (err instanceof AppError) {
    const text = errorMessages[err.code]
    return [text.es, text.en, err.detail].filter(Boolean).join('\n\n')
  }
  return err instanceof Error ? err.message : String(err)
}
