import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { desktopChannels, type CameraDoor } from '@shared/desktop'
import type { TrainingLauncher } from '@base/training'
import { MemorySecretStore } from '@core/secrets/memorySecretStore'
import { appIndexUrl } from '../../src-main/electron/appProtocol'
import { CAPTURE_MAX_OPEN_MS } from '../../src-main/electron/cameraGate'
import { startApp, type AppDeps } from '../../src-main/electron/startApp'
import { createDesktopBridge } from '../../src-main/preload/desktop'
import { createFakeCore } from './fakes/fakeCore'
import { app, FakeBrowserWindow, FakeFrame, ipcMain, ipcRenderer, resetFakeElectron, session } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

// Issue 33, requirement 3, wired whole: the page's capture dialog opens the camera's gate through the preload and
// the main process, and Electron's permission handlers grant the camera to our page only meanwhile.

const training: TrainingLauncher = { start: vi.fn(), reset: vi.fn(), stop: vi.fn(), dropLine: vi.fn(), lineIsDown: () => false }
let tmp: string
let window: FakeBrowserWindow
let door: CameraDoor

const video = { isMainFrame: true, requestingUrl: appIndexUrl, mediaTypes: ['video'] }
function request(details: object, permission = 'media'): boolean {
  const callback = vi.fn()
  session.defaultSession.permissionRequestHandler?.(window.webContents, permission, callback, details)
  expect(callback).toHaveBeenCalledOnce()
  return callback.mock.calls[0]![0] as boolean
}
const check = (details: object) => session.defaultSession.permissionCheckHandler?.(window.webContents, 'media', 'app://mostrador', details)
const checkVideo = { isMainFrame: true, requestingUrl: appIndexUrl, mediaType: 'video' }

async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r))
}

beforeEach(async () => {
  resetFakeElectron()
  vi.useFakeTimers({ toFake: ['Date'] })
  tmp = mkdtempSync(join(tmpdir(), 'mostrador-camera-test-'))
  app.appPath = tmp
  // Packaged: the page is app://mostrador/, as a clerk runs it.
  app.isPackaged = true
  const deps: AppDeps = {
    createCore: async () => createFakeCore(),
    createSecretStore: () => new MemorySecretStore(),
    createTrainingLauncher: () => training,
    useNativeBinding: () => undefined,
    mainDir: join('/opt', 'mostrador', 'out', 'main'),
    electronVersion: undefined,
    env: {},
  }
  startApp(deps)
  await settle()
  expect(FakeBrowserWindow.instances).toHaveLength(1)
  window = FakeBrowserWindow.instances[0]!
  expect(window.loadedUrl).toBe(appIndexUrl)
  ipcRenderer.senderEvent = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame })
  door = createDesktopBridge(ipcRenderer).camera
})

afterEach(() => {
  vi.useRealTimers()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the camera in the desktop app', () => {
  it('is denied until a capture dialog opens the gate, granted to our page meanwhile, and denied again once it closes', async () => {
    expect(request(video)).toBe(false)
    expect(check(checkVideo)).toBe(false)

    expect(await door.open()).toBe(true)
    expect(request(video)).toBe(true)
    expect(check(checkVideo)).toBe(true)

    await door.close()
    expect(request(video)).toBe(false)
    expect(check(checkVideo)).toBe(false)
  })

  it('while open, still denies another origin, a subframe, the microphone and every other permission', async () => {
    expect(await door.open()).toBe(true)
    expect(request({ ...video, requestingUrl: 'https://evil.example/' })).toBe(false)
    expect(request({ ...video, requestingUrl: 'app://mostrador.evil/index.html' })).toBe(false)
    expect(check({ ...checkVideo, requestingUrl: 'https://evil.example/' })).toBe(false)
    expect(request({ ...video, isMainFrame: false })).toBe(false)
    expect(request({ ...video, mediaTypes: ['audio'] })).toBe(false)
    expect(request({ ...video, mediaTypes: ['video', 'audio'] })).toBe(false)
    expect(check({ ...checkVideo, mediaType: 'audio' })).toBe(false)
    for (const other of ['display-capture', 'geolocation', 'notifications', 'clipboard-read'])
      expect(request(video, other), other).toBe(false)
    // The one grant is still there for what it is for.
    expect(request(video)).toBe(true)
  })

  it('is not opened by a subframe or by a page that navigated away from the app', async () => {
    const sub = new FakeFrame(appIndexUrl, window.webContents.mainFrame, 1, 99)
    ipcRenderer.senderEvent = () => ({ sender: window.webContents, senderFrame: sub })
    expect(await door.open()).toBe(false)
    expect(request(video)).toBe(false)

    ipcRenderer.senderEvent = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame })
    window.webContents.mainFrame.url = 'https://evil.example/'
    expect(await door.open()).toBe(false)
    expect(request({ ...video, requestingUrl: 'https://evil.example/' })).toBe(false)
  })

  it('is not closed by a frame that may not open it', async () => {
    expect(await door.open()).toBe(true)
    const sub = new FakeFrame(appIndexUrl, window.webContents.mainFrame, 1, 99)
    await ipcMain.invoke(desktopChannels.cameraClose, { sender: window.webContents, senderFrame: sub })
    expect(request(video)).toBe(true)
  })

  it('closes by itself when a dialog is left open past its limit', async () => {
    expect(await door.open()).toBe(true)
    vi.setSystemTime(Date.now() + CAPTURE_MAX_OPEN_MS)
    expect(request(video)).toBe(false)
  })

  it('is closed, and its door gone, when the app quits', async () => {
    expect(await door.open()).toBe(true)
    app.emit('will-quit', { preventDefault: vi.fn() })
    expect(request(video)).toBe(false)
    expect(ipcMain.handlers.has(desktopChannels.cameraOpen)).toBe(false)
    // A page still asking gets a closed gate, not an error.
    expect(await door.open()).toBe(false)
  })
})
