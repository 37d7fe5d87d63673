import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { requestNames } from '@shared/contract'
import { ipcEventChannel, ipcRequestChannel, type Envelope } from '@shared/contract/transport'
import { contentSecurityPolicyFor } from '@shared/csp'
import { desktopChannels } from '@shared/desktop'
import { printerChannels } from '@shared/printing'
import type { CoreOptions } from '@core/coreOptions'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import type { TrainingLauncher } from '@base/training'
import { electronBuildInfoFile, electronNativeDir, electronNativeFile } from '../../src-main/electron/nativeBinding'
import { startApp, type AppDeps } from '../../src-main/electron/startApp'
import { createFakeCore, type FakeCore } from './fakes/fakeCore'
import { app, dialog, FakeBrowserWindow, FakeFrame, ipcMain, protocol, resetFakeElectron, session } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

const mainDir = join('/opt', 'mostrador', 'out', 'main')
const training: TrainingLauncher = { start: vi.fn(), reset: vi.fn(), stop: vi.fn(), dropLine: vi.fn(), lineIsDown: () => false }

let core: FakeCore
let order: string[]
let deps: AppDeps & { createCore: ReturnType<typeof vi.fn<(o: CoreOptions) => Promise<FakeCore>>> }
let tmp: string

beforeEach(() => {
  resetFakeElectron()
  // Start-up and shutdown failures are logged on purpose; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  tmp = mkdtempSync(join(tmpdir(), 'mostrador-shell-test-'))
  app.appPath = tmp
  core = createFakeCore()
  order = []
  deps = {
    createCore: vi.fn(async (_options: CoreOptions) => {
      order.push('createCore')
      return core
    }),
    createSecretStore: () => new MemorySecretStore(),
    createTrainingLauncher: vi.fn((_dir: string) => training),
    useNativeBinding: vi.fn((path: string | undefined) => {
      order.push(`useNativeBinding:${path}`)
    }),
    mainDir,
    electronVersion: undefined,
    env: {},
  }
})

afterEach(() => {
  vi.restoreAllMocks()
  rmSync(tmp, { recursive: true, force: true })
})

/** Lets the start-up promise chain run to the end. */
async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r))
}

function onlyWindow(): FakeBrowserWindow {
  expect(FakeBrowserWindow.instances).toHaveLength(1)
  return FakeBrowserWindow.instances[0]!
}

describe('single instance', () => {
  it('a second instance quits at once and starts nothing', async () => {
    app.lockAvailable = false
    expect(startApp(deps)).toBe(false)
    await settle()
    expect(app.quit).toHaveBeenCalled()
    expect(deps.createCore).not.toHaveBeenCalled()
    expect(FakeBrowserWindow.instances).toEqual([])
    expect(ipcMain.handlers.size).toBe(0)
  })

  it('the first instance brings its window forward when a second one starts', async () => {
    expect(startApp(deps)).toBe(true)
    await settle()
    const window = onlyWindow()
    window.minimized = true
    app.emit('second-instance', {}, [], '/')
    expect(window.restored).toBe(true)
    expect(window.shown).toBe(true)
    expect(window.focused).toBe(true)
    expect(app.quit).not.toHaveBeenCalled()
  })
})

