import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appIndexUrl } from '../../src-main/electron/appProtocol'
import { createMainWindow, secureWebPreferences } from '../../src-main/electron/window'
import { FakeBrowserWindow, resetFakeElectron } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

const mainDir = join('/opt', 'mostrador', 'out', 'main')
const location = { kind: 'app', dir: join('/opt', 'mostrador', 'out', 'renderer'), url: appIndexUrl } as const

beforeEach(() => resetFakeElectron())

describe('main window', () => {
  it('runs the renderer isolated, sandboxed, without Node and with web security on', () => {
    const window = createMainWindow(location, mainDir) as unknown as FakeBrowserWindow
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    })
    expect(window.options.webPreferences).not.toHaveProperty('enableBlinkFeatures')
    expect(window.options.webPreferences).not.toHaveProperty('additionalArguments')
  })

  it('loads the one-file CommonJS preload built next to out/main', () => {
    const window = createMainWindow(location, mainDir) as unknown as FakeBrowserWindow
    expect(window.options.webPreferences?.['preload']).toBe(join('/opt', 'mostrador', 'out', 'preload', 'index.cjs'))
    expect(secureWebPreferences('/p.cjs').preload).toBe('/p.cjs')
  })

  it('loads the built index.html through app:// outside development, never as a file', () => {
    const window = createMainWindow(location, mainDir) as unknown as FakeBrowserWindow
    expect(window.loadedUrl).toBe('app://mostrador/index.html')
    expect(window.loadedFile).toBeUndefined()
  })

  it("loads the dev server's address in development", () => {
    const window = createMainWindow(
      { kind: 'dev-server', url: 'http://localhost:5173/', origin: 'http://localhost:5173' },
      mainDir,
    ) as unknown as FakeBrowserWindow
    expect(window.loadedUrl).toBe('http://localhost:5173/')
    expect(window.loadedFile).toBeUndefined()
  })

  it('stays hidden until ready-to-show', () => {
    const window = createMainWindow(location, mainDir) as unknown as FakeBrowserWindow
    expect(window.options['show']).toBe(false)
    expect(window.shown).toBe(false)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })
})
