import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { eventNames, requestNames } from '@shared/contract'
import { ipcEventChannel, ipcRequestChannel, type Envelope } from '@shared/contract/transport'
import { forwardEvents, registerIpcRouter } from '../../src-main/electron/ipcRouter'
import { appIndexUrl } from '../../src-main/electron/appProtocol'
import type { RendererLocation } from '../../src-main/electron/rendererLocation'
import { createSenderCheck } from '../../src-main/electron/senderCheck'
import { createFakeCore, sampleInputs, sampleOutputs, type FakeCore } from './fakes/fakeCore'
import { FakeBrowserWindow, FakeFrame, ipcMain, resetFakeElectron } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

const mainDir = join('/opt', 'mostrador', 'out', 'main')
const location: RendererLocation = { kind: 'app', dir: join('/opt', 'mostrador', 'out', 'renderer'), url: appIndexUrl }
const appUrl = appIndexUrl

let core: FakeCore
let window: FakeBrowserWindow
let windows: FakeBrowserWindow[]

/** The event Electron builds for a message from our window's main frame. */
function trustedEvent(target = window) {
  return { sender: target.webContents, senderFrame: target.webContents.mainFrame }
}

beforeEach(() => {
  resetFakeElectron()
  core = createFakeCore()
  window = new FakeBrowserWindow({})
  void window.loadURL(appUrl)
  windows = [window]
  registerIpcRouter(
    ipcMain,
    core,
    createSenderCheck(location, () => windows),
  )
})

async function call(name: string, event: unknown, ...args: unknown[]): Promise<Envelope> {
  return (await ipcMain.invoke(ipcRequestChannel(name as never), event, ...args)) as Envelope
}

describe('IPC router: routing', () => {
  it('registers exactly one handler per request of the contract, and nothing else', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(requestNames.map(ipcRequestChannel).sort())
    expect(ipcMain.handlers.size).toBe(requestNames.length)
  })

  it.each(requestNames)('routes %s from our window to its core handler', async (name) => {
    const envelope = await call(name, trustedEvent(), sampleInputs[name])
    expect(envelope).toEqual({ ok: true, value: sampleOutputs[name] })
    expect(core.calls).toEqual([{ name, input: sampleInputs[name] }])
  })

  it('accepts the app page with a hash or a query (the router may use them)', async () => {
    window.webContents.mainFrame.url = `${appUrl}?from=tray#/bookings/12`
    expect((await call('app.info', trustedEvent(), undefined)).ok).toBe(true)
  })

  it('answers with an internal error envelope when a handler throws, and does not throw itself', async () => {
    core.handlers['app.info'] = async () => {
      throw new Error('boom')
    }
    const envelope = await call('app.info', trustedEvent(), undefined)
    expect(envelope.ok).toBe(false)
    if (!envelope.ok) expect(envelope.error.code).toBe('internal')
  })

  it('removes every handler when unregistered', () => {
    resetFakeElectron()
    const unregister = registerIpcRouter(ipcMain, core, () => true)
    expect(ipcMain.handlers.size).toBe(requestNames.length)
    unregister()
    expect(ipcMain.handlers.size).toBe(0)
  })
})

