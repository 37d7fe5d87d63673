import { join } from 'node:path'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { eventNames, requestNames, type EventName, type RequestName } from '@shared/contract'
import { ipcEventChannel, ipcRequestChannel, type Bridge } from '@shared/contract/transport'
import { desktopChannels, type DesktopBridge } from '@shared/desktop'
import { printerChannels, type PrinterBridge } from '@shared/printing'
import { appIndexUrl } from '../../src-main/electron/appProtocol'
import { registerIpcRouter } from '../../src-main/electron/ipcRouter'
import { createSenderCheck } from '../../src-main/electron/senderCheck'
import { createFakeCore, sampleInputs, sampleOutputs } from './fakes/fakeCore'
import { contextBridge, exposed, FakeBrowserWindow, ipcMain, ipcRenderer, resetFakeElectron } from './fakes/fakeElectron'

vi.mock('electron', () => import('./fakes/fakeElectron'))

let bridge: Bridge

beforeAll(async () => {
  resetFakeElectron()
  await import('../../src-main/preload/index')
  bridge = exposed['mostrador'] as Bridge
})

beforeEach(() => {
  ipcRenderer.removeAllListeners()
  ipcRenderer.invoke.mockClear()
})

describe('preload exposure', () => {
  it('exposes window.mostrador with only invoke and on, window.mostradorDesktop with only the camera gate, and the desktop printer with only printers and print', () => {
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(3)
    expect(Object.keys(exposed)).toEqual(['mostrador', 'mostradorDesktop', 'mostradorPrinter'])
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on'])
    const desktop = exposed['mostradorDesktop'] as DesktopBridge
    expect(Object.keys(desktop)).toEqual(['camera'])
    expect(Object.keys(desktop.camera).sort()).toEqual(['close', 'open'])
    const printer = exposed['mostradorPrinter'] as PrinterBridge
    expect(Object.keys(printer).sort()).toEqual(['print', 'printers'])
    for (const value of [...Object.values(bridge), ...Object.values(desktop.camera), ...Object.values(printer)]) {
      expect(typeof value).toBe('function')
      expect(value).not.toBe(ipcRenderer)
    }
  })

  it("sends the camera gate's calls on their own channels with nothing from the page, and never throws to it", async () => {
    const { camera } = exposed['mostradorDesktop'] as DesktopBridge
    ipcRenderer.invoke.mockResolvedValueOnce(true)
    expect(await camera.open()).toBe(true)
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(desktopChannels.cameraOpen)
    ipcRenderer.invoke.mockRejectedValueOnce(new Error('no handler'))
    expect(await camera.open()).toBe(false)
    ipcRenderer.invoke.mockResolvedValueOnce('yes')
    expect(await camera.open()).toBe(false)
    ipcRenderer.invoke.mockRejectedValueOnce(new Error('no handler'))
    await expect(camera.close()).resolves.toBeUndefined()
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(desktopChannels.cameraClose)
  })

  it('prints over the printer’s own channel with the request alone, and a main process that cannot answer is a failed print', async () => {
    const printer = exposed['mostradorPrinter'] as PrinterBridge
    const request = { paper: 'receipt58', deviceName: 'POS-58', documentHeightMm: 90 } as const
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true })
    expect(await printer.print(request)).toEqual({ ok: true })
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(printerChannels.print, request)
    ipcRenderer.invoke.mockRejectedValueOnce(new Error('No handler registered'))
    expect(await printer.print(request)).toEqual({ ok: false, reason: 'No handler registered' })
  })
})

describe('bridge.invoke', () => {
  it.each(requestNames)('sends %s on its own channel with the payload and nothing else', async (name) => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: 'answer' })
    const envelope = await bridge.invoke(name, sampleInputs[name])
    expect(ipcRenderer.invoke).toHaveBeenCalledTimes(1)
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(ipcRequestChannel(name), sampleInputs[name])
    expect(ipcRenderer.invoke.mock.calls[0]).toHaveLength(2)
    expect(envelope).toEqual({ ok: true, value: 'answer' })
  })

  const unknown: unknown[] = [
    'evil.command',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '',
    'APP.INFO',
    ' app.info',
    'mostrador:request:app.info',
    42,
    null,
    undefined,
    { toString: () => 'app.info' },
  ]
  it.each(unknown)('refuses the unknown name %s with bad_input without touching IPC', async (name) => {
    const envelope = await bridge.invoke(name as RequestName, {})
    expect(envelope.ok).toBe(false)
    if (!envelope.ok) expect(envelope.error.code).toBe('bad_input')
    expect(ipcRenderer.invoke).not.toHaveBeenCalled()
  })

  it('resolves to an error envelope instead of rejecting when IPC fails (no handler, uncloneable payload)', async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'mostrador:request:app.info'"))
    const envelope = await bridge.invoke('app.info', undefined)
    expect(envelope.ok).toBe(false)
    if (!envelope.ok) expect(envelope.error.code).toBe('internal')
  })
})

describe('bridge.on', () => {
  it.each(eventNames)('subscribes %s to its channel and hands the listener only the payload', (name) => {
    const listener = vi.fn()
    const unsubscribe = bridge.on(name, listener)
    expect(ipcRenderer.listenerCount(ipcEventChannel(name))).toBe(1)
    const fakeIpcEvent = { sender: ipcRenderer, senderId: 0, ports: [] }
    ipcRenderer.emit(ipcEventChannel(name), fakeIpcEvent, { marker: name }, 'extra')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]).toEqual([{ marker: name }])
    unsubscribe()
    expect(ipcRenderer.listenerCount(ipcEventChannel(name))).toBe(0)
    ipcRenderer.emit(ipcEventChannel(name), fakeIpcEvent, { marker: 'late' })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('keeps two listeners of one event independent', () => {
    const a = vi.fn()
    const b = vi.fn()
    const stopA = bridge.on('session.changed', a)
    bridge.on('session.changed', b)
    stopA()
    ipcRenderer.emit(ipcEventChannel('session.changed'), {}, 'p')
    expect(a).not.toHaveBeenCalled()
    expect(b).toHaveBeenCalledWith('p')
  })

  it.each(['evil.event', '__proto__', 'constructor', 'mostrador:event:session.changed', 7])(
    'refuses the unknown event %s and subscribes to nothing',
    (name) => {
      expect(() => bridge.on(name as EventName, vi.fn())).toThrow(/unknown event/)
      expect(ipcRenderer.eventNames().filter((n) => n !== 'newListener' && n !== 'removeListener')).toEqual([])
    },
  )

  it('refuses a listener that is not a function', () => {
    expect(() => bridge.on('session.changed', 'alert(1)' as never)).toThrow(/function/)
    expect(ipcRenderer.listenerCount(ipcEventChannel('session.changed'))).toBe(0)
  })
})

describe('preload to router to core, end to end', () => {
  it.each(requestNames)('%s from the app window reaches the core and comes back', async (name) => {
    resetFakeElectron()
    const core = createFakeCore()
    const window = new FakeBrowserWindow({})
    await window.loadURL(appIndexUrl)
    registerIpcRouter(
      ipcMain,
      core,
      createSenderCheck({ kind: 'app', dir: join('/opt', 'mostrador', 'out', 'renderer'), url: appIndexUrl }, () => [window]),
    )
    ipcRenderer.senderEvent = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame })
    expect(await bridge.invoke(name, sampleInputs[name])).toEqual({ ok: true, value: sampleOutputs[name] })
    expect(core.calls).toEqual([{ name, input: sampleInputs[name] }])
  })
})
