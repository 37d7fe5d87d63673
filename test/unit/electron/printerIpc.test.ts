import { describe, expect, it } from 'vitest'
import { printerChannels, type PrintOutcome, type PrinterInfo } from '@shared/printing'
import { appIndexUrl } from '../../../src-main/electron/appProtocol'
import { registerPrinterIpc, type PrinterIpcEvent, type PrinterIpcMain, type PrintingContents } from '../../../src-main/electron/printerIpc'
import { createSenderCheck, type FrameLike } from '../../../src-main/electron/senderCheck'

// Issue 33, item 4: the desktop app prints its own page without a dialog, asked by our page alone.

type PrintCall = Parameters<PrintingContents['print']>
class FakeContents implements PrintingContents {
  readonly mainFrame: FrameLike = { url: appIndexUrl, parent: null, processId: 4, routingId: 1 }
  readonly prints: PrintCall[0][] = []
  /** What the printer's spooler says to the next print. */
  answer: [boolean, string] = [true, '']
  async getPrintersAsync() {
    return [
      { name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20', description: '', options: {} },
      { name: 'Oficina', displayName: '', description: '', options: {} },
    ]
  }
  print(options: PrintCall[0], callback: PrintCall[1]): void {
    this.prints.push(options)
    setTimeout(() => callback(...this.answer), 0)
  }
}

function setUp() {
  const handlers = new Map<string, (event: PrinterIpcEvent, payload?: unknown) => Promise<unknown>>()
  const ipc: PrinterIpcMain = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  }
  const contents = new FakeContents()
  const window = { isDestroyed: () => false, webContents: contents }
  const check = createSenderCheck({ kind: 'app', dir: '/opt/mostrador/out/renderer', url: appIndexUrl }, () => [window])
  const remove = registerPrinterIpc(ipc, check)
  const ours: PrinterIpcEvent = { sender: contents, senderFrame: contents.mainFrame }
  const call = (channel: string, event: PrinterIpcEvent, payload?: unknown) => handlers.get(channel)!(event, payload)
  return { handlers, contents, ours, call, remove }
}

const request = { paper: 'receipt80', deviceName: 'EPSON_TM_T20', documentHeightMm: 131.4 }

describe('the printer IPC', () => {
  it('lists the printers by the name that prints, with the name the clerk knows', async () => {
    const { call, ours } = setUp()
    const printers = (await call(printerChannels.printers, ours)) as PrinterInfo[]
    expect(printers).toEqual([
      { name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20' },
      { name: 'Oficina', displayName: 'Oficina' },
    ])
  })

  it('prints the asking page silently to the chosen printer, on the paper’s page', async () => {
    const { call, ours, contents } = setUp()
    expect(await call(printerChannels.print, ours, request)).toEqual({ ok: true })
    expect(contents.prints).toHaveLength(1)
    expect(contents.prints[0]).toMatchObject({
      silent: true,
      deviceName: 'EPSON_TM_T20',
      pageSize: { width: 80_000, height: 132_000 },
      margins: { marginType: 'none' },
    })
  })

  it('says why a print failed (printer offline), in the spooler’s words', async () => {
    const { call, ours, contents } = setUp()
    contents.answer = [false, 'Printer is offline']
    expect(await call(printerChannels.print, ours, request)).toEqual({ ok: false, reason: 'Printer is offline' })
  })

  it('prints nothing for a frame that is not our page, nor for a request that is not a print', async () => {
    const { call, contents } = setUp()
    const sub: FrameLike = { ...contents.mainFrame, parent: contents.mainFrame }
    const elsewhere: FrameLike = { ...contents.mainFrame, url: 'https://evil.example/' }
    for (const senderFrame of [sub, elsewhere]) {
      const outcome = (await call(printerChannels.print, { sender: contents, senderFrame }, request)) as PrintOutcome
      expect(outcome.ok).toBe(false)
      expect(await call(printerChannels.printers, { sender: contents, senderFrame })).toEqual([])
    }
    const ours: PrinterIpcEvent = { sender: contents, senderFrame: contents.mainFrame }
    for (const bad of [
      { ...request, paper: 'a3' },
      { ...request, documentHeightMm: -1 },
      { ...request, url: 'file:///etc/passwd' },
      null,
    ]) {
      expect(((await call(printerChannels.print, ours, bad)) as PrintOutcome).ok).toBe(false)
    }
    expect(contents.prints).toEqual([])
  })

  it('takes its two channels away again', () => {
    const { handlers, remove } = setUp()
    expect([...handlers.keys()].sort()).toEqual([printerChannels.print, printerChannels.printers].sort())
    remove()
    expect(handlers.size).toBe(0)
  })
})