describe('IPC router: forged senders', () => {
  const other = () => {
    const w = new FakeBrowserWindow({})
    void w.loadURL(appUrl)
    return w
  }
  const forged: [string, () => unknown][] = [
    ['no senderFrame (frame already gone)', () => ({ sender: window.webContents, senderFrame: null })],
    ['no event at all', () => undefined],
    [
      'a subframe showing the app page',
      () => ({
        sender: window.webContents,
        senderFrame: new FakeFrame(appUrl, window.webContents.mainFrame, window.webContents.mainFrame.processId, 999),
      }),
    ],
    [
      "a frame that claims to be top but is not the window's main frame",
      () => ({ sender: window.webContents, senderFrame: new FakeFrame(appUrl, null, 1, 1) }),
    ],
    ['the main frame of a window that is not ours', () => trustedEvent(other())],
    [
      'http://evil.example',
      () => {
        window.webContents.mainFrame.url = 'http://evil.example/'
        return trustedEvent()
      },
    ],
    [
      'https://evil.example with our path',
      () => {
        window.webContents.mainFrame.url = 'https://evil.example/index.html'
        return trustedEvent()
      },
    ],
    [
      'the built index.html as a file: URL (the old way in)',
      () => {
        window.webContents.mainFrame.url = pathToFileURL(join(location.dir, 'index.html')).href
        return trustedEvent()
      },
    ],
    [
      'app:// on another host',
      () => {
        window.webContents.mainFrame.url = 'app://evil/index.html'
        return trustedEvent()
      },
    ],
    [
      'app:// with a port',
      () => {
        window.webContents.mainFrame.url = 'app://mostrador:8080/index.html'
        return trustedEvent()
      },
    ],
    [
      'app:// with a user',
      () => {
        window.webContents.mainFrame.url = 'app://user@mostrador/index.html'
        return trustedEvent()
      },
    ],
    [
      'another local file',
      () => {
        window.webContents.mainFrame.url = pathToFileURL(join(mainDir, '..', 'renderer', 'evil.html')).href
        return trustedEvent()
      },
    ],
    [
      'a file URL that climbs out with encoded dots',
      () => {
        window.webContents.mainFrame.url = `${pathToFileURL(join(mainDir, '..', 'renderer')).href}/%2e%2e/evil/index.html`
        return trustedEvent()
      },
    ],
    [
      'a file URL on another host',
      () => {
        window.webContents.mainFrame.url = pathToFileURL(join(location.dir, 'index.html')).href.replace('file://', 'file://evil.example')
        return trustedEvent()
      },
    ],
    [
      'a data: URL',
      () => {
        window.webContents.mainFrame.url = 'data:text/html,<script>1</script>'
        return trustedEvent()
      },
    ],
    [
      'about:blank',
      () => {
        window.webContents.mainFrame.url = 'about:blank'
        return trustedEvent()
      },
    ],
    [
      'a destroyed window',
      () => {
        window.close()
        return trustedEvent()
      },
    ],
    [
      'a frame that throws when read (disposed)',
      () => ({
        sender: window.webContents,
        get senderFrame() {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed')
        },
      }),
    ],
  ]

  it.each(forged)('refuses %s with forbidden on every channel and never reaches the core', async (_label, makeEvent) => {
    for (const name of requestNames) {
      const envelope = await call(name, makeEvent(), sampleInputs[name])
      expect(envelope.ok).toBe(false)
      if (!envelope.ok) expect(envelope.error.code).toBe('forbidden')
    }
    expect(core.calls).toEqual([])
  })

  it('in development trusts only the dev server origin', async () => {
    resetFakeElectron()
    const dev: RendererLocation = { kind: 'dev-server', url: 'http://localhost:5173/', origin: 'http://localhost:5173' }
    registerIpcRouter(
      ipcMain,
      core,
      createSenderCheck(dev, () => windows),
    )
    window.webContents.mainFrame.url = 'http://localhost:5173/#/dispatch'
    expect((await call('app.info', trustedEvent(), undefined)).ok).toBe(true)
    for (const url of ['http://localhost:5174/', 'http://127.0.0.1:5173/', 'https://localhost:5173/', appUrl]) {
      window.webContents.mainFrame.url = url
      const envelope = await call('app.info', trustedEvent(), undefined)
      expect(envelope.ok ? 'ok' : envelope.error.code, url).toBe('forbidden')
    }
  })
})