describe('start-up', () => {
  it('assembles the core for Electron on the user data folder, with training beside it', async () => {
    startApp(deps)
    await settle()
    expect(deps.createCore).toHaveBeenCalledTimes(1)
    const options = deps.createCore.mock.calls[0]![0]
    expect(options).toMatchObject({ dataDir: app.userData, runner: 'electron', version: '0.1.0-test', training })
    // The log goes to the OS log folder Electron names for the app.
    expect(options.logDir).toBe(app.getPath('logs'))
    expect(app.getPath).toHaveBeenCalledWith('logs')
    expect(options.secrets).toBeInstanceOf(MemorySecretStore)
    expect(deps.createTrainingLauncher).toHaveBeenCalledWith(join(app.userData, 'training'))
  })

  it('sandboxes every renderer, hardens the session and routes every request', async () => {
    startApp(deps)
    await settle()
    expect(app.enableSandbox).toHaveBeenCalled()
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled()
    let headers: Record<string, string | string[]> | undefined
    session.defaultSession.headersListener?.({ url: 'x', responseHeaders: {} }, (r) => (headers = r.responseHeaders))
    // The fake core is signed in to https://service.example: its pictures, and no other host's, may show.
    expect(headers).toEqual({ 'Content-Security-Policy': [contentSecurityPolicyFor(['https://service.example'])] })
    // The contract's requests, the camera's gate (cameraGate.test.ts) and the desktop printer's two channels (printerIpc.ts): nothing else.
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      [...requestNames.map(ipcRequestChannel), ...Object.values(desktopChannels), ...Object.values(printerChannels)].sort(),
    )
  })

  it('opens one secure window on the built renderer and hardens its page', async () => {
    startApp(deps)
    await settle()
    const window = onlyWindow()
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false })
    expect(window.loadedUrl).toBe('app://mostrador/index.html')
    expect(window.loadedFile).toBeUndefined()
    const navigation = { url: 'https://evil.example/', preventDefault: vi.fn() }
    window.webContents.emit('will-navigate', navigation, navigation.url)
    expect(navigation.preventDefault).toHaveBeenCalled()
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
  })

  it('uses the dev server in development only', async () => {
    startApp({ ...deps, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } })
    await settle()
    expect(onlyWindow().loadedUrl).toBe('http://localhost:5173/')
    resetFakeElectron()
    app.isPackaged = true
    startApp({ ...deps, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } })
    await settle()
    expect(onlyWindow().loadedUrl).toBe('app://mostrador/index.html')
  })

  it('registers app:// as a privileged scheme before the app is ready, and serves it only once ready', async () => {
    startApp(deps)
    // Electron refuses privileges after ready (the fake too): they are set while startApp runs.
    expect(app.ready).toBe(false)
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
    ])
    expect(protocol.handlers.has('app')).toBe(false)
    await settle()
    expect(protocol.handlers.has('app')).toBe(true)
  })

  it('serves the built renderer over app:// with the CSP of the signed-in service, and nothing outside it', async () => {
    const out = join(tmp, 'out')
    mkdirSync(join(out, 'renderer', 'assets'), { recursive: true })
    mkdirSync(join(out, 'main'), { recursive: true })
    writeFileSync(join(out, 'renderer', 'index.html'), '<!doctype html><title>Mostrador</title>')
    writeFileSync(join(out, 'renderer', 'assets', 'index-Ab12.js'), 'export {}')
    writeFileSync(join(out, 'main', 'index.js'), 'secret main code')
    writeFileSync(join(tmp, 'secret.txt'), 'secret')
    startApp({ ...deps, mainDir: join(out, 'main') })
    await settle()
    const page = await protocol.request('app://mostrador/index.html#/counter')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<title>Mostrador</title>')
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicyFor(['https://service.example']))
    const script = await protocol.request('app://mostrador/assets/index-Ab12.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    for (const url of [
      'app://mostrador/../main/index.js',
      'app://mostrador/%2e%2e/main/index.js',
      'app://mostrador/assets/..%2f..%2fmain%2findex.js',
      'app://mostrador/assets/..%5c..%5cmain%5cindex.js',
      'app://mostrador/%2e%2e/%2e%2e/secret.txt',
      'app://mostrador/nothing.html',
      'app://other/index.html',
    ]) {
      const res = await protocol.request(url)
      expect(res.status, url).toBe(404)
      expect(await res.text(), url).not.toMatch(/secret/)
    }
    expect((await protocol.request('app://mostrador/index.html', { method: 'POST', body: 'x' })).status).toBe(405)
    // A session on another service: the next page load may show that service's pictures, and no longer the last one's.
    core.events.emit('session.changed', { state: 'signed_in', training: true, serverUrl: 'http://127.0.0.1:4010', email: 't@x.test' })
    const again = await protocol.request('app://mostrador/index.html')
    expect(again.headers.get('content-security-policy')).toBe(contentSecurityPolicyFor(['http://127.0.0.1:4010']))
  })

  it('answers requests from its window and forbids them from a subframe', async () => {
    startApp(deps)
    await settle()
    const window = onlyWindow()
    const channel = ipcRequestChannel('app.info')
    const fromWindow = { sender: window.webContents, senderFrame: window.webContents.mainFrame }
    expect(await ipcMain.invoke(channel, fromWindow, undefined)).toMatchObject({ ok: true })
    const sub = new FakeFrame(window.webContents.mainFrame.url, window.webContents.mainFrame, 1, 99)
    const fromSubframe = (await ipcMain.invoke(channel, { sender: window.webContents, senderFrame: sub }, undefined)) as Envelope
    expect(fromSubframe.ok ? 'ok' : fromSubframe.error.code).toBe('forbidden')
  })

  it('forwards core events to the window while it shows the app, and not after it navigated away', async () => {
    startApp(deps)
    await settle()
    const window = onlyWindow()
    core.events.emit('connection.changed', { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null })
    expect(window.webContents.sent).toEqual([
      {
        channel: ipcEventChannel('connection.changed'),
        args: [{ online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null }],
      },
    ])
    window.webContents.mainFrame.url = 'https://evil.example/'
    core.events.emit('connection.changed', { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null })
    expect(window.webContents.sent).toHaveLength(1)
  })
})

