import { printerChannels, type PrintOutcome, type PrinterBridge, type PrinterInfo } from '@shared/printing'

/** The part of ipcRenderer the printer bridge uses. */
export interface PrinterIpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
}

/**
 * `window.mostradorPrinter`: the printers and a silent print, over the two channels of printerIpc.ts and no
 * others. A failure to reach the main process is an unprinted document, never a rejection the page must guess at.
 */
export function createPrinterBridge(ipc: PrinterIpcRendererLike): PrinterBridge {
  return {
    async printers() {
      // The main process builds this list itself (printerIpc.ts); nothing outside the app writes it.
      return (await ipc.invoke(printerChannels.printers)) as PrinterInfo[]
    },
    async print(request) {
      try {
        return (await ipc.invoke(printerChannels.print, request)) as PrintOutcome
      } catch (err) {
        return { ok: false, reason: err instanceof Error ? err.message : String(err) }
      }
    },
  }
}