describe('IPC router: malformed payloads', () => {
  const huge = 'x'.repeat(5_000_000)
  const malformed: [string, string, unknown][] = [
    ['entity.switch', 'a string id', { entityId: '7' }],
    ['entity.switch', 'a negative id', { entityId: -1 }],
    ['entity.switch', 'a fractional id', { entityId: 1.5 }],
    ['entity.switch', 'null', null],
    ['entity.switch', 'an array', [7]],
    ['entity.switch', 'a number', 7],
    ['session.signIn', 'no fields', {}],
    ['session.signIn', 'a file: server', { serverUrl: 'file:///etc/passwd', email: 'clerk@example.com', token: 't' }],
    ['session.signIn', 'a javascript: server', { serverUrl: 'javascript:alert(1)', email: 'clerk@example.com', token: 't' }],
    ['session.signIn', 'not an e-mail', { serverUrl: 'https://s.example', email: 'clerk', token: 't' }],
    ['session.signIn', 'a huge token', { serverUrl: 'https://s.example', email: 'clerk@example.com', token: huge }],
    [
      'session.signIn',
      'fields only on a polluted prototype',
      JSON.parse('{"__proto__":{"serverUrl":"https://s.example","email":"clerk@example.com","token":"t"}}'),
    ],
    ['graphql.query', 'a huge query', { query: huge }],
    ['graphql.query', 'an empty query', { query: '' }],
    ['graphql.query', 'variables that are not an object', { query: '{ a }', variables: 'x' }],
    ['preferences.set', 'an unknown theme', { theme: 'hacker' }],
    ['preferences.set', 'a language that is not offered', { language: 'xx' }],
    ['app.info', 'a payload where none is expected', { anything: true }],
    ['session.signOut', 'a huge string where none is expected', huge],
  ]

  it.each(malformed)('%s with %s gets bad_input and the core is not called', async (name, _label, payload) => {
    const envelope = await call(name, trustedEvent(), payload)
    expect(envelope.ok).toBe(false)
    if (!envelope.ok) expect(envelope.error.code).toBe('bad_input')
    expect(core.calls).toEqual([])
  })

  it('never lets a payload pollute Object.prototype, and drops the keys it does not know', async () => {
    const polluted = JSON.parse('{"theme":"dark","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')
    const envelope = await call('preferences.set', trustedEvent(), polluted)
    expect(envelope.ok).toBe(true)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(core.calls).toHaveLength(1)
    const input = core.calls[0]?.input as object
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
    expect(Object.keys(input)).toEqual(['theme'])
  })

  it('ignores extra arguments beyond the payload', async () => {
    const envelope = await call('entity.switch', trustedEvent(), { entityId: 7 }, { entityId: 8 }, 'more')
    expect(envelope.ok).toBe(true)
    expect(core.calls).toEqual([{ name: 'entity.switch', input: { entityId: 7 } }])
  })

  it('survives values that cannot come from a renderer but might from a bug (cycles, BigInt, symbols)', async () => {
    const cyclic: Record<string, unknown> = { entityId: 7 }
    cyclic['self'] = cyclic
    for (const payload of [{ entityId: 7n }, { entityId: Symbol('7') }, cyclic]) {
      const envelope = (await ipcMain.invokeUncloned(ipcRequestChannel('entity.switch'), trustedEvent(), payload)) as Envelope
      expect(envelope).toHaveProperty('ok')
    }
  })
})

describe('event forwarding', () => {
  it.each(eventNames)('sends %s to every window on its own channel with only the payload', (name) => {
    const second = new FakeBrowserWindow({})
    forwardEvents(core, () => [window, second])
    const payload = { marker: name }
    core.events.emit(name, payload as never)
    for (const w of [window, second]) expect(w.webContents.sent).toEqual([{ channel: ipcEventChannel(name), args: [payload] }])
  })

  it('skips destroyed windows and keeps delivering when one send throws', () => {
    const closed = new FakeBrowserWindow({})
    closed.close()
    const broken = new FakeBrowserWindow({})
    broken.webContents.send = () => {
      throw new Error('gone')
    }
    forwardEvents(core, () => [closed, broken, window])
    core.events.emit('connection.changed', { online: false, link: 'offline', lastContactAt: null, clockOffsetMs: null, since: null })
    expect(window.webContents.sent).toHaveLength(1)
    expect(closed.webContents.sent).toHaveLength(0)
  })

  it('stops forwarding once unsubscribed', () => {
    const stop = forwardEvents(core, () => [window])
    stop()
    core.events.emit('connection.changed', { online: true, link: 'online', lastContactAt: null, clockOffsetMs: null, since: null })
    expect(window.webContents.sent).toEqual([])
  })
})