describe('native binding under Electron', () => {
  function writeNative(info: Record<string, string>, root = tmp) {
    const dir = join(root, electronNativeDir)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, electronNativeFile), 'binary')
    writeFileSync(join(dir, electronBuildInfoFile), JSON.stringify(info))
    return join(dir, electronNativeFile)
  }

  it('points better-sqlite3 at the Electron build before the core opens anything', async () => {
    const binary = writeNative({ electron: '45.4.1', betterSqlite3: '12.11.1', platform: process.platform, arch: process.arch })
    startApp({ ...deps, electronVersion: '45.4.1' })
    await settle()
    expect(order).toEqual([`useNativeBinding:${binary}`, 'createCore'])
  })

  it('in a packaged app, loads the build from app.asar.unpacked, since nothing native loads from inside app.asar', async () => {
    // Packaged, app.getAppPath() is resources/app.asar; electron-builder unpacks native/electron/** beside it.
    const resources = join(tmp, 'resources')
    app.appPath = join(resources, 'app.asar')
    mkdirSync(app.appPath, { recursive: true })
    const binary = writeNative(
      { electron: '45.4.1', betterSqlite3: '12.11.1', platform: process.platform, arch: process.arch },
      join(resources, 'app.asar.unpacked'),
    )
    startApp({ ...deps, electronVersion: '45.4.1' })
    await settle()
    expect(order).toEqual([`useNativeBinding:${binary}`, 'createCore'])
    expect(binary).toContain(join('resources', 'app.asar.unpacked', 'native', 'electron'))
  })

  it('stops with a clear message when the Electron build is missing', async () => {
    startApp({ ...deps, electronVersion: '45.4.1' })
    await settle()
    expect(deps.createCore).not.toHaveBeenCalled()
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Mostrador', expect.stringContaining('npm run build:native-electron'))
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(FakeBrowserWindow.instances).toEqual([])
  })

  it('stops with a clear message when the build is for another Electron', async () => {
    writeNative({ electron: '44.0.0', betterSqlite3: '12.11.1', platform: process.platform, arch: process.arch })
    startApp({ ...deps, electronVersion: '45.4.1' })
    await settle()
    expect(deps.createCore).not.toHaveBeenCalled()
    expect(dialog.showErrorBox).toHaveBeenCalledWith(
      'Mostrador',
      expect.stringMatching(/built for Electron 44\.0\.0.*this is Electron 45\.4\.1/s),
    )
  })

  it('shows a core start-up failure in both languages and exits', async () => {
    deps.createCore.mockRejectedValueOnce(
      new (await import('@shared/errors')).AppError('keychain_unavailable', { detail: 'no Secret Service' }),
    )
    startApp(deps)
    await settle()
    const message = dialog.showErrorBox.mock.calls[0]?.[1] as string
    expect(message).toContain('llavero')
    expect(message).toContain('keychain')
    expect(message).toContain('no Secret Service')
    expect(app.exit).toHaveBeenCalledWith(1)
  })
})

describe('quitting', () => {
  it('closes the core and removes the IPC handlers before the app exits', async () => {
    startApp(deps)
    await settle()
    const quit = { preventDefault: vi.fn() }
    app.emit('will-quit', quit)
    expect(quit.preventDefault).toHaveBeenCalled()
    expect(ipcMain.handlers.size).toBe(0)
    await settle()
    expect(core.close).toHaveBeenCalledTimes(1)
    expect(app.quit).toHaveBeenCalledTimes(1)
    // The second will-quit (from that app.quit) lets the exit through.
    const again = { preventDefault: vi.fn() }
    app.emit('will-quit', again)
    expect(again.preventDefault).not.toHaveBeenCalled()
    expect(core.close).toHaveBeenCalledTimes(1)
  })

  it('quits when a core close fails, instead of hanging', async () => {
    core.close.mockRejectedValueOnce(new Error('disk gone'))
    startApp(deps)
    await settle()
    app.emit('will-quit', { preventDefault: vi.fn() })
    await settle()
    expect(app.quit).toHaveBeenCalledTimes(1)
  })

  it('closes a core that finished starting after the user quit, and opens no window', async () => {
    let finish: (c: FakeCore) => void = () => {}
    deps.createCore.mockImplementationOnce(() => new Promise((r) => (finish = r)))
    startApp(deps)
    await settle()
    app.emit('will-quit', { preventDefault: vi.fn() })
    await settle()
    expect(app.quit).toHaveBeenCalledTimes(1)
    finish(core)
    await settle()
    expect(core.close).toHaveBeenCalledTimes(1)
    expect(FakeBrowserWindow.instances).toEqual([])
    expect(ipcMain.handlers.size).toBe(0)
  })

  it('quits when the last window closes (except on macOS)', async () => {
    startApp(deps)
    await settle()
    onlyWindow().close()
    app.emit('window-all-closed')
    expect(app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1)
  })
})
