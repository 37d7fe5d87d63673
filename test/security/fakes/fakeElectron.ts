import { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'
import { vi } from 'vitest'

/**
 * A small stand-in for the parts of Electron the shell uses, so its adapters run
 * under plain Node (the real binary cannot be downloaded here). Tests load it with
 * `vi.mock('electron', () => import('./fakes/fakeElectron'))` and reset it between tests.
 */

let nextId = 1

export class FakeFrame {
  constructor(
    public url: string,
    public parent: FakeFrame | null,
    public processId: number,
    public routingId: number,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  readonly mainFrame = new FakeFrame('', null, 100 + this.id, this.id)
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  readonly sent: { channel: string; args: unknown[] }[] = []
  destroyed = false

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, args })
  }
  getURL(): string {
    return this.mainFrame.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  loadedUrl: string | undefined
  loadedFile: string | undefined
  shown = false
  focused = false
  minimized = false
  restored = false
  destroyed = false

  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    super()
    FakeBrowserWindow.instances.push(this)
    // Electron announces every new WebContents on the app before anything loads.
    app.emit('web-contents-created', {}, this.webContents)
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url
    this.webContents.mainFrame.url = url
    return Promise.resolve()
  }
  loadFile(file: string): Promise<void> {
    this.loadedFile = file
    this.webContents.mainFrame.url = pathToFileURL(file).href
    return Promise.resolve()
  }
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
  restore(): void {
    this.restored = true
    this.minimized = false
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  close(): void {
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false
  lockAvailable = true
  userData = '/tmp/mostrador-fake-user-data'
  appPath = '/tmp/mostrador-fake-app'
  requestSingleInstanceLock = vi.fn(() => this.lockAvailable)
  quit = vi.fn()
  exit = vi.fn()
  enableSandbox = vi.fn()
  ready = false
  // Ready once the promise settles, not when it is asked for: what runs before the first await is before ready.
  whenReady = vi.fn(() =>
    Promise.resolve().then(() => {
      this.ready = true
    }),
  )
  getPath = vi.fn((name: string) => (name === 'userData' ? this.userData : `/tmp/mostrador-fake-${name}`))
  getVersion = vi.fn(() => '0.1.0-test')
  getAppPath = vi.fn(() => this.appPath)
}
export const app = new FakeApp()

// `never` for the event so the router's handler (which expects an IpcMainInvokeEvent shape) fits.
type InvokeHandler = (event: never, ...args: unknown[]) => unknown

class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    // Electron refuses a second handler on one channel; so does the fake.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  /** What Electron does when a renderer invokes: find the handler, clone the arguments, call it. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    return this.invokeUncloned(channel, event, ...structuredClone(args))
  }
  /** Calls the handler with values no renderer could send (cycles, BigInt, symbols): what a bug might pass. */
  async invokeUncloned(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return (handler as (event: unknown, ...args: unknown[]) => unknown)(event, ...args)
  }
}
export const ipcMain = new FakeIpcMain()

class FakeIpcRenderer extends EventEmitter {
  /** The event ipcMain sees for this renderer; tests point it at a window's main frame. */
  senderEvent: () => unknown = () => ({ sender: null, senderFrame: null })
  invoke = vi.fn((channel: string, ...args: unknown[]) => ipcMain.invoke(channel, this.senderEvent(), ...args))
}
export const ipcRenderer = new FakeIpcRenderer()

export const exposed: Record<string, unknown> = {}
export const contextBridge = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    exposed[key] = api
  }),
}

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void

class FakeSession {
  permissionRequestHandler:
    ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | undefined
  permissionCheckHandler: ((contents: unknown, permission: string, origin: string, details: unknown) => boolean) | undefined
  devicePermissionHandler: ((details: unknown) => boolean) | undefined
  headersListener: HeadersListener | undefined
  setPermissionRequestHandler = vi.fn((handler: FakeSession['permissionRequestHandler']) => {
    this.permissionRequestHandler = handler
  })
  setPermissionCheckHandler = vi.fn((handler: FakeSession['permissionCheckHandler']) => {
    this.permissionCheckHandler = handler
  })
  setDevicePermissionHandler = vi.fn((handler: FakeSession['devicePermissionHandler']) => {
    this.devicePermissionHandler = handler
  })
  webRequest = {
    onHeadersReceived: vi.fn((listener: HeadersListener) => {
      this.headersListener = listener
    }),
  }
}
export const session = { defaultSession: new FakeSession() }

type ProtocolHandler = (request: Request) => Response | Promise<Response>

/** Electron's rules kept: privileges only before ready (and once), handlers only after. */
class FakeProtocol {
  readonly privileged: { scheme: string; privileges: Record<string, boolean> }[] = []
  readonly handlers = new Map<string, ProtocolHandler>()
  registerSchemesAsPrivileged = vi.fn((schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {
    if (app.ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    if (this.privileged.length > 0) throw new Error('protocol.registerSchemesAsPrivileged can be called only once')
    this.privileged.push(...schemes)
  })
  handle = vi.fn((scheme: string, handler: ProtocolHandler) => {
    if (!app.ready) throw new Error('protocol.handle can only be used after the app is ready')
    if (this.handlers.has(scheme)) throw new Error(`protocol ${scheme} is already handled`)
    this.handlers.set(scheme, handler)
  })
  reset(): void {
    this.privileged.length = 0
    this.handlers.clear()
  }
  /** What the page's request to a handled scheme gets. */
  async request(url: string, init?: RequestInit): Promise<Response> {
    const handler = this.handlers.get(new URL(url).protocol.slice(0, -1))
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME ${url}`)
    return handler(new Request(url, init))
  }
}
export const protocol = new FakeProtocol()

export const shell = { openExternal: vi.fn((_url: string) => Promise.resolve()) }
export const dialog = { showErrorBox: vi.fn() }
export const BrowserWindow = FakeBrowserWindow

export function resetFakeElectron(): void {
  FakeBrowserWindow.instances = []
  app.removeAllListeners()
  app.isPackaged = false
  app.ready = false
  app.lockAvailable = true
  app.userData = '/tmp/mostrador-fake-user-data'
  app.appPath = '/tmp/mostrador-fake-app'
  ipcMain.handlers.clear()
  ipcRenderer.removeAllListeners()
  ipcRenderer.senderEvent = () => ({ sender: null, senderFrame: null })
  for (const key of Object.keys(exposed)) delete exposed[key]
  session.defaultSession = new FakeSession()
  protocol.reset()
  vi.clearAllMocks()
}

export default {
  app,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  session,
  shell,
  dialog,
  protocol,
}
