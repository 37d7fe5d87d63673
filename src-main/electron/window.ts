import { join } from 'node:path'
import { BrowserWindow, type WebPreferences } from 'electron'
import type { RendererLocation } from './rendererLocation'

/**
 * The renderer runs sandboxed and isolated, with no Node and no way to relax
 * web security; the preload is its only door to the main process.
 */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  }
}

/** The app's window. It stays hidden until the first paint so it never flashes blank. */
export function createMainWindow(location: RendererLocation, mainDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Mostrador',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(join(mainDir, '../preload/index.cjs')),
  })
  window.once('ready-to-show', () => window.show())
  // The built page through app:// (appProtocol.ts), or electron-vite's dev server: an address either way.
  const loading = window.loadURL(location.url)
  loading.catch((err: unknown) => console.error('the renderer did not load:', err))
  return window
}
